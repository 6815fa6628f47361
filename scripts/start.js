/**
 * `npm start`: build, then serve — saying only what a person needs. The build's own output (tool
 * notices such as "Run npm run preview…", which would be wrong here) is kept back and shown only
 * if the build fails; then the server runs in the foreground and prints where to open it and
 * which gateway it serves (src/lib/server/start-up.ts). Signals reach the server, so Ctrl+C and
 * SIGTERM stop it gracefully.
 */
import { spawn } from 'node:child_process';
import process from 'node:process';

/**
 * @param {string[]} args
 * @returns {Promise<{ code: number | null; output: string }>}
 */
function buildQuietly(args) {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
		child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
		child.on('close', (code) => resolve({ code, output }));
	});
}

const started = performance.now();
process.stdout.write('Building Switchboard… ');
const viteCli = new URL('../node_modules/vite/bin/vite.js', import.meta.url).pathname;
const build = await buildQuietly([viteCli, 'build']);
if (build.code !== 0) {
	process.stdout.write('failed:\n\n');
	process.stderr.write(build.output);
	process.exit(build.code ?? 1);
}
console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s.`);

const server = spawn(process.execPath, ['build'], { stdio: 'inherit' });
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
	process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
