/**
 * What a conversation store is: the records it keeps and the operations every store offers, for
 * the page's writers and readers. Two stores keep them: IndexedDB when the browser allows it
 * (indexeddb-store.ts, opened by `openConversationStore`), memory otherwise (memory-store.ts);
 * `SearchableStore` (../search/searchable-store.ts) wraps either for the message search.
 *
 * Writes never undo each other: a conversation's record is patched field by field (a draft saved
 * by the chat keeps the title a person set in the list), and a deleted conversation leaves a
 * tombstone that every later write to it honours, so no tab or late write brings it back.
 */
import {
	readAttachmentRef,
	type AttachmentRef,
	type Conversation,
	type ConversationRecord,
	type MessageRecord
} from './records.ts';

/** The bytes of one attached file, as IndexedDB keeps them (a Blob, structured-cloned). */
export interface StoredAttachment {
	id: string;
	conversationId: string;
	blob: Blob;
}

export function readStoredAttachment(value: unknown): StoredAttachment | null {
	const { id, conversationId, blob } = Object(value) as Record<string, unknown>;
	if (typeof id !== 'string' || typeof conversationId !== 'string') return null;
	return blob instanceof Blob ? { id, conversationId, blob } : null;
}

/**
 * A file waiting in a conversation's composer, not sent yet: what its prompt will name it by, its
 * bytes, and when it was added (the order the composer shows). Its id is the one the prompt's
 * attachment will have.
 */
export interface DraftFile extends AttachmentRef {
	conversationId: string;
	blob: Blob;
	addedAt: number;
}

export function readDraftFile(value: unknown): DraftFile | null {
	const ref = readAttachmentRef(value);
	const stored = readStoredAttachment(value);
	const { addedAt } = Object(value) as Record<string, unknown>;
	return ref === null || stored === null || typeof addedAt !== 'number'
		? null
		: { ...ref, conversationId: stored.conversationId, blob: stored.blob, addedAt };
}

/**
 * The draft of a conversation never sent: not a stored conversation (the list holds only those with
 * a message), but kept as it is typed all the same, so a crash loses none of it.
 */
export interface BlankDraft {
	id: string;
	draft: string;
	savedAt: number;
}

export function readBlankDraft(value: unknown): BlankDraft | null {
	const { id, draft, savedAt } = Object(value) as Record<string, unknown>;
	return typeof id === 'string' && typeof draft === 'string' && typeof savedAt === 'number'
		? { id, draft, savedAt }
		: null;
}

/** Why history is not (or no longer) being saved. */
export type StorageProblem = 'unavailable' | 'full' | 'failed';

/** A change to a conversation's record written with one of its messages (`saveMessage`). */
export interface RecordChange {
	patch: ConversationPatch;
	/** The record to create when the conversation is not stored yet. */
	initial: ConversationRecord;
}

/** The fields of a conversation record its writers change. */
export type ConversationPatch = Partial<
	Pick<
		ConversationRecord,
		| 'title'
		| 'draft'
		| 'model'
		| 'updatedAt'
		| 'webSearch'
		| 'branches'
		| 'activeBranch'
		| 'shownOrder'
	>
>;

export interface ConversationStore {
	/** `null` while saving works. */
	readonly problem: StorageProblem | null;
	/** How many stored records could not be read (skipped, never shown). */
	readonly skippedRecords: number;
	list(): Promise<ConversationRecord[]>;
	load(id: string): Promise<Conversation | null>;
	/** Writes a whole record (a new or imported conversation); nothing if it was deleted. */
	saveConversation(record: ConversationRecord): Promise<void>;
	/**
	 * Changes only `patch`'s fields of conversation `id` (creating it from `initial` when it is not
	 * stored yet); nothing if it was deleted.
	 */
	patchConversation(
		id: string,
		patch: ConversationPatch,
		initial: ConversationRecord
	): Promise<void>;
	/**
	 * Nothing if the message's conversation was deleted. With `withRecord`, the conversation record
	 * is patched in the same write (one transaction in IndexedDB: both or neither) and the
	 * conversation's blank draft forgotten, and the files the message names taken out of those
	 * waiting in the composer — a prompt and the record it titles and whose draft it empties,
	 * written with one round trip before its request leaves.
	 */
	saveMessage(record: MessageRecord, withRecord?: RecordChange): Promise<void>;
	/** Deletes the conversation and its messages for good, leaving a tombstone. */
	deleteConversation(id: string): Promise<void>;
	/**
	 * The ids of the conversations deleted for good (their tombstones). An import brings such a
	 * conversation back under an id of its own (import-file.ts): its own is refused for good.
	 */
	deletedIds(): Promise<ReadonlySet<string>>;
	/** The highest message position stored for a conversation; -1 when it has none. */
	lastSeq(conversationId: string): Promise<number>;
	/** Everything, for export. */
	loadAll(): Promise<Conversation[]>;
	/**
	 * Keeps `draft` as the draft of conversation `id`, which was never sent (so is not stored);
	 * `''` forgets it (emptied, or the conversation was stored with its first message).
	 */
	saveBlankDraft(id: string, draft: string): Promise<void>;
	/** The drafts of conversations never sent. */
	blankDrafts(): Promise<BlankDraft[]>;
	/** Keeps an attached file's bytes; nothing if its conversation was deleted. */
	saveAttachment(attachment: StoredAttachment): Promise<void>;
	/** An attached file's bytes; undefined when they are not stored (any more). */
	loadAttachment(id: string): Promise<Blob | undefined>;
	/**
	 * Keeps a file waiting in its conversation's composer; nothing if the conversation was deleted.
	 * The prompt that sends it takes it out, in the same write (`saveMessage` with `withRecord`).
	 */
	saveDraftFile(file: DraftFile): Promise<void>;
	/** Takes file `id` out of those waiting in conversation `conversationId`'s composer. */
	forgetDraftFile(conversationId: string, id: string): Promise<void>;
	/** The files waiting in conversation `conversationId`'s composer, in the order added. */
	draftFiles(conversationId: string): Promise<DraftFile[]>;
	/**
	 * Reads every stored message, `onBatch` once per batch of up to SCAN_BATCH (for the search
	 * index). Records that do not validate are left out (and not counted again as skipped).
	 */
	scanMessages(onBatch: (records: readonly MessageRecord[]) => void): Promise<void>;
	/**
	 * Writes many new records at once (an import): in IndexedDB one transaction, so a batch is
	 * written whole or not at all. Records of a deleted conversation are not written.
	 */
	saveBatch(batch: StoredBatch): Promise<void>;
}

/** New records written together (a batch of an import). */
export interface StoredBatch {
	conversations: readonly ConversationRecord[];
	messages: readonly MessageRecord[];
	attachments: readonly StoredAttachment[];
}

/** How many messages `scanMessages` reads from IndexedDB per request. */
export const SCAN_BATCH = 500;

/** Most recently updated first. */
export const byUpdated = (a: ConversationRecord, b: ConversationRecord): number =>
	b.updatedAt - a.updatedAt;
