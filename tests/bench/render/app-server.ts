/**
 * The app for the browser benchmarks: a production build (`vite build`, optionally `--mode bench`
 * for the benchmark hook, see src/lib/render/bench) copied out of `build/` into a temporary
 * directory, served by `node build` on 127.0.0.1 with the built-in demo gateway. `build/` is left
 * holding a plain production build, as the e2e tests expect.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * `build/` is shared with the e2e tests of anyone working in this checkout: a build while their
 * servers serve it would pull files from under them. Wait (bounded) until no Playwright run is on.
 */
function waitForNoE2eRun(): void {
	const until = Date.now() + 10 * 60_000;
	while (Date.now() < until) {
		// The Playwright process itself (node …/playwright test), not a shell or lock that merely
		// names it in its arguments while queued behind this benchmark.
		const running = spawnSync('pgrep', ['-f', '^node [^ ]*playwright test'], { encoding: 'utf8' });
		if (running.stdout.trim() === '') return;
		spawnSync('sleep', ['5']);
	}
}

/**
 * `vite build` in `root` (this checkout, or a worktree of another revision), through its JS API in
 * a child process (so that options can be added).
 */
function viteBuild(mode: 'production' | 'bench', sourcemap = false, root = ROOT): void {
	if (root === ROOT) waitForNoE2eRun();
	const options = {
		configFile: path.join(root, 'vite.config.ts'),
		mode,
		logLevel: 'error',
		build: { sourcemap }
	};
	const scriptDir = mkdtempSync(path.join(tmpdir(), 'switchboard-vite-'));
	const script = path.join(scriptDir, 'build.mjs');
	writeFileSync(
		script,
		`import { build } from ${JSON.stringify(import.meta.resolve('vite'))};\nawait build(${JSON.stringify(options)});\n`
	);
	const result = spawnSync(process.execPath, [script], {
		cwd: root,
		stdio: ['ignore', 'ignore', 'inherit']
	});
	rmSync(scriptDir, { recursive: true, force: true });
	if (result.status !== 0) throw new Error(`vite build (${mode}) failed`);
}

export interface BuiltApp {
	/** The copied build (`node <dir>` serves it). */
	dir: string;
	remove(): void;
}

/**
 * Builds the app in `mode` (with source maps if asked) and copies the result out of `build/`;
 * `build/` is then rebuilt plain if it was not. With `root`, the app of another checkout (a
 * worktree of an earlier revision, sharing this one's node_modules) is built there instead.
 */
export function buildApp(
	mode: 'production' | 'bench',
	options: { sourcemap?: boolean; root?: string } = {}
): BuiltApp {
	const sourcemap = options.sourcemap ?? false;
	const root = options.root ?? ROOT;
	viteBuild(mode, sourcemap, root);
	// Inside the checkout, so the server's runtime dependencies (`@sveltejs/kit`, which adapter-node
	// leaves external) resolve from its node_modules.
	const cache = path.join(ROOT, 'node_modules', '.cache');
	mkdirSync(cache, { recursive: true });
	const parent = mkdtempSync(path.join(cache, `switchboard-${mode}-`));
	const dir = path.join(parent, 'build');
	cpSync(path.join(root, 'build'), dir, { recursive: true });
	if (root === ROOT && (mode === 'bench' || sourcemap)) viteBuild('production');
	return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

export interface RunningApp {
	url: string;
	/** The server's process id (the server benchmark reads its memory). */
	pid: number;
	stop(): Promise<void>;
}

/**
 * Serves `dir` on 127.0.0.1:`port`, with the built-in demo gateway unless `env` says otherwise;
 * resolves once healthy.
 */
export async function serve(
	dir: string,
	port: number,
	env: Record<string, string> = {}
): Promise<RunningApp> {
	const child: ChildProcess = spawn(process.execPath, [dir], {
		env: {
			...process.env,
			HOST: '127.0.0.1',
			PORT: String(port),
			GATEWAY_URL: '',
			GATEWAY_MODE: '',
			AUTH_URL: '',
			BASE_PATH: '',
			...env
		},
		stdio: ['ignore', 'ignore', 'inherit']
	});
	const url = `http://127.0.0.1:${port}`;
	for (let attempt = 0; attempt < 100; attempt++) {
		const healthy = await fetch(`${url}/healthz`).then(
			(response) => response.ok,
			() => false
		);
		if (healthy) break;
		if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	return {
		url,
		pid: child.pid ?? 0,
		stop: () =>
			new Promise((resolve) => {
				if (child.exitCode !== null) return resolve();
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			})
	};
}
