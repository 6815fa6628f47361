/**
 * Where conversations live: IndexedDB when the browser allows it, memory otherwise. Reads validate
 * every record (corrupt ones are skipped and counted); a full disk switches the store to memory and
 * says so, so the app keeps working and the person knows history is not being saved.
 *
 * Writes never undo each other: a conversation's record is patched field by field (a draft saved
 * by the chat keeps the title a person set in the list), and a deleted conversation leaves a
 * tombstone that every later write to it honours, so no tab or late write brings it back.
 */
import { isQuotaError, requestResult, transactionDone } from './idb.ts';
import {
	readConversationRecord,
	readMessageRecord,
	type Conversation,
	type ConversationRecord,
	type MessageRecord
} from './records.ts';
import { compareMessages } from './message-order.ts';
import { markUnsaved } from './unsaved-mark.ts';
import {
	ATTACHMENTS,
	ATTACHMENTS_BY_CONVERSATION,
	BLANK_DRAFTS,
	BY_CONVERSATION,
	CONVERSATIONS,
	MESSAGES,
	openDatabase,
	TOMBSTONES
} from './schema.ts';

/** The bytes of one attached file, as IndexedDB keeps them (a Blob, structured-cloned). */
export interface StoredAttachment {
	id: string;
	conversationId: string;
	blob: Blob;
}

