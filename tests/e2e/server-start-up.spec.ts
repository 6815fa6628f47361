import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';

/** Starts the production server with `env` and waits for it to exit (it should, at once). */
function startServer(
	env: Record<string, string>
): Promise<{ code: number | null; stderr: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['build'], {
			env: { PATH: process.env['PATH'] ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
			stdio: ['ignore', 'ignore', 'pipe']
		});
		let stderr = '';
		child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
		const guard = setTimeout(() => {
			child.kill();
			reject(new Error(`the server did not stop; stderr: ${stderr}`));
		}, 15_000);
		child.on('exit', (code) => {
			clearTimeout(guard);
			resolve({ code, stderr });
		});
	});
}

test.describe('start-up configuration', () => {
	for (const [variable, value] of [
		['GATEWAY_URL', 'gw.example.com'],
		['GATEWAY_ROUTE', 'chat']
	] as const) {
		test(`a bad ${variable} stops the server with one line naming it and the value`, async () => {
			const { code, stderr } = await startServer({ [variable]: value });
			expect(code).toBe(1);
			const lines = stderr.trim().split('\n');
			expect(lines).toHaveLength(1);
			expect(lines[0]).toContain(variable);
			expect(lines[0]).toContain(value);
		});
	}

	test('a short SESSION_SECRET stops the server without echoing the secret', async () => {
		const { code, stderr } = await startServer({ SESSION_SECRET: 'hunter2-but-short' });
		expect(code).toBe(1);
		expect(stderr.trim().split('\n')).toHaveLength(1);
		expect(stderr).toContain('SESSION_SECRET');
		expect(stderr).not.toContain('hunter2');
	});
});
