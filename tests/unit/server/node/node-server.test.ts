/**
 * The Node server around adapter-node's handler, on real sockets: BASE_PATH (prefix stripped,
 * Location put back whichever way the handler writes it), SOCKET_PATH, Node's timeouts, and the
 * graceful shutdown adapter-node documents. The built server is exercised the same way, as a
 * process, in tests/e2e/server-adapter-node.spec.ts.
 */
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../../../src/lib/server/config.ts';
import { listenTarget, type ListenTarget } from '../../../../src/lib/server/node/listen-target.ts';
import {
	startNodeServer,
	type NodeHandler,
	type NodeServer,
	type ShutdownReason
} from '../../../../src/lib/server/node/node-server.ts';

const started: NodeServer[] = [];

afterEach(() => {
	for (const node of started.splice(0)) {
		node.server.closeAllConnections();
		node.server.close();
	}
});

interface Started {
	node: NodeServer;
	target: ListenTarget;
	closed: Promise<ShutdownReason>;
}

async function start(handler: NodeHandler, env: Record<string, string> = {}): Promise<Started> {
	const config = parseConfig({ HOST: '127.0.0.1', PORT: '0', ...env });
	let onClosed: (reason: ShutdownReason) => void = () => {};
	const closed = new Promise<ShutdownReason>((resolve) => (onClosed = resolve));
	const node = startNodeServer({
		handler,
		listen: config,
		target: listenTarget(config, process.pid),
		basePath: config.basePath,
		onClosed
	});
	started.push(node);
	return { node, target: await node.listening, closed };
}

interface Answer {
	status: number;
	headers: IncomingMessage['headers'];
	body: string;
}

function get(target: ListenTarget, path: string, agentless = true): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const where =
			target.kind === 'tcp'
				? { host: target.host, port: target.port }
				: target.kind === 'socket-path'
					? { socketPath: target.path }
					: {};
		const req = request({ ...where, path, ...(agentless ? { agent: false } : {}) }, (res) => {
			let body = '';
			res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
			res.on('error', reject);
		});
		req.on('error', reject);
		req.end();
	});
}

const tcpPort = (target: ListenTarget): number => (target.kind === 'tcp' ? target.port : -1);

/** Answers every way a handler can set a Location: setHeader, writeHead with an object, or a list. */
const redirecting: NodeHandler = (req: IncomingMessage, res: ServerResponse, next) => {
	if (req.url === '/set-header') {
		res.setHeader('Location', '/connection');
		res.statusCode = 308;
		res.end();
	} else if (req.url === '/write-head') {
		res.writeHead(308, { location: '/auth/callback?x=1' }).end();
	} else if (req.url === '/write-head-list') {
		res.writeHead(308, 'Moved', ['Location', '/list', 'X-Other', '/kept']).end();
	} else if (req.url === '/elsewhere') {
		res.writeHead(302, { location: 'https://auth.example/authorize' }).end();
	} else if (req.url === '/echo') {
		res.end(req.url);
	} else {
		next();
	}
};

describe('node server under BASE_PATH', () => {
	it('puts the prefix back on every Location the app answers with, however it is written', async () => {
		const { target } = await start(redirecting, { BASE_PATH: '/tools/chat' });
		expect((await get(target, '/tools/chat/set-header')).headers.location).toBe(
			'/tools/chat/connection'
		);
		expect((await get(target, '/tools/chat/write-head')).headers.location).toBe(
			'/tools/chat/auth/callback?x=1'
		);
		const list = await get(target, '/tools/chat/write-head-list');
		expect(list.headers.location).toBe('/tools/chat/list');
		expect(list.headers['x-other']).toBe('/kept');
		expect((await get(target, '/tools/chat/elsewhere')).headers.location).toBe(
			'https://auth.example/authorize'
		);
	});

	it('hands the handler the path without the prefix, and answers outside it itself', async () => {
		const { target } = await start(redirecting, { BASE_PATH: '/tools/chat' });
		expect((await get(target, '/tools/chat/echo')).body).toBe('/echo');
		const bare = await get(target, '/tools/chat?a=1');
		expect(bare.status).toBe(308);
		expect(bare.headers.location).toBe('/tools/chat/?a=1');
		const outside = await get(target, '/echo');
		expect(outside.status).toBe(404);
		expect(outside.body).toContain('served under /tools/chat/');
		expect((await get(target, '/tools/chat/unknown')).status).toBe(404);
	});

	it('changes no Location at the root', async () => {
		const { target } = await start(redirecting);
		expect((await get(target, '/set-header')).headers.location).toBe('/connection');
	});
});

/**
 * What SvelteKit does with a path it cannot decode (runtime/server/respond.js: `decodeURI` fails,
 * a 400 "Malformed URI" error, and the default handleError writes its stack to the log).
 */
const likeSvelteKit: NodeHandler = (req, res) => {
	try {
		decodeURI(new URL(req.url ?? '/', 'http://app').pathname);
		res.end('ok');
	} catch {
		const error = new Error(`Failed to decode URI: ${req.url ?? ''}`);
		console.error(`\n[400] ${req.method ?? ''} ${req.url ?? ''}\n${error.stack ?? ''}`);
		res.writeHead(400).end('Malformed URI');
	}
};

