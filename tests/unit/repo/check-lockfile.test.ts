/**
 * The lint check that keeps `npm ci` working on every platform: a lockfile that lacks any package
 * of an optional-dependency set (a platform's native build) is refused, naming what is missing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingOptionalPackages } from '../../../scripts/check-lockfile.js';

const script = new URL('../../../scripts/check-lockfile.js', import.meta.url).pathname;

const rollupWithPlatforms = {
	'': {},
	'node_modules/rollup': {
		version: '4.68.7',
		optionalDependencies: {
			'@rollup/rollup-linux-x64-gnu': '4.68.7',
			'@rollup/rollup-darwin-arm64': '4.68.7'
		}
	},
	'node_modules/@rollup/rollup-linux-x64-gnu': { version: '4.68.7' }
};

function runOn(lockfile: unknown): { code: number; stderr: string } {
	const file = join(mkdtempSync(join(tmpdir(), 'lockfile-')), 'package-lock.json');
	writeFileSync(file, JSON.stringify(lockfile));
	try {
		execFileSync(process.execPath, [script, file], { stdio: 'pipe' });
		return { code: 0, stderr: '' };
	} catch (error) {
		const failed = error as { status: number; stderr: Buffer };
		return { code: failed.status, stderr: failed.stderr.toString() };
	}
}

describe('check-lockfile', () => {
	it('names the platform build a lockfile lacks', () => {
		expect(missingOptionalPackages({ packages: rollupWithPlatforms })).toEqual([
			'node_modules/rollup needs @rollup/rollup-darwin-arm64@4.68.7'
		]);
	});

	it('finds a dependency where Node would: nested first, then each parent', () => {
		const packages = {
			'': {},
			'node_modules/a/node_modules/b': { optionalDependencies: { c: '1', d: '1', e: '1' } },
			'node_modules/a/node_modules/b/node_modules/c': {},
			'node_modules/a/node_modules/d': {},
			'node_modules/e': {},
			'node_modules/x/node_modules/e': {}
		};
		expect(missingOptionalPackages({ packages })).toEqual([]);
		const { 'node_modules/e': _hoisted, ...withoutHoisted } = packages;
		expect(missingOptionalPackages({ packages: withoutHoisted })).toEqual([
			'node_modules/a/node_modules/b needs e@1'
		]);
	});

	it('fails lint with the missing package named, and passes a complete lockfile', () => {
		const refused = runOn({ lockfileVersion: 3, packages: rollupWithPlatforms });
		expect(refused.code).toBe(1);
		expect(refused.stderr).toContain('@rollup/rollup-darwin-arm64@4.68.7');
		const complete = {
			...rollupWithPlatforms,
			'node_modules/@rollup/rollup-darwin-arm64': { version: '4.68.7' }
		};
		expect(runOn({ lockfileVersion: 3, packages: complete }).code).toBe(0);
	});

	it("holds for this project's own lockfile", () => {
		const code = (() => {
			try {
				execFileSync(process.execPath, [script], {
					cwd: new URL('../../../', import.meta.url),
					stdio: 'pipe'
				});
				return 0;
			} catch (error) {
				return (error as { status: number }).status;
			}
		})();
		expect(code).toBe(0);
	});
});
