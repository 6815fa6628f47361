/**
 * A synchronous last write when the page goes away. IndexedDB transactions started in `pagehide`
 * may be cut off when the document is torn down, so the draft, the answer in flight and the
 * record's fields still being written (a version just chosen) are also written to localStorage,
 * which is synchronous; the next load folds the journal back into the stored conversation and
 * clears it.
 */
import type { ConversationPatch } from './conversation-store.ts';
import { localStore } from './local-store.ts';
import { readMessageRecord, type MessageRecord } from './records.ts';

export interface Journal {
	draft?: string;
	message?: MessageRecord;
	/**
	 * The record's fields in writes not yet done (the draft aside). Read back, each is only known
	 * to be there: `restoreConversation` checks them as part of the record they change.
	 */
	record?: Readonly<Record<string, unknown>>;
}

/** The record's fields a journal may hold (conversation-store.ts `ConversationPatch`). */
export const JOURNAL_RECORD_FIELDS: readonly (keyof ConversationPatch)[] = [
	'title',
	'model',
	'updatedAt',
	'webSearch',
	'branches',
	'activeBranch',
	'shownOrder'
];
const recordFields: ReadonlySet<string> = new Set(JOURNAL_RECORD_FIELDS);

const key = (conversationId: string): string => `switchboard.journal.${conversationId}`;

/** The conversations that have a journal, by id. */
export function journalledConversations(): string[] {
	const found: string[] = [];
	try {
		const store = localStore();
		const prefix = key('');
		for (let index = 0; store !== null && index < store.length; index += 1) {
			const name = store.key(index);
			if (name?.startsWith(prefix) === true) found.push(name.slice(prefix.length));
		}
	} catch {
		// Blocked: no journals.
	}
	return found;
}

export function writeJournal(conversationId: string, journal: Journal): void {
	try {
		localStore()?.setItem(key(conversationId), JSON.stringify(journal));
	} catch {
		// Full or blocked: the IndexedDB writes are still under way.
	}
}

/** Removes the journal of a conversation, once what it held is in IndexedDB. */
export function clearJournal(conversationId: string): void {
	try {
		localStore()?.removeItem(key(conversationId));
	} catch {
		// Blocked: nothing to remove.
	}
}

/**
 * The journal of a conversation, left in place until `clearJournal` (so a page that dies while
 * writing it back keeps it); `null` when there is none or it is damaged.
 */
export function readJournal(conversationId: string): Journal | null {
	const text = localStore()?.getItem(key(conversationId)) ?? null;
	if (text === null) return null;
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
	if ('record' in value && typeof value.record === 'object' && value.record !== null) {
		const fields = Object.entries(value.record).filter(([name]) => recordFields.has(name));
		if (fields.length > 0) journal.record = Object.fromEntries(fields);
	}
	return journal;
}
