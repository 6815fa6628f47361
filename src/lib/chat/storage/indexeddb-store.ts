/**
 * The conversation store in IndexedDB. Reads validate every record (corrupt ones are skipped and
 * counted); a full disk switches the store to memory (memory-store.ts) and says so, so the app
 * keeps working and the person knows history is not being saved. Every write honours the
 * conversation's tombstone (conversation-store.ts).
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
	DRAFT_FILES,
	DRAFT_FILES_BY_CONVERSATION,
	MESSAGES,
	openDatabase,
	TOMBSTONES
} from './schema.ts';
import {
	byUpdated,
	readBlankDraft,
	readDraftFile,
	readStoredAttachment,
	SCAN_BATCH,
	type BlankDraft,
	type ConversationPatch,
	type ConversationStore,
	type DraftFile,
	type RecordChange,
	type StorageProblem,
	type StoredAttachment,
	type StoredBatch
} from './conversation-store.ts';
import type { MemoryStore } from './memory-store.ts';
import { UnopenedStore } from './unopened-store.ts';

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

	async deletedIds(): Promise<ReadonlySet<string>> {
		if (this.#fallback !== null) return this.#fallback.deletedIds();
		const store = this.database.transaction(TOMBSTONES, 'readonly').objectStore(TOMBSTONES);
		const keys: IDBValidKey[] = await requestResult(store.getAllKeys());
		return new Set(keys.filter((key): key is string => typeof key === 'string'));
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
			withRecord === undefined ? [MESSAGES] : [MESSAGES, CONVERSATIONS, BLANK_DRAFTS, DRAFT_FILES],
			id,
			(transaction) => {
				transaction.objectStore(MESSAGES).put(record);
				if (withRecord === undefined) return;
				patchRecord(transaction, id, withRecord);
				transaction.objectStore(BLANK_DRAFTS).delete(id);
				for (const file of record.attachments ?? []) {
					transaction.objectStore(DRAFT_FILES).delete(file.id);
				}
			},
			(fallback) => fallback.saveMessage(record, withRecord)
		);
	}

	async deleteConversation(id: string): Promise<void> {
		if (this.#fallback !== null) return this.#fallback.deleteConversation(id);
		const transaction = this.database.transaction(
			[CONVERSATIONS, MESSAGES, TOMBSTONES, ATTACHMENTS, DRAFT_FILES],
			'readwrite'
		);
		transaction.objectStore(TOMBSTONES).put({ id, deletedAt: Date.now() });
		transaction.objectStore(CONVERSATIONS).delete(id);
		const range = IDBKeyRange.bound([id, -Infinity], [id, Infinity]);
		const index = transaction.objectStore(MESSAGES).index(BY_CONVERSATION);
		const files = transaction.objectStore(ATTACHMENTS).index(ATTACHMENTS_BY_CONVERSATION);
		const drafts = transaction.objectStore(DRAFT_FILES).index(DRAFT_FILES_BY_CONVERSATION);
		const [keys, fileKeys, draftKeys] = await Promise.all([
			requestResult(index.getAllKeys(range)),
			requestResult(files.getAllKeys(id)),
			requestResult(drafts.getAllKeys(id))
		]);
		for (const key of keys) transaction.objectStore(MESSAGES).delete(key);
		for (const key of fileKeys) transaction.objectStore(ATTACHMENTS).delete(key);
		for (const key of draftKeys) transaction.objectStore(DRAFT_FILES).delete(key);
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

	saveDraftFile(file: DraftFile): Promise<void> {
		return this.#write(
			[DRAFT_FILES],
			file.conversationId,
			(transaction) => transaction.objectStore(DRAFT_FILES).put(file),
			(fallback) => fallback.saveDraftFile(file)
		);
	}

	forgetDraftFile(conversationId: string, id: string): Promise<void> {
		return this.#write(
			[DRAFT_FILES],
			conversationId,
			(transaction) => transaction.objectStore(DRAFT_FILES).delete(id),
			(fallback) => fallback.forgetDraftFile(conversationId, id)
		);
	}

	async draftFiles(conversationId: string): Promise<DraftFile[]> {
		if (this.#fallback !== null) return this.#fallback.draftFiles(conversationId);
		const index = this.database
			.transaction(DRAFT_FILES, 'readonly')
			.objectStore(DRAFT_FILES)
			.index(DRAFT_FILES_BY_CONVERSATION);
		const values: unknown[] = await requestResult(index.getAll(conversationId));
		return this.#valid(values, readDraftFile).sort((a, b) => a.addedAt - b.addedAt);
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
			| typeof CONVERSATIONS
			| typeof MESSAGES
			| typeof ATTACHMENTS
			| typeof BLANK_DRAFTS
			| typeof DRAFT_FILES
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
		const memory = await memoryStore(this.#problem);
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
	if (factory === null || factory === undefined) return unavailableStore();
	try {
		const database = await openDatabase(factory, name);
		void navigator.storage?.persist?.().catch(() => false);
		return new IndexedDbStore(database);
	} catch {
		return unavailableStore();
	}
}

/**
 * A memory store (memory-store.ts), its code loaded only where storage fails: a page whose storage
 * works never downloads it (bench:size).
 */
async function memoryStore(problem: StorageProblem | null): Promise<MemoryStore> {
	const { MemoryStore } = await import('./memory-store.ts');
	return new MemoryStore(problem);
}

/**
 * Where IndexedDB cannot be used: the memory store, or, when its code cannot be loaded either (the
 * app's server gone after a deploy), a store that keeps nothing: the open conversation still works
 * from the page's own memory, and the page says history is not saved.
 */
function unavailableStore(): Promise<ConversationStore> {
	return memoryStore('unavailable').catch(() => new UnopenedStore('unavailable'));
}
