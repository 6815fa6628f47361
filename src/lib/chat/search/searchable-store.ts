/**
 * A conversation store that keeps a search index of its messages current: every write and delete
 * made through it (by the open conversation, an import, the library) goes to the store and then to
 * the index. The library hands this store to everything, so nothing in this tab writes around it;
 * what other tabs write reaches the index through the library's channel (see library.svelte.ts).
 *
 * The index's code loads when it is first asked for (`searchIndex`: the search field's focus or a
 * query), not with the first paint (bench:size). A write before then needs no note: a new index
 * reads storage when it is first searched.
 */
import type {
	BlankDraft,
	ConversationPatch,
	ConversationStore,
	DraftFile,
	RecordChange,
	StorageProblem,
	StoredAttachment,
	StoredBatch
} from '../storage/conversation-store.ts';
import type { Conversation, ConversationRecord, MessageRecord } from '../storage/records.ts';
import type { MessageSearchIndex } from './message-index.ts';

export class SearchableStore implements ConversationStore {
	#index: MessageSearchIndex | null = null;
	#loading: Promise<MessageSearchIndex> | null = null;

	constructor(private readonly inner: ConversationStore) {}

	/** The index of this store's messages, its code loaded on first use. */
	searchIndex(): Promise<MessageSearchIndex> {
		this.#loading ??= import('./message-index.ts').then(({ MessageSearchIndex }) => {
			this.#index = new MessageSearchIndex((onBatch) => this.inner.scanMessages(onBatch));
			return this.#index;
		});
		return this.#loading;
	}

	/** The index if its code has loaded (writes are noted in it from then on). */
	get loadedIndex(): MessageSearchIndex | null {
		return this.#index;
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
	deletedIds(): Promise<ReadonlySet<string>> {
		return this.inner.deletedIds();
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
	async saveMessage(record: MessageRecord, withRecord?: RecordChange): Promise<void> {
		await this.inner.saveMessage(record, withRecord);
		this.#index?.noteMessage(record);
	}
	async deleteConversation(id: string): Promise<void> {
		await this.inner.deleteConversation(id);
		this.#index?.removeConversation(id);
	}
	lastSeq(conversationId: string): Promise<number> {
		return this.inner.lastSeq(conversationId);
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
	saveDraftFile(file: DraftFile): Promise<void> {
		return this.inner.saveDraftFile(file);
	}
	forgetDraftFile(conversationId: string, id: string): Promise<void> {
		return this.inner.forgetDraftFile(conversationId, id);
	}
	draftFiles(conversationId: string): Promise<DraftFile[]> {
		return this.inner.draftFiles(conversationId);
	}
	saveBlankDraft(id: string, draft: string): Promise<void> {
		return this.inner.saveBlankDraft(id, draft);
	}
	blankDrafts(): Promise<BlankDraft[]> {
		return this.inner.blankDrafts();
	}
	scanMessages(onBatch: (records: readonly MessageRecord[]) => void): Promise<void> {
		return this.inner.scanMessages(onBatch);
	}
	async saveBatch(batch: StoredBatch): Promise<void> {
		await this.inner.saveBatch(batch);
		this.#index?.noteMessages(batch.messages);
	}
}
