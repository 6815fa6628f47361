import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hotFunctions } from '../../bench/render/hot-functions.ts';
import type { CpuProfile } from '../../bench/render/profile.ts';
import { SourceLocator } from '../../bench/render/source-locator.ts';

const frame = (functionName: string, url = '', scriptId = '1', lineNumber = 0) => ({
	functionName,
	scriptId,
	url,
	lineNumber,
	columnNumber: 0
});

/** Built files named by line: line 10 of a.js is the Composer's effect, line 20 the runtime's. */
const locator = {
	lineAt(url: string, line: number): string | null {
		if (!url.endsWith('/a.js')) return null;
		return line === 10 ? 'src/lib/components/chat/Composer.svelte:47' : 'npm:svelte:220';
	}
};

// root → runtime flush (a.js:20) → Composer effect (a.js:10) → native focus; plus (program) and idle.
const profile: CpuProfile = {
	nodes: [
		{ id: 1, children: [2, 5, 6], callFrame: frame('(root)') },
		{ id: 2, children: [3], callFrame: frame('flush', 'http://x/a.js', '1', 20) },
		{ id: 3, children: [4], callFrame: frame('user_effect', 'http://x/a.js', '1', 10) },
		{ id: 4, callFrame: frame('focus', '', '0') },
		{ id: 5, callFrame: frame('(program)') },
		{ id: 6, callFrame: frame('(idle)') }
	],
	startTime: 1_000_000,
	// One sample every ms from 1,001,000 µs; each counts until the next.
	samples: [3, 3, 3, 2, 4, 5, 6, 6, 3, 3],
	timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]
};

describe('hotFunctions (self time by function in a stretch of a CPU profile)', () => {
	it('names functions by source line and by the nearest app code calling them', () => {
		const rows = hotFunctions(profile, locator, { from: 1_000_000, to: 1_008_000 });
		expect(rows).toEqual([
			{
				name: 'src/lib/components/chat/Composer.svelte:47 user_effect',
				calledFrom: 'src/lib/components/chat/Composer.svelte:47 user_effect',
				ms: 3
			},
			{ name: 'npm:svelte:220 flush', calledFrom: '—', ms: 1 },
			{
				name: 'native focus',
				calledFrom: 'src/lib/components/chat/Composer.svelte:47 user_effect',
				ms: 1
			},
			{ name: '(program)', calledFrom: '—', ms: 1 }
		]);
	});

	it('counts only the samples inside the window, idle never', () => {
		const rows = hotFunctions(profile, locator, { from: 1_008_500, to: 1_010_000 });
		// The samples at 1,009,000 and 1,010,000 µs: the second is the last, with no time after it.
		expect(rows).toEqual([
			{
				name: 'src/lib/components/chat/Composer.svelte:47 user_effect',
				calledFrom: 'src/lib/components/chat/Composer.svelte:47 user_effect',
				ms: 1
			}
		]);
	});
});

describe('SourceLocator.lineAt (a built file’s source line and name, through its map)', () => {
	it('names the source line, with the map’s name where it has one', () => {
		const build = mkdtempSync(path.join(tmpdir(), 'locator-'));
		try {
			mkdirSync(path.join(build, 'client', '_app'), { recursive: true });
			writeFileSync(path.join(build, 'client', '_app', 'a.js'), 'function Bt(){}\n');
			// Column 0 → line 1; column 9 → line 3, named update_reaction (VLQ: S = 9, E = 2).
			writeFileSync(
				path.join(build, 'client', '_app', 'a.js.map'),
				JSON.stringify({
					version: 3,
					sources: ['../../node_modules/svelte/src/internal/client/runtime.js'],
					names: ['update_reaction'],
					mappings: 'AAAA,SAEAA'
				})
			);
			const locator = new SourceLocator(build);
			const url = 'http://127.0.0.1:4198/_app/a.js';
			expect(locator.lineAt(url, 0, 12)).toBe(
				'npm:svelte/src/internal/client/runtime.js:3 update_reaction'
			);
			expect(locator.lineAt(url, 0, 2)).toBe('npm:svelte/src/internal/client/runtime.js:1');
			expect(locator.at(url, 0, 12)).toBe('npm:svelte');
			// The map's name wins over the minified one the profile has.
			const [row] = hotFunctions(
				{
					nodes: [{ id: 1, callFrame: frame('Bt', url, '1', 0) }],
					startTime: 0,
					samples: [1, 1],
					timeDeltas: [1000, 1000]
				},
				{ lineAt: (u, l) => locator.lineAt(u, l, 12) },
				{ from: 0, to: 10_000 }
			);
			expect(row?.name).toBe('npm:svelte/src/internal/client/runtime.js:3 update_reaction');
		} finally {
			rmSync(build, { recursive: true, force: true });
		}
	});
});
