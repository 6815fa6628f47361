/**
 * `node build` keeps adapter-node's documented contract (@see https://svelte.dev/docs/kit/adapter-node):
 * each variable tried on the built server as a process, the way a deployment uses it — a Unix
 * socket, systemd socket activation with an idle stop, keep-alive, graceful shutdown with
 * SHUTDOWN_TIMEOUT and the `sveltekit:shutdown` event — and start-up output that says where to
 * open the app and what it serves, and nothing misleading.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const scratch = mkdtempSync(join(tmpdir(), 'switchboard-server-'));
/** Loaded with `--import`: reports adapter-node's shutdown event the way an app's clean-up hears it. */
const shutdownListener = join(scratch, 'shutdown-listener.mjs');
writeFileSync(
	shutdownListener,
	"process.on('sveltekit:shutdown', (reason) => console.log(`sveltekit:shutdown ${reason}`));\n"
);

/**
 * systemd socket activation, done as systemd does it: the socket is bound and listening before
 * the server starts, handed over as descriptor 3, and LISTEN_PID names the process that gets it
 * (exec keeps the process id). Prints the port first.
 */
const SOCKET_ACTIVATION = `
import os, socket, sys
s = socket.socket()
s.bind(('127.0.0.1', 0))
s.listen(16)
os.dup2(s.fileno(), 3)
os.set_inheritable(3, True)
print(s.getsockname()[1], flush=True)
os.environ['LISTEN_PID'] = str(os.getpid())
os.environ['LISTEN_FDS'] = '1'
os.execvp(sys.argv[1], sys.argv[1:])
`;

interface Running {
	child: ChildProcessWithoutNullStreams;
	stdout: () => string;
	stderr: () => string;
	exited: Promise<number | null>;
	/** Resolves with stdout once `pattern` has appeared in it. */
	printed: (pattern: RegExp) => Promise<string>;
}

function run(command: string, args: string[], env: Record<string, string>): Running {
	const child = spawn(command, args, {
		env: { PATH: process.env['PATH'] ?? '', HOST: '127.0.0.1', PORT: '0', ...env }
	});
	let stdout = '';
	let stderr = '';
	const waiters: (() => void)[] = [];
	child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
		stdout += chunk;
		for (const wake of waiters.splice(0)) wake();
	});
	child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
	const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
	void exited.then(() => {
		for (const wake of waiters.splice(0)) wake();
	});
	const printed = async (pattern: RegExp): Promise<string> => {
		while (!pattern.test(stdout)) {
			if (child.exitCode !== null) {
				throw new Error(
					`the server exited (${child.exitCode}) before printing ${pattern}: ${stderr}`
				);
			}
			await new Promise<void>((wake) => waiters.push(wake));
		}
		return stdout;
	};
	return { child, stdout: () => stdout, stderr: () => stderr, exited, printed };
}

const startBuilt = (env: Record<string, string> = {}): Running =>
	run(process.execPath, ['--import', shutdownListener, 'build'], env);

/** The port from "Switchboard is running: open http://127.0.0.1:<port>/…". */
async function portOf(server: Running): Promise<number> {
	const out = await server.printed(/open http:\/\/127\.0\.0\.1:(\d+)\//);
	return Number(/open http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)?.[1]);
}

interface Answer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

function get(where: { port: number } | { socketPath: string }, path: string): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const target = 'port' in where ? { host: '127.0.0.1', port: where.port } : where;
		const req = request({ ...target, path, agent: false }, (res) => {
			let body = '';
			res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
			res.on('error', reject);
		});
		req.on('error', reject);
		req.end();
	});
}

test.describe('node build: start-up output', () => {
	test('says where to open the app and which gateway it serves, with no warning that does not apply', async () => {
		const server = startBuilt();
		const port = await portOf(server);
		await server.printed(/Gateway: .*\n/);
		expect(server.stdout().trim().split('\n')).toEqual([
			`Switchboard is running: open http://127.0.0.1:${port}/`,
			'Gateway: the built-in demo gateway at /demo (set GATEWAY_URL to use your own).'
		]);
		expect(server.stderr()).toBe('');
		server.child.kill('SIGTERM');
		expect(await server.exited).toBe(0);
	});

	test('warns about SESSION_SECRET when sign-in is configured without one', async () => {
		const server = startBuilt({ AUTH_URL: 'http://127.0.0.1:9', OAUTH_CLIENT_ID: 'switchboard' });
		await server.printed(/SESSION_SECRET is not set/);
		server.child.kill('SIGTERM');
		await server.exited;
	});
});

