import { describe, expect, it } from 'vitest';
import { withRefreshLock, type LockRequester } from '../../../src/lib/auth/refresh-lock.ts';
import { isNearExpiry, refreshDelayMs } from '../../../src/lib/auth/refresh-timing.ts';

/** Two refreshes that would overlap if not serialised; records start/end order. */
async function overlapping(locks: LockRequester | undefined): Promise<string[]> {
	const events: string[] = [];
	let release: () => void = () => {};
	const gate = new Promise<void>((resolve) => (release = resolve));
	const first = withRefreshLock(async () => {
		events.push('first:start');
		await gate;
		events.push('first:end');
	}, locks);
	const second = withRefreshLock(async () => {
		events.push('second:start');
		await Promise.resolve();
		events.push('second:end');
	}, locks);
	await Promise.resolve();
	await Promise.resolve();
	release();
	await Promise.all([first, second]);
	return events;
}

describe('withRefreshLock', () => {
	it('without Web Locks, serialises within the tab', async () => {
		expect(await overlapping(undefined)).toEqual([
			'first:start',
			'first:end',
			'second:start',
			'second:end'
		]);
	});

	it('hands the task to the lock manager under one lock name', async () => {
		const names: string[] = [];
		const locks: LockRequester = {
			request: (name, callback) => {
				names.push(name);
				return callback();
			}
		};
		await withRefreshLock(() => Promise.resolve(1), locks);
		await withRefreshLock(() => Promise.resolve(2), locks);
		expect(names).toEqual(['switchboard-token-refresh', 'switchboard-token-refresh']);
	});

	it('where the browser refuses the lock (storage denied), serialises within the tab', async () => {
		const refused: LockRequester = {
			request: () => Promise.reject(new DOMException('The request was denied.', 'SecurityError'))
		};
		expect(await overlapping(refused)).toEqual([
			'first:start',
			'first:end',
			'second:start',
			'second:end'
		]);
	});

	it('a refresh that fails under the lock is not run a second time', async () => {
		let runs = 0;
		const locks: LockRequester = { request: (_name, callback) => callback() };
		await expect(
			withRefreshLock(() => {
				runs++;
				return Promise.reject(new Error('refused'));
			}, locks)
		).rejects.toThrow('refused');
		expect(runs).toBe(1);
	});

	it('keeps serialising after a failed refresh', async () => {
		await expect(withRefreshLock(() => Promise.reject(new Error('x')), undefined)).rejects.toThrow(
			'x'
		);
		expect(await withRefreshLock(() => Promise.resolve('next'), undefined)).toBe('next');
	});
});

describe('refresh timing', () => {
	it('refreshes a minute early for long tokens, a quarter early for short ones, never at once', () => {
		expect(refreshDelayMs(3600)).toBe(3_540_000);
		expect(refreshDelayMs(20)).toBe(15_000);
		expect(refreshDelayMs(2)).toBe(5_000);
	});

	it('refreshes before use within ten seconds of expiry', () => {
		expect(isNearExpiry(null, 0)).toBe(false);
		expect(isNearExpiry(100_000, 89_999)).toBe(false);
		expect(isNearExpiry(100_000, 90_000)).toBe(true);
	});
});
