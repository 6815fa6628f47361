/**
 * A conversation store that keeps a search index of its messages current: every write and delete
 * made through it (by the open conversation, an import, the library) goes to the store and then to
 * the index. The library hands this store to everything, so nothing in this tab writes around it;
 * what other tabs write reaches the index through the library's channel (see library.svelte.ts).
 */
import type {
	ConversationPatch,
	ConversationStore,
	StorageProblem,
	StoredAttachment,
	StoredBatch
} from '../storage/conversation-store.ts';
import type { Conversation, ConversationRecord, MessageRecord } from '../storage/records.ts';
import { MessageSearchIndex } from './message-index.ts';

export class SearchableStore implements ConversationStore {
	readonly index: MessageSearchIndex;

	constructor(private readonly inner: ConversationStore) {
		this.index = new MessageSearchIndex((onBatch) => inner.scanMessages(onBatch));
	}

	get problem(): StorageProblem | null {
		return this.inner.problem;
	}
	get skippedRecords(): number {
		return this.inner.skippedRecords;
	}

	list(): Promise<ConversationRecord[]> {
		return this.inner.list();
	}
	load(id: string): Promise<Conversation | null> {
		return this.inner.load(id);
	}
	saveConversation(record: ConversationRecord): Promise<void> {
		return this.inner.saveConversation(record);
	}
	patchConversation(
		id: string,
		patch: ConversationPatch,
		initial: ConversationRecord
	): Promise<void> {
		return this.inner.patchConversation(id, patch, initial);
	}
	async saveMessage(record: MessageRecord): Promise<void> {
		await this.inner.saveMessage(record);
		this.index.noteMessage(record);
	}
	async deleteConversation(id: string): Promise<void> {
		await this.inner.deleteConversation(id);
		this.index.removeConversation(id);
	}
	lastSeq(conversationId: string): Promise<number> {
		return this.inner.lastSeq(conversationId);
	}
	async deleteMessages(ids: readonly string[]): Promise<void> {
		await this.inner.deleteMessages(ids);
		this.index.removeMessages(ids);
	}
	loadAll(): Promise<Conversation[]> {
		return this.inner.loadAll();
	}
	saveAttachment(attachment: StoredAttachment): Promise<void> {
		return this.inner.saveAttachment(attachment);
	}
	loadAttachment(id: string): Promise<Blob | undefined> {
		return this.inner.loadAttachment(id);
	}
	scanMessages(onBatch: (records: readonly MessageRecord[]) => void): Promise<void> {
		return this.inner.scanMessages(onBatch);
	}
	async saveBatch(batch: StoredBatch): Promise<void> {
		await this.inner.saveBatch(batch);
		this.index.noteMessages(batch.messages);
	}
}