test.describe('node build: listening as adapter-node documents', () => {
	test('SOCKET_PATH: serves on the Unix socket instead of HOST and PORT', async () => {
		const socketPath = join(scratch, 'switchboard.sock');
		const server = startBuilt({ SOCKET_PATH: socketPath });
		await server.printed(/running on the socket .*switchboard\.sock/);
		expect(await get({ socketPath }, '/healthz')).toMatchObject({ status: 200, body: 'ok' });
		server.child.kill('SIGTERM');
		expect(await server.exited).toBe(0);
	});

	test('LISTEN_PID/LISTEN_FDS: serves the socket systemd passed, and IDLE_TIMEOUT stops it when idle', async () => {
		const server = run(
			'python3',
			['-c', SOCKET_ACTIVATION, process.execPath, '--import', shutdownListener, 'build'],
			{
				IDLE_TIMEOUT: '1'
			}
		);
		const port = Number((await server.printed(/^\d+\n/)).trim().split('\n')[0]);
		await server.printed(/file descriptor 3/);
		expect(await get({ port }, '/healthz')).toMatchObject({ status: 200, body: 'ok' });
		// Nothing else arrives: the server stops by itself, and says why to the app's clean-up.
		expect(await server.exited).toBe(0);
		expect(server.stdout()).toContain('sveltekit:shutdown IDLE');
	});

	test('LISTEN_PID of another process stops the server with one line naming it', async () => {
		const server = startBuilt({ LISTEN_PID: '1', LISTEN_FDS: '1' });
		expect(await server.exited).toBe(1);
		const lines = server.stderr().trim().split('\n');
		expect(lines).toHaveLength(1);
		expect(lines[0]).toContain('LISTEN_PID');
	});

	test('KEEP_ALIVE_TIMEOUT: the server keeps idle connections that many seconds', async () => {
		const server = startBuilt({ KEEP_ALIVE_TIMEOUT: '7' });
		const port = await portOf(server);
		const answer = await new Promise<string | undefined>((resolve, reject) => {
			const req = request({ host: '127.0.0.1', port, path: '/healthz' }, (res) => {
				res.resume();
				const keepAlive = res.headers['keep-alive'];
				resolve(typeof keepAlive === 'string' ? keepAlive : undefined);
			});
			req.on('error', reject);
			req.end();
		});
		expect(answer).toBe('timeout=7');
		server.child.kill('SIGTERM');
		await server.exited;
	});

	test("BASE_PATH: SvelteKit's own redirects keep the prefix", async () => {
		const server = startBuilt({ BASE_PATH: '/tools/chat' });
		const port = await portOf(server);
		const redirected = await get({ port }, '/tools/chat/connection/');
		expect(redirected.status).toBe(308);
		expect(redirected.headers['location']).toBe('/tools/chat/connection');
		server.child.kill('SIGTERM');
		await server.exited;
	});
});

test.describe('node build: graceful shutdown', () => {
	test('SIGINT with nothing in flight: closes at once and emits sveltekit:shutdown', async () => {
		const server = startBuilt();
		await portOf(server);
		server.child.kill('SIGINT');
		expect(await server.exited).toBe(0);
		expect(server.stdout()).toContain('sveltekit:shutdown SIGINT');
	});

	test('SIGTERM: a stream still open after SHUTDOWN_TIMEOUT is closed, then the event, then exit', async () => {
		const server = startBuilt({ SHUTDOWN_TIMEOUT: '1' });
		const port = await portOf(server);
		// A demo answer that stalls half-way: it would stay open for minutes.
		const stalled = new Promise<string>((resolve) => {
			const req = request(
				{
					host: '127.0.0.1',
					port,
					path: '/demo/v1/responses',
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					agent: false
				},
				(res) => {
					let body = '';
					res.setEncoding('utf8').on('data', (chunk: string) => {
						body += chunk;
						if (body.includes('output_text.delta')) server.child.kill('SIGTERM');
					});
					res.on('error', () => resolve(body));
					res.on('end', () => resolve(body));
				}
			);
			req.on('error', () => resolve(''));
			req.end(JSON.stringify({ model: 'demo', stream: true, input: '#scenario:stall' }));
		});
		const body = await stalled;
		expect(body).toContain('output_text.delta');
		expect(body).not.toContain('response.completed');
		expect(await server.exited).toBe(0);
		expect(server.stdout()).toContain('sveltekit:shutdown SIGTERM');
	});
});