function readStoredAttachment(value: unknown): StoredAttachment | null {
	if (typeof value !== 'object' || value === null) return null;
	const { id, conversationId, blob } = value as Record<string, unknown>;
	if (typeof id !== 'string' || typeof conversationId !== 'string') return null;
	return blob instanceof Blob ? { id, conversationId, blob } : null;
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

function readBlankDraft(value: unknown): BlankDraft | null {
	const { id, draft, savedAt } = Object(value) as Record<string, unknown>;
	return typeof id === 'string' && typeof draft === 'string' && typeof savedAt === 'number'
		? { id, draft, savedAt }
		: null;
}

/**
 * Patches conversation `id`'s record within `transaction` (which includes the conversations store),
 * reading and writing in it: nothing written in between is overwritten. A put refused on the spot
 * aborts the transaction rather than escape from the success handler.
 */
function patchRecord(transaction: IDBTransaction, id: string, change: RecordChange): void {
	const store = transaction.objectStore(CONVERSATIONS);
	const stored = store.get(id);
	stored.onsuccess = () => {
		try {
			store.put({ ...(readConversationRecord(stored.result) ?? change.initial), ...change.patch });
		} catch {
			transaction.abort();
		}
	};
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
	 * conversation's blank draft forgotten — a prompt and the record it titles and whose draft it
	 * empties, written with one round trip before its request leaves.
	 */
	saveMessage(record: MessageRecord, withRecord?: RecordChange): Promise<void>;
	/** Deletes the conversation and its messages for good, leaving a tombstone. */
	deleteConversation(id: string): Promise<void>;
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

const byUpdated = (a: ConversationRecord, b: ConversationRecord): number =>
	b.updatedAt - a.updatedAt;

/** Keeps everything in this page's memory: nothing survives a reload. */
export class MemoryStore implements ConversationStore {
	readonly #conversations = new Map<string, ConversationRecord>();
	readonly #messages = new Map<string, MessageRecord>();
	readonly #tombstones = new Set<string>();
	readonly #attachments = new Map<string, StoredAttachment>();
	readonly #blankDrafts = new Map<string, BlankDraft>();
	readonly skippedRecords = 0;

	constructor(readonly problem: StorageProblem | null = null) {}

	list(): Promise<ConversationRecord[]> {
		return Promise.resolve([...this.#conversations.values()].sort(byUpdated));
	}

	load(id: string): Promise<Conversation | null> {
		const record = this.#conversations.get(id);
		if (record === undefined) return Promise.resolve(null);
		const messages = [...this.#messages.values()]
			.filter((message) => message.conversationId === id)
			.sort(compareMessages);
		return Promise.resolve({ ...record, messages: structuredClone(messages) });
	}

	saveConversation(record: ConversationRecord): Promise<void> {
		if (!this.#tombstones.has(record.id)) this.#conversations.set(record.id, { ...record });
		return Promise.resolve();
	}

	patchConversation(
		id: string,
		patch: ConversationPatch,
		initial: ConversationRecord
	): Promise<void> {
		if (!this.#tombstones.has(id)) this.#patch(id, { patch, initial });
		return Promise.resolve();
	}

	saveMessage(record: MessageRecord, withRecord?: RecordChange): Promise<void> {
		const id = record.conversationId;
		if (this.#tombstones.has(id)) return Promise.resolve();
		this.#messages.set(record.id, structuredClone(record));
		if (withRecord !== undefined) {
			this.#patch(id, withRecord);
			this.#blankDrafts.delete(id);
		}
		return Promise.resolve();
	}

	#patch(id: string, { patch, initial }: RecordChange): void {
		this.#conversations.set(id, { ...(this.#conversations.get(id) ?? initial), ...patch });
	}

	deleteConversation(id: string): Promise<void> {
		this.#tombstones.add(id);
		this.#conversations.delete(id);
		for (const [key, message] of this.#messages) {
			if (message.conversationId === id) this.#messages.delete(key);
		}
		for (const [key, attachment] of this.#attachments) {
			if (attachment.conversationId === id) this.#attachments.delete(key);
		}
		return Promise.resolve();
	}

	saveAttachment(attachment: StoredAttachment): Promise<void> {
		if (!this.#tombstones.has(attachment.conversationId)) {
			this.#attachments.set(attachment.id, { ...attachment });
		}
		return Promise.resolve();
	}

	loadAttachment(id: string): Promise<Blob | undefined> {
		return Promise.resolve(this.#attachments.get(id)?.blob);
	}

	saveBlankDraft(id: string, draft: string): Promise<void> {
		if (draft === '') this.#blankDrafts.delete(id);
		else this.#blankDrafts.set(id, { id, draft, savedAt: Date.now() });
		return Promise.resolve();
	}

	blankDrafts(): Promise<BlankDraft[]> {
		return Promise.resolve([...this.#blankDrafts.values()]);
	}

	lastSeq(conversationId: string): Promise<number> {
		let last = -1;
		for (const message of this.#messages.values()) {
			if (message.conversationId === conversationId) last = Math.max(last, message.seq);
		}
		return Promise.resolve(last);
	}

	scanMessages(onBatch: (records: readonly MessageRecord[]) => void): Promise<void> {
		const all = [...this.#messages.values()];
		for (let from = 0; from < all.length; from += SCAN_BATCH) {
			onBatch(all.slice(from, from + SCAN_BATCH));
		}
		return Promise.resolve();
	}

	async saveBatch(batch: StoredBatch): Promise<void> {
		for (const record of batch.conversations) await this.saveConversation(record);
		for (const record of batch.messages) await this.saveMessage(record);
		for (const attachment of batch.attachments) await this.saveAttachment(attachment);
	}

	async loadAll(): Promise<Conversation[]> {
		const all = await Promise.all([...this.#conversations.keys()].map((id) => this.load(id)));
		return all.filter((conversation): conversation is Conversation => conversation !== null);
	}
}

export class IndexedDbStore implements ConversationStore {
	#problem: StorageProblem | null = null;
	#skipped = 0;
	/** Takes over when IndexedDB fails mid-session, so nothing typed is lost. */
	#fallback: MemoryStore | null = null;

	constructor(private readonly database: IDBDatabase) {}

	get problem(): StorageProblem | null {
		return this.#problem;
	}
	get skippedRecords(): number {
		return this.#skipped;
	}

	async list(): Promise<ConversationRecord[]> {
		if (this.#fallback !== null) return this.#fallback.list();
		const store = this.database.transaction(CONVERSATIONS, 'readonly').objectStore(CONVERSATIONS);
		const values: unknown[] = await requestResult(store.getAll());
		return this.#valid(values, readConversationRecord).sort(byUpdated);
	}

	async load(id: string): Promise<Conversation | null> {
		if (this.#fallback !== null) return this.#fallback.load(id);
		const transaction = this.database.transaction([CONVERSATIONS, MESSAGES], 'readonly');
		const range = IDBKeyRange.bound([id, -Infinity], [id, Infinity]);
		const index = transaction.objectStore(MESSAGES).index(BY_CONVERSATION);
		// Both asked at once: opening a conversation is one round trip to the store, not two.
		const [raw, values] = await Promise.all([
			requestResult<unknown>(transaction.objectStore(CONVERSATIONS).get(id)),
			requestResult<unknown[]>(index.getAll(range))
		]);
		const record = readConversationRecord(raw);
		if (record === null) {
			if (raw !== undefined) this.#skipped++;
			return null;
		}
		return { ...record, messages: this.#valid(values, readMessageRecord).sort(compareMessages) };
	}

	saveConversation(record: ConversationRecord): Promise<void> {
		return this.#write(
			[CONVERSATIONS],
			record.id,
			(transaction) => transaction.objectStore(CONVERSATIONS).put(record),
			(fallback) => fallback.saveConversation(record)
		);
	}

	patchConversation(
		id: string,
		patch: ConversationPatch,
		initial: ConversationRecord
	): Promise<void> {
		return this.#write(
			[CONVERSATIONS],
			id,
			(transaction) => patchRecord(transaction, id, { patch, initial }),
			(fallback) => fallback.patchConversation(id, patch, initial)
		);
	}

	saveMessage(record: MessageRecord, withRecord?: RecordChange): Promise<void> {
		const id = record.conversationId;
		return this.#write(
			withRecord === undefined ? [MESSAGES] : [MESSAGES, CONVERSATIONS, BLANK_DRAFTS],
			id,
			(transaction) => {
				transaction.objectStore(MESSAGES).put(record);
				if (withRecord === undefined) return;
				patchRecord(transaction, id, withRecord);
				transaction.objectStore(BLANK_DRAFTS).delete(id);
			},
			(fallback) => fallback.saveMessage(record, withRecord)
		);
	}

	async deleteConversation(id: string): Promise<void> {
		if (this.#fallback !== null) return this.#fallback.deleteConversation(id);
		const transaction = this.database.transaction(
			[CONVERSATIONS, MESSAGES, TOMBSTONES, ATTACHMENTS],
			'readwrite'
		);
		transaction.objectStore(TOMBSTONES).put({ id, deletedAt: Date.now() });
		transaction.objectStore(CONVERSATIONS).delete(id);
		const range = IDBKeyRange.bound([id, -Infinity], [id, Infinity]);
		const index = transaction.objectStore(MESSAGES).index(BY_CONVERSATION);
		const files = transaction.objectStore(ATTACHMENTS).index(ATTACHMENTS_BY_CONVERSATION);
		const [keys, fileKeys] = await Promise.all([
			requestResult(index.getAllKeys(range)),
			requestResult(files.getAllKeys(id))
		]);
		for (const key of keys) transaction.objectStore(MESSAGES).delete(key);
		for (const key of fileKeys) transaction.objectStore(ATTACHMENTS).delete(key);
		await transactionDone(transaction);
	}

	async lastSeq(conversationId: string): Promise<number> {
		if (this.#fallback !== null) return this.#fallback.lastSeq(conversationId);
		const range = IDBKeyRange.bound([conversationId, -Infinity], [conversationId, Infinity]);
		const index = this.database
			.transaction(MESSAGES, 'readonly')
			.objectStore(MESSAGES)
			.index(BY_CONVERSATION);
		// The index is ordered by [conversationId, seq]: the last key in the range is the highest.
		const cursor = await requestResult(index.openKeyCursor(range, 'prev'));
		const key = cursor?.key;
		return Array.isArray(key) && typeof key[1] === 'number' ? key[1] : -1;
	}

	saveAttachment(attachment: StoredAttachment): Promise<void> {
		return this.#write(
			[ATTACHMENTS],
			attachment.conversationId,
			(transaction) => transaction.objectStore(ATTACHMENTS).put(attachment),
			(fallback) => fallback.saveAttachment(attachment)
		);
	}

	saveBlankDraft(id: string, draft: string): Promise<void> {
		return this.#write(
			[BLANK_DRAFTS],
			id,
			(transaction) => {
				const store = transaction.objectStore(BLANK_DRAFTS);
				if (draft === '') store.delete(id);
				else store.put({ id, draft, savedAt: Date.now() });
			},
			(fallback) => fallback.saveBlankDraft(id, draft)
		);
	}

	async blankDrafts(): Promise<BlankDraft[]> {
		if (this.#fallback !== null) return this.#fallback.blankDrafts();
		const store = this.database.transaction(BLANK_DRAFTS, 'readonly').objectStore(BLANK_DRAFTS);
		const values: unknown[] = await requestResult(store.getAll());
		return this.#valid(values, readBlankDraft);
	}

	async loadAttachment(id: string): Promise<Blob | undefined> {
		const stored = await this.#fallback?.loadAttachment(id);
		if (stored !== undefined) return stored;
		try {
			const store = this.database.transaction(ATTACHMENTS, 'readonly').objectStore(ATTACHMENTS);
			return readStoredAttachment(await requestResult(store.get(id)))?.blob;
		} catch {
			return undefined; // the database went away: the file is not available now
		}
	}

	async scanMessages(onBatch: (records: readonly MessageRecord[]) => void): Promise<void> {
		if (this.#fallback !== null) return this.#fallback.scanMessages(onBatch);
		// One short transaction per batch, in primary key order: writers are never held up for the
		// whole scan. The key is the record's `id` (the store's key path), so the next batch starts
		// after the last id read.
		let after: string | undefined;
		for (;;) {
			const store = this.database.transaction(MESSAGES, 'readonly').objectStore(MESSAGES);
			const range = after === undefined ? null : IDBKeyRange.lowerBound(after, true);
			const values: unknown[] = await requestResult(store.getAll(range, SCAN_BATCH));
			const records: MessageRecord[] = [];
			for (const value of values) {
				const record = readMessageRecord(value);
				if (record !== null) records.push(record);
			}
			onBatch(records);
			const last: unknown = values.at(-1);
			const id = typeof last === 'object' && last !== null ? (last as { id?: unknown }).id : null;
			if (values.length < SCAN_BATCH || typeof id !== 'string') return;
			after = id;
		}
	}

	async saveBatch(batch: StoredBatch): Promise<void> {
		if (this.#fallback !== null) return this.#fallback.saveBatch(batch);
		try {
			const transaction = this.database.transaction(
				[CONVERSATIONS, MESSAGES, ATTACHMENTS, TOMBSTONES],
				'readwrite'
			);
			const ids = new Set([
				...batch.conversations.map((record) => record.id),
				...batch.messages.map((record) => record.conversationId),
				...batch.attachments.map((attachment) => attachment.conversationId)
			]);
			// The tombstones first, as for single writes: a deleted conversation stays deleted.
			const deleted = new Set<string>();
			const tombstones = transaction.objectStore(TOMBSTONES);
			let pending = ids.size;
			const writeAll = (): void => {
				for (const record of batch.conversations) {
					if (!deleted.has(record.id)) transaction.objectStore(CONVERSATIONS).put(record);
				}
				for (const record of batch.messages) {
					if (!deleted.has(record.conversationId)) transaction.objectStore(MESSAGES).put(record);
				}
				for (const attachment of batch.attachments) {
					if (!deleted.has(attachment.conversationId)) {
						transaction.objectStore(ATTACHMENTS).put(attachment);
					}
				}
			};
			if (pending === 0) writeAll();
			for (const id of ids) {
				const tombstone = tombstones.getKey(id);
				tombstone.onsuccess = () => {
					if (tombstone.result !== undefined) deleted.add(id);
					if (--pending === 0) writeAll();
				};
			}
			await transactionDone(transaction);
		} catch (error) {
			await (await this.#failOver(error)).saveBatch(batch);
		}
	}

	async loadAll(): Promise<Conversation[]> {
		const records = await this.list();
		const all = await Promise.all(records.map((record) => this.load(record.id)));
		return all.filter((conversation): conversation is Conversation => conversation !== null);
	}

	#valid<T>(values: readonly unknown[], read: (value: unknown) => T | null): T[] {
		const valid: T[] = [];
		for (const value of values) {
			const record = read(value);
			if (record === null) this.#skipped++;
			else valid.push(record);
		}
		return valid;
	}

	/**
	 * One write to `storeNames` for conversation `conversationId`, in a transaction that first looks
	 * for the conversation's tombstone and writes nothing when there is one.
	 */
	async #write(
		storeNames: (
			typeof CONVERSATIONS | typeof MESSAGES | typeof ATTACHMENTS | typeof BLANK_DRAFTS
		)[],
		conversationId: string,
		write: (transaction: IDBTransaction) => void,
		inFallback: (fallback: MemoryStore) => Promise<void>
	): Promise<void> {
		if (this.#fallback !== null) return inFallback(this.#fallback);
		// A write refused on the spot (put throws) inside the success handler would escape as an
		// uncaught error of the page; it aborts the transaction instead, and is the failure told.
		let refused: unknown = null;
		try {
			const transaction = this.database.transaction([...storeNames, TOMBSTONES], 'readwrite');
			const tombstone = transaction.objectStore(TOMBSTONES).getKey(conversationId);
			tombstone.onsuccess = () => {
				if (tombstone.result !== undefined) return;
				try {
					write(transaction);
				} catch (error) {
					refused = error;
					transaction.abort();
				}
			};
			await transactionDone(transaction);
		} catch (error) {
			await inFallback(await this.#failOver(refused ?? error));
		}
	}

	/** A write failed: from now on this page keeps everything in memory, and says why. */
	async #failOver(error: unknown): Promise<MemoryStore> {
		this.#problem = isQuotaError(error) ? 'full' : 'failed';
		markUnsaved(Date.now());
		this.#fallback = await this.#memoryCopy();
		return this.#fallback;
	}

	/** What was saved so far, in memory, so the session goes on with everything it had. */
	async #memoryCopy(): Promise<MemoryStore> {
		const memory = new MemoryStore(this.#problem);
		try {
			for (const conversation of await this.loadAll()) {
				const { messages, ...record } = conversation;
				await memory.saveConversation(record);
				for (const message of messages) await memory.saveMessage(message);
			}
		} catch {
			// Reading failed too: start from what this page still has on screen.
		}
		return memory;
	}
}

/**
 * Opens the store the app uses. Asks the browser to keep the data (`navigator.storage.persist()`)
 * and falls back to memory, with `problem: 'unavailable'`, where IndexedDB cannot be opened
 * (disabled, blocked by policy, some private modes).
 */
export async function openConversationStore(
	options: { factory?: IDBFactory | null; name?: string } = {}
): Promise<ConversationStore> {
	const factory = options.factory === undefined ? globalThis.indexedDB : options.factory;
	const name = options.name;
	// `indexedDB` is missing in some embedded browsers and private modes.
	if (factory === null || factory === undefined) return new MemoryStore('unavailable');
	try {
		const database = await openDatabase(factory, name);
		void navigator.storage?.persist?.().catch(() => false);
		return new IndexedDbStore(database);
	} catch {
		return new MemoryStore('unavailable');
	}
}
