import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../../src/lib/app/load-once.ts';

describe('loadOnce', () => {
	it('asks once, and every caller gets the same promise', async () => {
		let asked = 0;
		const load = loadOnce(() => Promise.resolve(++asked));
		const first = load();
		expect(load()).toBe(first);
		expect(await first).toBe(1);
		expect(await load()).toBe(1);
		expect(asked).toBe(1);
	});

	it('forgets a load that failed: the next caller asks again', async () => {
		let asked = 0;
		const load = loadOnce(() =>
			++asked === 1 ? Promise.reject(new Error('chunk gone')) : Promise.resolve('loaded')
		);
		await expect(load()).rejects.toThrow('chunk gone');
		expect(await load()).toBe('loaded');
		expect(await load()).toBe('loaded');
		expect(asked).toBe(2);
	});
});
