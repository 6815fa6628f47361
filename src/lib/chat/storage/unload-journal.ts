/**
 * A synchronous last write when the page goes away. IndexedDB transactions started in `pagehide`
 * may be cut off when the document is torn down, so the draft and the answer in flight are also
 * written to localStorage, which is synchronous; the next load folds the journal back into the
 * stored conversation and clears it.
 */
import { readMessageRecord, type MessageRecord } from './records.ts';

export interface Journal {
	draft?: string;
	message?: MessageRecord;
}

const key = (conversationId: string): string => `switchboard.journal.${conversationId}`;

function storage(): Storage | null {
	try {
		return globalThis.localStorage ?? null;
	} catch {
		return null; // access denied (storage blocked for this origin)
	}
}

export function writeJournal(conversationId: string, journal: Journal): void {
	try {
		storage()?.setItem(key(conversationId), JSON.stringify(journal));
	} catch {
		// Full or blocked: the IndexedDB writes are still under way.
	}
}

/** Reads and removes the journal of a conversation; `null` when there is none or it is damaged. */
export function takeJournal(conversationId: string): Journal | null {
	const store = storage();
	const text = store?.getItem(key(conversationId)) ?? null;
	if (text === null) return null;
	store?.removeItem(key(conversationId));
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return null;
	}
	if (typeof value !== 'object' || value === null) return null;
	const journal: Journal = {};
	if ('draft' in value && typeof value.draft === 'string') journal.draft = value.draft;
	if ('message' in value) {
		const message = readMessageRecord(value.message);
		if (message !== null && message.conversationId === conversationId) journal.message = message;
	}
	return journal;
}
