/**
 * The token route behind a real socket, served the way adapter-node serves the app (SvelteKit's
 * own `getRequest` and `setResponse` from `@sveltejs/kit/node`), and a raw TCP client that writes
 * a chunked request body piece by piece. A test sees what a browser's connection would: whether an
 * answer arrives at all, and whether the server then closes the connection.
 */
import { getRequest, setResponse } from '@sveltejs/kit/node';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import {
	handleTokenRequest,
	type TokenRouteDeps
} from '../../../src/lib/server/oauth/token-route.ts';
import { listenLocally, type Running } from '../../local-server.ts';
import { APP } from './token-route-harness.ts';

export interface ServedRoute extends Running {
	/** Resolves when the next request has reached the route (its body may still be arriving). */
	reached(): Promise<void>;
}

export async function serveTokenRoute(deps: TokenRouteDeps): Promise<ServedRoute> {
	let waiters: (() => void)[] = [];
	const server = createServer((req, res) => {
		void (async () => {
			const request = await getRequest({ request: req, base: `http://${req.headers.host ?? ''}` });
			// The app's origin as the harness knows it, whatever port this server got.
			const url = new URL(new URL(request.url).pathname, APP);
			const answer = handleTokenRequest({ request, url, peerAddress: '127.0.0.1' }, deps);
			for (const wake of waiters) wake();
			waiters = [];
			await setResponse(res, await answer);
		})().catch(() => {
			if (!res.headersSent) res.writeHead(500);
			res.end('harness error');
		});
	});
	const running = await listenLocally(server);
	return {
		...running,
		reached: () => new Promise((resolve) => waiters.push(resolve))
	};
}

export interface ConnectionAnswer {
	status: number;
	headers: Map<string, string>;
	body: string;
}

export interface ChunkedExchange {
	/** The answer, once it has fully arrived; `null` when the connection ended without one. */
	answer: Promise<ConnectionAnswer | null>;
	/** Resolves when the server has ended the connection. */
	closed: Promise<void>;
}

/** A complete HTTP/1.1 answer at the start of `bytes`, or `null` while it is still arriving. */
function parseAnswer(bytes: Buffer): ConnectionAnswer | null {
	const headEnd = bytes.indexOf('\r\n\r\n');
	if (headEnd < 0) return null;
	const [statusLine = '', ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
	const headers = new Map<string, string>();
	for (const line of lines) {
		const colon = line.indexOf(':');
		headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
	}
	const status = Number(statusLine.split(' ')[1]);
	let rest = bytes.subarray(headEnd + 4);
	if (headers.get('transfer-encoding') !== 'chunked') {
		const length = Number(headers.get('content-length') ?? '0');
		return rest.byteLength < length
			? null
			: { status, headers, body: rest.subarray(0, length).toString('utf8') };
	}
	const body: Buffer[] = [];
	for (;;) {
		const lineEnd = rest.indexOf('\r\n');
		if (lineEnd < 0) return null;
		const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
		if (rest.byteLength < lineEnd + 2 + size + 2) return null;
		if (size === 0) return { status, headers, body: Buffer.concat(body).toString('utf8') };
		body.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
		rest = rest.subarray(lineEnd + 2 + size + 2);
	}
}

/**
 * Sends `POST {path}` with `Transfer-Encoding: chunked` (no Content-Length) and each of `chunks` as
 * one chunk; the body is ended only when `end` is set, else the client keeps it open.
 */
export function sendChunked(
	port: number,
	path: string,
	headers: Record<string, string>,
	chunks: readonly Uint8Array[],
	end: boolean
): ChunkedExchange {
	const socket = connect(port, '127.0.0.1');
	let received = Buffer.alloc(0);
	let settleAnswer: (answer: ConnectionAnswer | null) => void = () => undefined;
	const answer = new Promise<ConnectionAnswer | null>((resolve) => (settleAnswer = resolve));
	const closed = new Promise<void>((resolve) => {
		socket.once('close', () => {
			settleAnswer(parseAnswer(received));
			resolve();
		});
	});
	socket.on('data', (data: Buffer) => {
		received = Buffer.concat([received, data]);
		const parsed = parseAnswer(received);
		if (parsed !== null) settleAnswer(parsed);
	});
	// A reset after the answer is still an end of the connection; what arrived is what counts.
	socket.on('error', () => undefined);
	const head = Object.entries({ host: `127.0.0.1:${port}`, ...headers })
		.map(([name, value]) => `${name}: ${value}\r\n`)
		.join('');
	socket.write(`POST ${path} HTTP/1.1\r\n${head}transfer-encoding: chunked\r\n\r\n`);
	for (const chunk of chunks) {
		socket.write(`${chunk.byteLength.toString(16)}\r\n`);
		socket.write(chunk);
		socket.write('\r\n');
	}
	if (end) socket.write('0\r\n\r\n');
	return { answer, closed };
}
