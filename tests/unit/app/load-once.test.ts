import { describe, expect, it } from 'vitest';
import { loadKept, loadOnce } from '../../../src/lib/app/load-once.ts';

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

describe('loadKept', () => {
	it('says synchronously what it has loaded, from the moment the load settles', async () => {
		let asked = 0;
		const views = loadKept(() => Promise.resolve(`views ${++asked}`));
		expect(views.loaded()).toBeNull();
		const first = views.load();
		expect(views.load()).toBe(first);
		expect(views.loaded()).toBeNull();
		expect(await first).toBe('views 1');
		expect(views.loaded()).toBe('views 1');
		expect(await views.load()).toBe('views 1');
		expect(asked).toBe(1);
	});

	it('keeps nothing from a load that failed, and the next caller asks again', async () => {
		let asked = 0;
		const views = loadKept(() =>
			++asked === 1 ? Promise.reject(new Error('chunk gone')) : Promise.resolve('views')
		);
		await expect(views.load()).rejects.toThrow('chunk gone');
		expect(views.loaded()).toBeNull();
		expect(await views.load()).toBe('views');
		expect(views.loaded()).toBe('views');
		expect(asked).toBe(2);
	});
});
