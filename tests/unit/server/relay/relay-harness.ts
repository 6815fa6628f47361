/**
 * Real servers for the relay tests, on 127.0.0.1 and ephemeral ports:
 * - an upstream (`node:http`) whose behaviour each test writes, recording what reached it;
 * - the relay, served the way adapter-node serves the app: SvelteKit's own `getRequest` and
 *   `setResponse` from `@sveltejs/kit/node`, with `platform.req` set, around `relayRoute`.
 */
import { getRequest, setResponse } from '@sveltejs/kit/node';
import {
	createServer,
	request as httpRequest,
	type IncomingHttpHeaders,
	type IncomingMessage,
	type RequestOptions,
	type ServerResponse
} from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { listenLocally as listen, type Running } from '../../../local-server.ts';
import { clientConnection } from '../../../../src/lib/server/relay/client-connection.ts';
import {
	relayRoute,
	type RelayLimits,
	type RelaySettings
} from '../../../../src/lib/server/relay/relay-route.ts';

/** What one request looked like when it reached the upstream. */
export interface Received {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
	rawHeaders: string[];
	body: Buffer;
	/** Resolves when the upstream's side of the exchange closed; `true` if before its answer ended. */
	closedEarly: Promise<boolean>;
}

export type UpstreamHandler = (
	req: IncomingMessage,
	res: ServerResponse,
	received: Received
) => unknown;

export interface Upstream extends Running {
	received: Received[];
	/** Sets what the upstream does with the next requests. */
	handle(handler: UpstreamHandler): void;
}

/** Reads the whole body, unless the handler is given the request first (`streamBody`). */
export async function startUpstream(): Promise<Upstream> {
	let handler: UpstreamHandler = (_, res) => res.end('ok');
	const received: Received[] = [];
	const server = createServer((req, res) => {
		const closedEarly = new Promise<boolean>((resolve) =>
			res.once('close', () => resolve(!res.writableFinished))
		);
		const entry: Received = {
			method: req.method ?? '',
			url: req.url ?? '',
			headers: req.headers,
			rawHeaders: req.rawHeaders,
			body: Buffer.alloc(0),
			closedEarly
		};
		received.push(entry);
		void Promise.resolve(handler(req, res, entry)).catch(() => res.destroy());
	});
	const running = await listen(server);
	return {
		...running,
		received,
		handle(next) {
			handler = next;
		}
	};
}

/** Reads a request body to its end (rejects if the connection breaks first). */
export function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.once('end', () => resolve(Buffer.concat(chunks)));
		req.once('error', reject);
		req.once('close', () => {
			if (!req.complete) reject(new Error('request body cut'));
		});
	});
}

export interface RelayServer extends Running {
	/** Listeners on the connection's socket when each request arrived (a leak would grow it). */
	socketCloseListeners: number[];
}

export const RELAY = '/api/relay';

export async function startRelay(
	settings: RelaySettings,
	limits?: Partial<RelayLimits>,
	bodySizeLimit?: number
): Promise<RelayServer> {
	const socketCloseListeners: number[] = [];
	const server = createServer((req, res) => {
		socketCloseListeners.push(req.socket.listenerCount('close'));
		void (async () => {
			const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
			const request = await getRequest({
				request: req,
				base: origin,
				...(bodySizeLimit === undefined ? {} : { bodySizeLimit })
			});
			const response = await relayRoute({
				request,
				url: new URL(request.url),
				appOrigin: new URL(origin),
				connection: clientConnection(request, { req }),
				settings,
				limits: {
					maxRequestBytes: 1024 * 1024,
					connectTimeoutMs: 5_000,
					firstByteTimeoutMs: 30_000,
					idleTimeoutMs: 30_000,
					...limits
				}
			});
			await setResponse(res, response);
		})().catch(() => {
			if (!res.headersSent) res.writeHead(500);
			res.end('harness error');
		});
	});
	const running = await listen(server);
	return { ...running, socketCloseListeners };
}

export function relaySettings(gatewayUrl: string): RelaySettings {
	return { gatewayMode: 'relay', gatewayUrl, accountHeader: 'service-account-id' };
}

/** A raw exchange, for what `fetch` hides: the exact path sent, every header as received. */
export interface RawAnswer {
	status: number;
	headers: IncomingHttpHeaders;
	rawHeaders: string[];
	body: Buffer;
}

export function rawRequest(
	base: string,
	options: RequestOptions & { path: string },
	body?: string | Buffer
): Promise<RawAnswer> {
	return new Promise((resolve, reject) => {
		const request = httpRequest(new URL(base), { ...options, agent: false }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.once('end', () =>
				resolve({
					status: response.statusCode ?? 0,
					headers: response.headers,
					rawHeaders: response.rawHeaders,
					body: Buffer.concat(chunks)
				})
			);
			response.once('error', reject);
		});
		request.once('error', reject);
		request.end(body);
	});
}

/** A promise and the function that settles it, for steps a test releases by hand. */
export function gate(): { promise: Promise<void>; open(): void } {
	let open = (): void => undefined;
	const promise = new Promise<void>((resolve) => {
		open = resolve;
	});
	return { promise, open };
}

export interface RelayFixture {
	readonly upstream: Upstream;
	readonly relay: RelayServer;
}

/**
 * An upstream and a relay in front of it (`GATEWAY_URL` = the upstream plus `gatewayPath`) for the
 * tests of one file: started before them, closed after, and what the upstream received is cleared
 * before each test.
 */
export function relayFixture(gatewayPath = '', limits?: Partial<RelayLimits>): RelayFixture {
	let upstream: Upstream | undefined;
	let relay: RelayServer | undefined;
	beforeAll(async () => {
		upstream = await startUpstream();
		relay = await startRelay(relaySettings(`${upstream.url}${gatewayPath}`), limits);
	});
	afterAll(async () => {
		await relay?.close();
		await upstream?.close();
	});
	beforeEach(() => {
		if (upstream !== undefined) upstream.received.length = 0;
	});
	const started = <T>(value: T | undefined): T => {
		if (value === undefined) throw new Error('relayFixture: used outside a test');
		return value;
	};
	return {
		get upstream() {
			return started(upstream);
		},
		get relay() {
			return started(relay);
		}
	};
}

/**
 * A raw TCP server that does what `onConnection` says with each connection (numbered from 0):
 * a gateway that does not speak HTTP, stays silent, or drops a kept-alive connection.
 */
export async function tcpServer(
	onConnection: (socket: Socket, index: number) => void
): Promise<Running> {
	const sockets = new Set<Socket>();
	let count = 0;
	const server: TcpServer = createTcpServer((socket) => {
		sockets.add(socket);
		socket.on('error', () => undefined);
		onConnection(socket, count++);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		close: () =>
			new Promise((done) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => done());
			})
	};
}
