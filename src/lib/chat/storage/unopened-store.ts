/**
 * The store a conversation library holds until `open` gives it the real one (library.svelte.ts):
 * it holds nothing, and keeps nothing it is given. Nothing is written before `open` (no
 * conversation is shown yet, so nothing is typed); a read finds an empty library. It is not the
 * memory store (memory-store.ts), whose code loads only where storage fails (bench:size: the
 * first paint does not carry it). Where storage is unavailable and that code cannot be loaded
 * either, it is the store (`problem: 'unavailable'`), and the page says history is not saved.
 */
import type {
	BlankDraft,
	ConversationStore,
	DraftFile,
	StorageProblem
} from './conversation-store.ts';
import type { Conversation, ConversationRecord } from './records.ts';

const nothing = (): Promise<void> => Promise.resolve();

export class UnopenedStore implements ConversationStore {
	readonly skippedRecords = 0;
	readonly saveConversation = nothing;
	readonly patchConversation = nothing;
	readonly saveMessage = nothing;
	readonly deleteConversation = nothing;
	readonly saveBlankDraft = nothing;
	readonly saveAttachment = nothing;
	readonly saveDraftFile = nothing;
	readonly forgetDraftFile = nothing;
	readonly scanMessages = nothing;
	readonly saveBatch = nothing;

	constructor(readonly problem: StorageProblem | null = null) {}

	list(): Promise<ConversationRecord[]> {
		return Promise.resolve([]);
	}
	load(): Promise<Conversation | null> {
		return Promise.resolve(null);
	}
	deletedIds(): Promise<ReadonlySet<string>> {
		return Promise.resolve(new Set());
	}
	lastSeq(): Promise<number> {
		return Promise.resolve(-1);
	}
	loadAll(): Promise<Conversation[]> {
		return Promise.resolve([]);
	}
	draftFiles(): Promise<DraftFile[]> {
		return Promise.resolve([]);
	}
	blankDrafts(): Promise<BlankDraft[]> {
		return Promise.resolve([]);
	}
	loadAttachment(): Promise<Blob | undefined> {
		return Promise.resolve(undefined);
	}
}
