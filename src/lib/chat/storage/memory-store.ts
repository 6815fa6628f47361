/**
 * The conversation store kept in this page's memory: where IndexedDB cannot be opened, and what a
 * failing IndexedDB store switches to (indexeddb-store.ts) so that nothing typed is lost.
 */
import type { Conversation, ConversationRecord, MessageRecord } from './records.ts';
import { compareMessages } from './message-order.ts';
import {
	byUpdated,
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

/** Keeps everything in this page's memory: nothing survives a reload. */
export class MemoryStore implements ConversationStore {
	readonly #conversations = new Map<string, ConversationRecord>();
	readonly #messages = new Map<string, MessageRecord>();
	readonly #tombstones = new Set<string>();
	readonly #attachments = new Map<string, StoredAttachment>();
	readonly #blankDrafts = new Map<string, BlankDraft>();
	readonly #draftFiles = new Map<string, DraftFile>();
	readonly skippedRecords = 0;

	constructor(readonly problem: StorageProblem | null = null) {}

	deletedIds(): Promise<ReadonlySet<string>> {
		return Promise.resolve(new Set(this.#tombstones));
	}

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
			for (const file of record.attachments ?? []) this.#draftFiles.delete(file.id);
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
		for (const files of [this.#attachments, this.#draftFiles]) {
			for (const [key, file] of files) if (file.conversationId === id) files.delete(key);
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

	saveDraftFile(file: DraftFile): Promise<void> {
		if (!this.#tombstones.has(file.conversationId)) this.#draftFiles.set(file.id, { ...file });
		return Promise.resolve();
	}

	forgetDraftFile(_conversationId: string, id: string): Promise<void> {
		this.#draftFiles.delete(id);
		return Promise.resolve();
	}

	draftFiles(conversationId: string): Promise<DraftFile[]> {
		return Promise.resolve(
			[...this.#draftFiles.values()]
				.filter((file) => file.conversationId === conversationId)
				.sort((a, b) => a.addedAt - b.addedAt)
		);
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
