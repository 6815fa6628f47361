/**
 * The demo gateway on its own port and origin, with permissive CORS like new-api, for tests and
 * for trying Switchboard against a cross-origin gateway:
 *
 *     npm run demo-gateway                        # PORT=4010 HOST=127.0.0.1 by default
 *     DEMO_GATEWAY_CORS=off npm run demo-gateway  # no CORS headers at all, like a bare upstream
 *
 * Without CORS, a browser on another origin cannot use it (every call is a network error), and
 * an app must reach it through its relay (GATEWAY_MODE=relay): what relay mode exists for.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { DemoGateway } from './handler.ts';

export interface RunningGateway {
	url: string;
	close(): Promise<void>;
}

async function toRequest(
	req: IncomingMessage,
	origin: string,
	signal: AbortSignal
): Promise<Request> {
	const headers = new Headers();
	for (const [name, value] of Object.entries(req.headers)) {
		if (typeof value === 'string') headers.set(name, value);
		else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
	}
	const method = req.method ?? 'GET';
	const chunks: Buffer[] = [];
	if (method !== 'GET' && method !== 'HEAD')
		for await (const chunk of req) chunks.push(chunk as Buffer);
	return new Request(new URL(req.url ?? '/', origin), {
		method,
		headers,
		signal,
		...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {})
	});
}

async function send(response: Response, res: ServerResponse): Promise<void> {
	const headers = Object.fromEntries(response.headers);
	// An empty status text lets Node send the standard reason phrase for the code.
	if (response.statusText === '') res.writeHead(response.status, headers);
	else res.writeHead(response.status, response.statusText, headers);
	if (response.body === null) {
		res.end();
		return;
	}
	const reader = response.body.getReader();
	res.on('close', () => void reader.cancel().catch(() => undefined));
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		// Backpressure: read the next chunk (and so make it) only once the socket has taken this one.
		if (!res.write(value)) await drained(res);
	}
	res.end();
}

/** Resolves when `res` can take more, or is closed (then the reader is cancelled and done). */
function drained(res: ServerResponse): Promise<void> {
	return new Promise((resolve) => {
		const done = (): void => {
			res.off('drain', done);
			res.off('close', done);
			resolve();
		};
		res.on('drain', done);
		res.on('close', done);
	});
}

export interface StandaloneOptions {
	/** Permissive CORS like new-api (the default), or none at all. */
	cors: boolean;
}

/** `DEMO_GATEWAY_CORS`: on unless set to off (`off`, `false`, `0`, `no`); anything else is refused. */
export function corsFromEnv(value: string | undefined): boolean {
	const setting = (value ?? '').trim().toLowerCase();
	if (['', 'on', 'true', '1', 'yes'].includes(setting)) return true;
	if (['off', 'false', '0', 'no'].includes(setting)) return false;
	throw new Error(`DEMO_GATEWAY_CORS must be on or off (got "${value ?? ''}")`);
}

export function startDemoGateway(
	port = 0,
	host = '127.0.0.1',
	options: StandaloneOptions = { cors: true }
): Promise<RunningGateway> {
	const gateway = new DemoGateway();
	const server: Server = createServer((req, res) => {
		const controller = new AbortController();
		res.on('close', () => controller.abort());
		const origin = `http://${req.headers.host ?? `${host}:${port}`}`;
		toRequest(req, origin, controller.signal)
			.then((request) => gateway.handle(request, { mountPath: '', cors: options.cors }))
			.then((response) => send(response, res))
			.catch((error: unknown) => {
				if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
				res.end(error instanceof Error ? error.message : 'demo gateway error');
			});
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			const address = server.address() as AddressInfo;
			resolve({
				url: `http://${host}:${address.port}`,
				close: () =>
					new Promise((done) => {
						server.closeAllConnections();
						server.close(() => done());
					})
			});
		});
	});
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
	const port = Number(process.env['PORT'] ?? 4010);
	const host = process.env['HOST'] ?? '127.0.0.1';
	Promise.resolve()
		.then(() => corsFromEnv(process.env['DEMO_GATEWAY_CORS']))
		.then((cors) => startDemoGateway(port, host, { cors }))
		.then(
			(gateway) => console.log(`Demo gateway listening on ${gateway.url}`),
			(error: unknown) => {
				console.error(
					`Demo gateway could not start: ${error instanceof Error ? error.message : String(error)}`
				);
				process.exit(1);
			}
		);
}
