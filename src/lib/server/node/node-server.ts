/**
 * The Node HTTP server around adapter-node's handler, keeping adapter-node's own entry's contract
 * (@see https://svelte.dev/docs/kit/adapter-node): SOCKET_PATH, HOST/PORT, KEEP_ALIVE_TIMEOUT,
 * HEADERS_TIMEOUT, systemd socket activation with IDLE_TIMEOUT, and the graceful shutdown on
 * SIGTERM/SIGINT — stop accepting, let requests in flight finish for SHUTDOWN_TIMEOUT seconds,
 * then close what is left and emit `sveltekit:shutdown` once the server has closed. What it adds:
 * BASE_PATH (base-path.ts), read at start-up so one build serves any prefix.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { rm, stat } from 'node:fs/promises';
import type { ListenConfig } from '../config.ts';
import { routeUnderBase } from './base-path.ts';
import { responseClassUnderBase } from './base-path-response.ts';
import type { ListenTarget } from './listen-target.ts';

/** adapter-node's handler (build/handler.js): static files, then SvelteKit; `next` when neither. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Why the server stopped, as adapter-node names it in the `sveltekit:shutdown` event. */
export type ShutdownReason = 'SIGINT' | 'SIGTERM' | 'IDLE';

export interface NodeServerOptions {
	handler: NodeHandler;
	listen: ListenConfig;
	target: ListenTarget;
	basePath: string;
	/** Called once the server has closed every connection (adapter-node emits its event here). */
	onClosed: (reason: ShutdownReason) => void;
}

export interface NodeServer {
	server: Server;
	/** Resolves with where the server listens, once it does. */
	listening: Promise<ListenTarget>;
	shutdown: (reason: ShutdownReason) => void;
}

function plain(res: ServerResponse, status: number, text: string, headers = {}): void {
	res.writeHead(status, {
		'content-type': 'text/plain; charset=utf-8',
		'cache-control': 'no-store',
		'x-content-type-options': 'nosniff',
		'referrer-policy': 'no-referrer',
		...headers
	});
	res.end(text);
}

/**
 * Whether the path of a request target decodes: valid percent-encoding of UTF-8, as SvelteKit
 * needs it (it decodes the path with `decodeURI`, refusing it otherwise with a 400 whose stack
 * its default `handleError` writes to the log). The query is left to the app, which reads it
 * leniently (URLSearchParams).
 * @see ECMAScript `decodeURI` (throws URIError); RFC 3986 §2.1, RFC 3629
 */
export function pathDecodes(target: string): boolean {
	const end = target.search(/[?#]/);
	try {
		decodeURI(end === -1 ? target : target.slice(0, end));
		return true;
	} catch {
		return false;
	}
}

/** The longest part of a request target a log line shows. */
const LOGGED_TARGET_CHARS = 120;

/** `target` for one log line: printable ASCII only, cut short. */
function loggable(target: string): string {
	const shown = target.slice(0, LOGGED_TARGET_CHARS).replace(/[^\x21-\x7e]/g, '?');
	return target.length > LOGGED_TARGET_CHARS ? `${shown}…` : shown;
}

/**
 * The request listener: BASE_PATH stripped (or answered), a path that does not decode answered
 * with a 400 and one log line, then the handler, then a plain 404.
 */
export function underBase(handler: NodeHandler, base: string) {
	return (req: IncomingMessage, res: ServerResponse): void => {
		const target = req.url ?? '/';
		if (!pathDecodes(target)) {
			console.warn(`400 ${req.method ?? ''} ${loggable(target)}: the path does not decode`);
			plain(res, 400, 'Bad request: the address is not valid percent-encoded UTF-8.\n');
			return;
		}
		const route = routeUnderBase(target, base);
		if (route.kind === 'redirect') {
			plain(res, 308, `Moved to ${route.location}\n`, { location: route.location });
			return;
		}
		if (route.kind === 'outside') {
			plain(res, 404, `Not found. Switchboard is served under ${base}/ on this server.\n`);
			return;
		}
		req.url = route.url;
		handler(req, res, () => plain(res, 404, 'Not found.\n'));
	};
}

/** A socket file left behind by a server that did not stop cleanly is removed, as adapter-node does. */
async function removeStaleSocket(path: string): Promise<void> {
	try {
		if ((await stat(path)).size === 0) await rm(path);
	} catch {
		// Nothing there (or not ours to remove): listen() reports a real problem.
	}
}

export function startNodeServer(options: NodeServerOptions): NodeServer {
	const { listen, target } = options;
	const server = createServer({ ServerResponse: responseClassUnderBase(options.basePath) });
	if (listen.keepAliveTimeoutSeconds !== null) {
		server.keepAliveTimeout = listen.keepAliveTimeoutSeconds * 1000;
	}
	if (listen.headersTimeoutSeconds !== null) {
		server.headersTimeout = listen.headersTimeoutSeconds * 1000;
	}
	server.on('request', underBase(options.handler, options.basePath));

	let shutdownTimer: NodeJS.Timeout | undefined;
	let idleTimer: NodeJS.Timeout | undefined;
	let requests = 0;

	function shutdown(reason: ShutdownReason): void {
		if (shutdownTimer !== undefined) return;
		// A keep-alive connection with no request would otherwise hold close() until it times out.
		server.closeIdleConnections();
		server.close((error) => {
			if (error !== undefined) return; // already closed
			clearTimeout(shutdownTimer);
			clearTimeout(idleTimer);
			options.onClosed(reason);
		});
		shutdownTimer = setTimeout(
			() => server.closeAllConnections(),
			listen.shutdownTimeoutSeconds * 1000
		);
	}

	// Idle shutdown only makes sense when systemd can start the server again on the next request.
	const idleTimeoutMs =
		target.kind === 'systemd' && listen.idleTimeoutSeconds > 0
			? listen.idleTimeoutSeconds * 1000
			: 0;
	server.on('request', (req: IncomingMessage) => {
		requests++;
		clearTimeout(idleTimer);
		req.on('close', () => {
			requests--;
			// While stopping, a connection is closed as soon as its request is done.
			if (shutdownTimer !== undefined) server.closeIdleConnections();
			if (requests === 0 && idleTimeoutMs > 0) {
				idleTimer = setTimeout(() => shutdown('IDLE'), idleTimeoutMs);
			}
		});
	});

	const listening = (async (): Promise<ListenTarget> => {
		if (target.kind === 'socket-path') await removeStaleSocket(target.path);
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			const done = (): void => {
				server.off('error', reject);
				resolve();
			};
			if (target.kind === 'systemd') server.listen({ fd: target.fd }, done);
			else if (target.kind === 'socket-path') server.listen({ path: target.path }, done);
			else server.listen({ host: target.host, port: target.port }, done);
		});
		const address = server.address();
		return target.kind === 'tcp' && address !== null && typeof address === 'object'
			? { ...target, port: address.port }
			: target;
	})();

	return { server, listening, shutdown };
}
