import type { Page } from '@playwright/test';

/**
 * IndexedDB faults a test switches on while the page runs, installed before the page's own
 * scripts: every later `IDBObjectStore.put` goes through them.
 *
 * - `refuse`: every write fails as a full disk does (`QuotaExceededError`).
 * - `hold-records`: a write to the conversation records never commits; its transaction is kept
 *   busy until the page goes away and tears it down, as a reload does to a write still under way
 *   on a slow disk.
 */
export type StorageFault = 'refuse' | 'hold-records';

/** Installs the faults in `page` (none active until `startStorageFault`); call before it loads. */
export async function allowStorageFaults(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const active = (): string | undefined => (window as { storageFault?: string }).storageFault;
		// eslint-disable-next-line @typescript-eslint/unbound-method -- applied to its store below
		const put = IDBObjectStore.prototype.put;
		IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args) {
			if (active() === 'refuse')
				throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
			const request = put.apply(this, args);
			if (active() === 'hold-records' && this.name === 'conversations') {
				const busy = (): void => {
					this.count().onsuccess = busy;
				};
				busy();
			}
			return request;
		};
	});
}

/** Switches `fault` on in the page as it is now (a reload starts without it); `null` switches off. */
export async function startStorageFault(page: Page, fault: StorageFault | null): Promise<void> {
	await page.evaluate((name) => {
		(window as { storageFault?: string | null }).storageFault = name;
	}, fault);
}
