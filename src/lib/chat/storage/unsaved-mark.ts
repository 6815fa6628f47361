/**
 * When storage stops taking writes, what follows lives only in that page; after a reload it is
 * gone. This mark (in localStorage, best effort: a full disk may refuse it too) remembers from when,
 * so the next load can say so instead of silently showing less than the person last saw.
 */
import { localStore } from './local-store.ts';

const KEY = 'switchboard.unsaved-since';

/** Storage refused a write at `since` (epoch ms); the earliest mark is kept. */
export function markUnsaved(since: number): void {
	try {
		const store = localStore();
		if (store !== null && store.getItem(KEY) === null) store.setItem(KEY, String(since));
	} catch {
		// Refused as well: nothing more can be kept.
	}
}

/** The time of the mark a previous page left, removed as it is read; `null` when there is none. */
export function takeUnsavedMark(): number | null {
	try {
		const store = localStore();
		const value = store?.getItem(KEY) ?? null;
		if (value === null) return null;
		store?.removeItem(KEY);
		const since = Number(value);
		return Number.isFinite(since) && since > 0 ? since : null;
	} catch {
		return null;
	}
}
