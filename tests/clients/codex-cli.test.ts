/**
 * The official Codex CLI (`@openai/codex`, pinned) running `codex exec` against the demo gateway,
 * on the public Responses route and on the backend route, with a throwaway CODEX_HOME whose
 * config turns off update checks, analytics and feedback, and a provider that points at the demo
 * on loopback. What it prints is what a person running it would read.
 *
 * The CLI is a native binary shipped per platform (`@openai/codex-<os>-<arch>`). Where none is
 * installed for this machine, the tests say so and are skipped: loudly, by name.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, type GatewayProcess } from './gateway-process.ts';

const require = createRequire(import.meta.url);

/** The CLI's launcher script, or why it cannot run here. */
function codexLauncher(): { path: string } | { missing: string } {
	const platforms: Record<string, string> = {
		'linux-x64': '@openai/codex-linux-x64',
		'linux-arm64': '@openai/codex-linux-arm64',
		'darwin-x64': '@openai/codex-darwin-x64',
		'darwin-arm64': '@openai/codex-darwin-arm64',
		'win32-x64': '@openai/codex-win32-x64',
		'win32-arm64': '@openai/codex-win32-arm64'
	};
	const platform = platforms[`${process.platform}-${process.arch}`];
	if (platform === undefined)
		return { missing: `no Codex CLI build exists for ${process.platform}-${process.arch}` };
	try {
		require.resolve(`${platform}/package.json`);
	} catch {
		return { missing: `${platform} is not installed (npm left out the optional dependency)` };
	}
	return { path: require.resolve('@openai/codex/bin/codex.js') };
}

const launcher = codexLauncher();
if ('missing' in launcher) {
	console.warn(`\n*** Codex CLI tests SKIPPED: ${launcher.missing}. ***\n`);
}

interface Run {
	code: number | null;
	stdout: string;
	stderr: string;
}

let gateway: GatewayProcess;
let home: string;
beforeAll(async () => {
	gateway = await startGatewayProcess();
	home = await mkdtemp(join(tmpdir(), 'switchboard-codex-'));
});
afterAll(async () => {
	await gateway.stop();
	await rm(home, { recursive: true, force: true });
});

/** `codex exec <prompt>` with a CODEX_HOME of its own whose provider is the demo at `basePath`. */
async function codexExec(basePath: string, prompt: string): Promise<Run> {
	if ('missing' in launcher) throw new Error(launcher.missing);
	const codexHome = await mkdtemp(join(home, 'home-'));
	const workdir = await mkdtemp(join(home, 'work-'));
	await writeFile(
		join(codexHome, 'config.toml'),
		[
			'model = "demo"',
			'model_provider = "switchboard-demo"',
			'check_for_update_on_startup = false',
			'',
			'[analytics]',
			'enabled = false',
			'',
			'[feedback]',
			'enabled = false',
			'',
			'[otel]',
			'exporter = "none"',
			'',
			'[model_providers.switchboard-demo]',
			'name = "Switchboard demo gateway"',
			`base_url = "${gateway.url}${basePath}"`,
			'wire_api = "responses"',
			'env_key = "SWITCHBOARD_DEMO_KEY"',
			'request_max_retries = 0',
			'stream_max_retries = 0',
			''
		].join('\n')
	);
	const child = spawn(
		process.execPath,
		[
			launcher.path,
			'exec',
			'--strict-config',
			'--skip-git-repo-check',
			'--ephemeral',
			'--sandbox',
			'read-only',
			'--color',
			'never',
			'--cd',
			workdir,
			prompt
		],
		{
			cwd: workdir,
			// Only what the CLI needs: no proxies, no OpenAI credentials from the machine.
			env: {
				PATH: process.env['PATH'] ?? '/usr/bin:/bin',
				HOME: home,
				CODEX_HOME: codexHome,
				SWITCHBOARD_DEMO_KEY: 'demo-key',
				NO_PROXY: '127.0.0.1,localhost',
				CI: 'true'
			},
			stdio: ['ignore', 'pipe', 'pipe']
		}
	);
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
	const [code] = (await once(child, 'exit')) as [number | null];
	return { code, stdout, stderr };
}

describe.skipIf('missing' in launcher).each([
	['/v1', '/v1'],
	['the backend route', '/backend-api/codex']
])('codex exec on %s', (_name, basePath) => {
	it('prints the demo answer, after the web search Codex declares', async () => {
		const run = await codexExec(basePath, 'hello from codex');
		expect(run.code, run.stderr).toBe(0);
		// stdout holds the final message only; the transcript (search, reasoning) goes to stderr.
		expect(run.stdout).toContain('You said “hello from codex”. This is **demo**');
		expect(run.stdout).toContain('A web search for “hello from codex” found two sources.');
		expect(run.stderr).toContain('web search: hello from codex');
	});

	it('reports a failure from the gateway and exits non-zero', async () => {
		const run = await codexExec(basePath, 'hi #scenario:bad-request');
		expect(run.code).not.toBe(0);
		expect(run.stdout).toBe('');
		expect(run.stderr).toContain("Invalid value: 'maximum'");
	});
});