describe('node server: a path that is not valid percent-encoded UTF-8', () => {
	afterEach(() => vi.restoreAllMocks());

	/** Everything written to the log while `run` runs. */
	async function logged(run: () => Promise<void>): Promise<string> {
		const lines: string[] = [];
		const keep = (...parts: unknown[]): void => void lines.push(parts.map(String).join(' '));
		for (const level of ['error', 'warn', 'info', 'log'] as const)
			vi.spyOn(console, level).mockImplementation(keep);
		await run();
		return lines.join('\n');
	}

	it.each(['/%ff', '/c/%E0%A4%A', '/%', '/x/%zz?q=1', '/tools/chat/%C0%AF'])(
		'%s: a 400 and at most one short line in the log, no stack',
		async (path) => {
			const base = path.startsWith('/tools/chat/') ? { BASE_PATH: '/tools/chat' } : {};
			const { target } = await start(likeSvelteKit, base);
			let answer: Answer | undefined;
			const log = await logged(async () => {
				answer = await get(target, path);
			});
			expect(answer?.status).toBe(400);
			expect(answer?.headers['content-type']).toMatch(/^text\/plain/);
			expect(log.split('\n').length).toBeLessThanOrEqual(1);
			expect(log).not.toContain('    at ');
			expect(log.length).toBeLessThan(300);
		}
	);

	it('a long path is cut short in the log line', async () => {
		const { target } = await start(likeSvelteKit);
		const log = await logged(async () => {
			expect((await get(target, `/${'a'.repeat(4000)}%ff`)).status).toBe(400);
		});
		expect(log.split('\n')).toHaveLength(1);
		expect(log.length).toBeLessThan(300);
	});

	it('still serves paths that decode, and leaves a bad query to the app', async () => {
		const { target } = await start(likeSvelteKit);
		expect((await get(target, '/c/%E0%A4%A4%25')).body).toBe('ok');
		expect((await get(target, '/?q=%ff')).body).toBe('ok');
	});
});

describe('node server: listening and timeouts', () => {
	it('listens on SOCKET_PATH, replacing a stale empty socket file', async () => {
		const path = join(mkdtempSync(join(tmpdir(), 'switchboard-socket-')), 'sb.sock');
		writeFileSync(path, '');
		const { target } = await start(redirecting, { SOCKET_PATH: path });
		expect(target).toEqual({ kind: 'socket-path', path });
		expect((await get(target, '/echo')).body).toBe('/echo');
	});

	it('gives Node KEEP_ALIVE_TIMEOUT and HEADERS_TIMEOUT in seconds, and closes idle connections after the first', async () => {
		const { node, target } = await start(redirecting, {
			KEEP_ALIVE_TIMEOUT: '1',
			HEADERS_TIMEOUT: '7'
		});
		expect(node.server.keepAliveTimeout).toBe(1000);
		expect(node.server.headersTimeout).toBe(7000);
		const socket = connect(tcpPort(target), '127.0.0.1');
		let answered = '';
		socket.setEncoding('utf8').on('data', (chunk: string) => (answered += chunk));
		socket.write('GET /echo HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
		// The server, not the client, ends the idle keep-alive connection.
		await new Promise((resolve) => socket.on('close', resolve));
		expect(answered).toMatch(/^HTTP\/1\.1 200/);
		expect(answered).toContain('Keep-Alive: timeout=1');
	});

	it("keeps Node's own timeouts when none is set", async () => {
		const { node } = await start(redirecting);
		expect(node.server.keepAliveTimeout).toBe(5000);
	});
});

describe('node server: graceful shutdown', () => {
	/** A handler that holds its answer until released, so a request stays in flight. */
	function holding(): { handler: NodeHandler; release: () => void; arrived: Promise<void> } {
		let release = (): void => {};
		let arrive = (): void => {};
		const arrived = new Promise<void>((resolve) => (arrive = resolve));
		const released = new Promise<void>((resolve) => (release = resolve));
		const handler: NodeHandler = (_req, res) => {
			res.writeHead(200, { 'content-type': 'text/plain' });
			res.write('first ');
			arrive();
			void released.then(() => res.end('last'));
		};
		return { handler, release, arrived };
	}

	it('lets a request in flight finish, refuses new connections, then reports the reason', async () => {
		const hold = holding();
		const { node, target, closed } = await start(hold.handler);
		const inFlight = get(target, '/');
		await hold.arrived;
		node.shutdown('SIGTERM');
		await expect(get(target, '/')).rejects.toThrow(/ECONNREFUSED/);
		let reported: ShutdownReason | null = null;
		void closed.then((reason) => (reported = reason));
		hold.release();
		expect((await inFlight).body).toBe('first last');
		expect(await closed).toBe('SIGTERM');
		expect(reported).toBe('SIGTERM');
	});

	it('cuts what is still open after SHUTDOWN_TIMEOUT seconds', async () => {
		const hold = holding();
		const { node, target, closed } = await start(hold.handler, { SHUTDOWN_TIMEOUT: '1' });
		const inFlight = get(target, '/').then(
			(answer) => answer.body,
			(error: Error) => error.message
		);
		await hold.arrived;
		node.shutdown('SIGINT');
		expect(await closed).toBe('SIGINT');
		expect(await inFlight).not.toBe('first last');
	});
});
