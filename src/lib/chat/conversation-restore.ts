/**
 * What a page that went away left behind, taken up by the next page of a conversation: the
 * unload journal (storage/unload-journal.ts) folded into the stored conversation before anything
 * is shown (`restoreConversation`), then written back through the conversation's
 * `ConversationWriter` with an answer that was streaming settled as interrupted
 * (`settleAbandoned`); and the blank conversation a previous page left a draft in
 * (`blankDraftConversation`).
 */
import type { Failure } from '../failure/index.ts';
import { ENGLISH_PAGE_CLOSED } from '../failure/own-sentence.ts';
import type { ConversationWriter } from './conversation-writer.ts';
import type {
	BlankDraft,
	ConversationPatch,
	ConversationStore
} from './storage/conversation-store.ts';
import { compareMessages } from './storage/message-order.ts';
import {
	readConversationRecord,
	type Conversation,
	type ConversationRecord,
	type MessageRecord
} from './storage/records.ts';
import {
	clearJournal,
	JOURNAL_RECORD_FIELDS,
	journalledConversations,
	readJournal
} from './storage/unload-journal.ts';

/** own({ kind: 'page_closed' }), without the English table (own-sentence.ts says why). */
const PAGE_CLOSED: Failure = {
	kind: 'stream_interrupted',
	message: ENGLISH_PAGE_CLOSED,
	said: { kind: 'page_closed' }
};

/** The journal's copy of a message replaces the stored one (it is newer) or is added. */
function withJournal(messages: readonly MessageRecord[], latest: MessageRecord | undefined) {
	if (latest === undefined) return [...messages];
	const index = messages.findIndex((message) => message.id === latest.id);
	if (index === -1) return [...messages, latest].sort(compareMessages);
	return messages.map((message, at) => (at === index ? latest : message));
}

/** A stored conversation with the unload journal folded in, as the page shows it first. */
export interface Restored {
	/** The record, with the fields the journal kept (the version shown, say). */
	record: ConversationRecord;
	/** Those fields, as checked with the record: storage may not hold them yet. */
	journalFields: ConversationPatch | undefined;
	messages: MessageRecord[];
	draft: string;
	/** The journal's answer, which storage may not hold yet. */
	journalMessage: MessageRecord | undefined;
	hadJournal: boolean;
}

/**
 * The blank conversation (never sent, so not stored) a previous page left a draft in, to reopen
 * with it; `null` when there is none. That draft is in the unload journal when the page went away
 * or storage did not keep it, and is then the newest; otherwise the latest of the store's blank
 * drafts. `stored`: the read that lists the ids of the stored conversations (their journals are
 * folded by `restoreConversation`); the blank drafts are read beside it, so start-up waits for one
 * round trip to the store, not two.
 */
export async function blankDraftConversation(
	store: ConversationStore,
	stored: Promise<readonly string[]>
): Promise<Pick<BlankDraft, 'id' | 'draft'> | null> {
	const drafts = store.blankDrafts();
	// Its failure counts only where the drafts are used (below), not when the list's came first.
	drafts.catch(() => undefined);
	const ids = await stored;
	for (const id of journalledConversations()) {
		if (ids.includes(id)) continue;
		const journal = readJournal(id);
		const draft = journal?.message === undefined ? (journal?.draft ?? '') : '';
		if (draft !== '') return { id, draft };
	}
	const [kept] = (await drafts)
		.filter(({ id }) => !ids.includes(id))
		.sort((a, b) => b.savedAt - a.savedAt);
	return kept ?? null;
}

/**
 * Folds what the unload journal kept of conversation `id` (the draft, and the answer that was
 * streaming when the page went away) into the stored conversation. Nothing is written here:
 * `settleAbandoned` does that once this tab may write.
 */
export function restoreConversation(conversation: Conversation): Restored {
	const { messages, ...stored } = conversation;
	const journal = readJournal(conversation.id);
	const fields = journal?.record === undefined ? undefined : journalFields(stored, journal.record);
	return {
		record: fields === undefined ? stored : { ...stored, ...fields },
		journalFields: fields,
		messages: withJournal(messages, journal?.message),
		draft: journal?.draft ?? conversation.draft,
		journalMessage: journal?.message,
		hadJournal: journal !== null
	};
}

/**
 * The journal's record fields, read as storage reads the record they change (records.ts
 * `readConversationRecord`): what it would drop is dropped here too — a version shown that the
 * record's versions do not have is the main one. `undefined` when the record they make is not one.
 */
function journalFields(
	stored: ConversationRecord,
	fields: Readonly<Record<string, unknown>>
): ConversationPatch | undefined {
	const checked = readConversationRecord({ ...stored, ...fields, id: stored.id });
	if (checked === null) return undefined;
	const patch: ConversationPatch = {};
	for (const name of JOURNAL_RECORD_FIELDS) {
		if (name in fields) Object.assign(patch, { [name]: checked[name] });
	}
	return patch;
}

/**
 * Settles what a page that went away left behind — an answer still `streaming` becomes
 * `interrupted`, the journal's answer, draft and record fields are written back — unless another
 * tab holds the conversation (it is answering there, and its news will settle it). The journal
 * is removed only once its content is in storage, so a page that dies first keeps it for the
 * next load. Returns the messages it settled (by id), for the page to show.
 */
export async function settleAbandoned(
	writer: ConversationWriter,
	restored: Restored,
	draftNow: () => string
): Promise<MessageRecord[]> {
	const abandoned = restored.messages.filter((message) => message.status === 'streaming');
	if (abandoned.length === 0 && !restored.hadJournal) return [];
	const release = await writer.claim();
	if (release === null) return [];
	try {
		const settled = abandoned.map((message): MessageRecord => ({
			...message,
			status: 'interrupted',
			failure: message.failure ?? PAGE_CLOSED
		}));
		const journalMessage = restored.journalMessage;
		const writes = [...settled];
		if (journalMessage !== undefined && !settled.some((m) => m.id === journalMessage.id)) {
			writes.push(journalMessage);
		}
		for (const message of writes) void writer.saveMessage(message);
		if (restored.journalFields !== undefined) void writer.patch(restored.journalFields);
		if (restored.hadJournal) writer.saveDraft(draftNow());
		await writer.settled();
		// Where storage does not keep it, the journal is where it stays.
		if (restored.hadJournal && writer.durable) clearJournal(writer.id);
		return settled;
	} finally {
		release();
	}
}
