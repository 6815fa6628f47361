/**
 * Fails when package-lock.json lacks a package that some locked package lists in its
 * `optionalDependencies` — in practice, the per-platform native builds of rollup, tailwind's oxide,
 * lightningcss, esbuild, oxc and the like.
 *
 * npm leaves such a package out of the lockfile when the registry had no build of that exact
 * version for some platform at install time, and `npm ci` then refuses the lockfile on *every*
 * platform ("Missing: @rollup/rollup-darwin-arm64@ from lock file"). The fix is to choose versions
 * whose whole optional set exists (`npm view <name>@<version> optionalDependencies`, then
 * `npm view` each); this check keeps a later upgrade from breaking it again. It reads only the
 * lockfile, so it runs offline.
 *
 * Resolution follows Node's: a dependency of `node_modules/a/node_modules/b` is looked for in
 * `node_modules/a/node_modules/b/node_modules`, then `node_modules/a/node_modules`, then
 * `node_modules`. @see https://docs.npmjs.com/cli/configuring-npm/package-lock-json#packages
 *
 * Usage: node scripts/check-lockfile.js [path/to/package-lock.json]
 */
import { readFileSync } from 'node:fs';
import process from 'node:process';

/**
 * @typedef {{ version?: string; optionalDependencies?: Record<string, string> }} LockedPackage
 * @typedef {{ lockfileVersion?: number; packages?: Record<string, LockedPackage> }} Lockfile
 */

/**
 * Where `name` resolves from the package installed at `from` (a `packages` key), or null.
 * @param {Record<string, LockedPackage>} packages
 * @param {string} from
 * @param {string} name
 * @returns {string | null}
 */
function resolveFrom(packages, from, name) {
	let dir = from;
	for (;;) {
		const candidate = `${dir === '' ? '' : `${dir}/`}node_modules/${name}`;
		if (candidate in packages) return candidate;
		if (dir === '') return null;
		const parent = dir.lastIndexOf('/node_modules/');
		dir = parent === -1 ? '' : dir.slice(0, parent);
	}
}

/**
 * Every optional dependency that a locked package names and the lockfile does not hold.
 * @param {Lockfile} lockfile
 * @returns {string[]} lines like `node_modules/rollup needs @rollup/rollup-darwin-arm64@4.68.7`
 */
export function missingOptionalPackages(lockfile) {
	const packages = lockfile.packages ?? {};
	/** @type {string[]} */
	const missing = [];
	for (const [path, locked] of Object.entries(packages)) {
		for (const [name, range] of Object.entries(locked.optionalDependencies ?? {})) {
			if (resolveFrom(packages, path, name) === null) {
				missing.push(`${path === '' ? 'the project' : path} needs ${name}@${range}`);
			}
		}
	}
	return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const file = process.argv[2] ?? 'package-lock.json';
	/** @type {Lockfile} */
	const lockfile = JSON.parse(readFileSync(file, 'utf8'));
	if (lockfile.packages === undefined) {
		console.error(`${file}: no "packages" section (lockfileVersion 2 or later is needed).`);
		process.exit(1);
	}
	const missing = missingOptionalPackages(lockfile);
	if (missing.length > 0) {
		console.error(
			`${file} lacks ${missing.length} optional platform package(s), so \`npm ci\` will refuse it:`
		);
		for (const line of missing) console.error(`  ${line}`);
		console.error(
			'Pin versions whose every platform build is published (check with `npm view`), then `npm install`.'
		);
		process.exit(1);
	}
}
