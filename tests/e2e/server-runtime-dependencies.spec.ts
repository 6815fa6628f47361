/**
 * What `node build` loads at run time is what `npm ci --omit=dev` installs: every package the
 * server output imports is listed under `dependencies` (adapter-node bundles devDependencies and
 * leaves `dependencies` to be imported from node_modules), so a production install runs, and
 * `npm audit --omit=dev` audits exactly the code that runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { expect, test } from '@playwright/test';

const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
	dependencies: Record<string, string>;
	devDependencies: Record<string, string>;
};

/**
 * `import … from 'x'`, `export … from 'x'`, `import 'x'` and `import('x')` with a literal package
 * name (npm's rules: lower case, optionally scoped), not a template like `import(\`${path}\`)`.
 */
const IMPORT =
	/(?:\bfrom\s*|\bimport\s*\(?\s*)["']((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[^"']*)?)["']/g;

function packageName(specifier: string): string {
	const parts = specifier.split('/');
	return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function serverFiles(): URL[] {
	const build = new URL('build/', root);
	return (readdirSync(build, { recursive: true }) as string[])
		.filter((name) => name.endsWith('.js') && !name.startsWith('client/'))
		.map((name) => new URL(name, build));
}

test('every package the built server imports is a runtime dependency', () => {
	const files = serverFiles();
	expect(files.length).toBeGreaterThan(5);
	const imported = new Set<string>();
	for (const file of files) {
		// Comments name packages in JSDoc types (`import('polka')`): only code counts.
		const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
		for (const match of code.matchAll(IMPORT)) imported.add(packageName(match[1] ?? ''));
	}
	const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
	const packages = [...imported].filter((name) => !builtins.has(name) && !name.startsWith('node:'));
	expect(packages).toContain('@sveltejs/kit');
	expect(packages.filter((name) => !(name in manifest.dependencies))).toEqual([]);
});

test('tooling stays out of the runtime dependencies', () => {
	for (const tool of [
		'vite',
		'vitest',
		'@playwright/test',
		'@sveltejs/adapter-node',
		'oidc-provider'
	]) {
		expect(manifest.dependencies).not.toHaveProperty(tool);
		expect(manifest.devDependencies).toHaveProperty(tool);
	}
});
