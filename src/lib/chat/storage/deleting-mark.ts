/**
 * A delete waiting out its undo offer is final once the page goes away: the library starts the
 * delete in `pagehide`, but IndexedDB transactions started then may be cut off with the document
 * (see unload-journal.ts), so the conversation's id is also written here, synchronously, and the
 * next load deletes it before listing. Without this a reload during the offer brought it back.
 * Written only as the page goes away, never while the offer is open, so another tab loading
 * meanwhile cannot take a delete that could still be undone.
 */
import { localStore } from './local-store.ts';

const KEY = 'switchboard.deleting';

export function markDeleting(conversationId: string): void {
	try {
		localStore()?.setItem(KEY, conversationId);
	} catch {
		// Refused (a full disk): the delete started in pagehide is all there is.
	}
}

/** The delete is done (the page stayed, kept for going back): its mark is not needed any more. */
export function forgetDeletingMark(conversationId: string): void {
	try {
		const store = localStore();
		if (store?.getItem(KEY) === conversationId) store.removeItem(KEY);
	} catch {
		// Blocked: the next load deletes it once more, which finds nothing.
	}
}

/** The id a previous page left to delete, removed as it is read; `null` when there is none. */
export function takeDeletingMark(): string | null {
	try {
		const store = localStore();
		const id = store?.getItem(KEY) ?? null;
		store?.removeItem(KEY);
		return id;
	} catch {
		return null;
	}
}
