/**
 * The README's deployment section and docs/reference/config.md are the contract with whoever runs
 * Switchboard: both must name every variable the server reads, and the README must keep the proxy
 * settings streaming depends on.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const text = (path: string): string => readFileSync(new URL(path, root), 'utf8');
const readme = text('README.md');
const configReference = text('docs/reference/config.md');

/** `env['X']`, `process.env['X']`, `env.X`, and the parser's `read(env, 'X')`-style calls. */
const ENV_READ = /\benv(?:\[|, |\.)'?([A-Z][A-Z0-9_]*)/g;

function variablesReadBy(path: string): string[] {
	return [...text(path).matchAll(ENV_READ)].map((match) => match[1] ?? '');
}

/**
 * The server's own code: everything under src/lib/server (the entry included) but the dev-only
 * standalone demo gateway, and a top-level server/ folder where one holds the entry.
 */
function serverFiles(): string[] {
	const files: string[] = [];
	for (const folder of ['src/lib/server/', 'server/']) {
		if (!existsSync(new URL(folder, root))) continue;
		const names = readdirSync(new URL(folder, root), { recursive: true }) as string[];
		for (const name of names) {
			if (/\.(?:ts|js)$/.test(name) && !name.endsWith('standalone.ts')) files.push(folder + name);
		}
	}
	return files;
}

const serverReads = [...new Set(serverFiles().flatMap(variablesReadBy))].sort();
/** The configuration parser: config.ts, with how one variable is read and FRAME_ANCESTORS. */
const parserReads = [
	...new Set(
		[
			'src/lib/server/config.ts',
			'src/lib/server/config-values.ts',
			'src/lib/server/frame-ancestors.ts'
		].flatMap(variablesReadBy)
	)
].sort();

/** The variables in the first column of the table under one `## ` heading of config.md. */
function sectionVariables(heading: string): string[] {
	const start = configReference.indexOf(`## ${heading}`);
	expect(start, `docs/reference/config.md has a "${heading}" section`).toBeGreaterThan(-1);
	const end = configReference.indexOf('\n## ', start + 1);
	const rows = configReference.slice(start, end === -1 ? undefined : end).split('\n');
	const firstCells = rows.filter((row) => row.startsWith('| `')).map((row) => row.split('|')[1]);
	return [...new Set(firstCells.flatMap((cell) => cell?.match(/[A-Z][A-Z0-9_]+/g) ?? []))];
}

describe('README and docs/reference/config.md: configuration', () => {
	it('finds the variables the server reads', () => {
		expect(parserReads).toEqual(
			expect.arrayContaining(['GATEWAY_URL', 'SESSION_SECRET', 'BASE_PATH', 'TRUST_PROXY_HEADERS'])
		);
		expect(serverReads.length).toBeGreaterThan(15);
	});

	it('names every variable the server reads, in the README and in docs/reference/config.md', () => {
		expect(serverReads.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
		expect(serverReads.filter((name) => !configReference.includes(`\`${name}\``))).toEqual([]);
	});

	it("documents as Switchboard's own only variables the configuration parser reads", () => {
		const own = sectionVariables("Switchboard's variables");
		expect(own.length).toBeGreaterThan(15);
		expect(own.filter((name) => !parserReads.includes(name))).toEqual([]);
	});

	it('keeps the proxy settings that streaming and gateway headers need', () => {
		for (const setting of [
			'proxy_buffering off',
			'underscores_in_headers on',
			'proxy_http_version 1.1',
			'proxy_read_timeout',
			'TRUST_PROXY_HEADERS=true'
		]) {
			expect(readme).toContain(setting);
		}
	});

	it('runs the build the way package.json builds it', () => {
		const scripts = (
			JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
				scripts: Record<string, string>;
			}
		).scripts;
		expect(scripts['build']).toBe('vite build');
		expect(readme).toContain('npm ci && npm run build');
		expect(readme).toContain('ExecStart=/usr/bin/node build');
	});
});
