/**
 * The demo gateway as the real clients meet it: its standalone server in a process of its own, on
 * a port the system picks (so it cannot collide with the e2e suite's fixed ports), on loopback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const STANDALONE = fileURLToPath(
	new URL('../../src/lib/server/demo-gateway/standalone.ts', import.meta.url)
);
const LISTENING = /Demo gateway listening on (http:\/\/\S+)/;

export interface GatewayProcess {
	url: string;
	stop(): Promise<void>;
}

/** Starts the standalone demo gateway and resolves once it says where it listens. */
export async function startGatewayProcess(): Promise<GatewayProcess> {
	const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', STANDALONE], {
		env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let output = '';
	const url = await new Promise<string>((resolve, reject) => {
		const read = (chunk: Buffer): void => {
			output += chunk.toString('utf8');
			const match = LISTENING.exec(output);
			if (match?.[1] !== undefined) resolve(match[1]);
		};
		child.stdout?.on('data', read);
		child.stderr?.on('data', read);
		child.once('error', reject);
		child.once('exit', (code) =>
			reject(new Error(`the demo gateway exited (${String(code)}) before listening:\n${output}`))
		);
	});
	return {
		url,
		async stop() {
			if (child.exitCode !== null || child.signalCode !== null) return;
			const exited = once(child, 'exit');
			child.kill('SIGTERM');
			await exited;
		}
	};
}
