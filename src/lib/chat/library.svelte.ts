/**
 * All conversations: the list (searchable by title and by the text of every message), the open
 * one, rename, delete with undo, export and import. A conversation is written to storage with its
 * first message; until then only its draft is kept (`ConversationWriter.saveDraft`). The search
 * is `search` (search/conversation-search.svelte.ts).
 */
import { DEFAULT_TITLE } from './chat-message.ts';
import { ChatSession, type TurnTarget } from './chat-session.svelte.ts';
import { ConversationChannel, type ConversationNews } from './conversation-channel.ts';
import { blankDraftConversation } from './conversation-restore.ts';
import { type ConversationStore, type StorageProblem } from './storage/conversation-store.ts';
import { openConversationStore } from './storage/indexeddb-store.ts';
import { UnopenedStore } from './storage/unopened-store.ts';
import type { Conversation, ConversationRecord } from './storage/records.ts';
import type { DamagedInImport } from './storage/import-file.ts';
import type { ExportFormat } from './storage/transfer.ts';
import { forgetDeletingMark, markDeleting, takeDeletingMark } from './storage/deleting-mark.ts';
import { takeUnsavedMark } from './storage/unsaved-mark.ts';
import { markOpen, openMark } from './storage/open-mark.ts';
import { SearchableStore } from './search/searchable-store.ts';
import { ConversationSearch } from './search/conversation-search.svelte.ts';
import { assertNever } from '../failure/assert-never.ts';

/** Export and import, loaded when first used (not part of the chat's first paint). */
const loadTransfer = () => import('./library-transfer.ts');

/** How long a deleted conversation can be brought back. */
export const UNDO_DELETE_MS = 8000;

/** Where an import is. */
export interface ImportProgress {
	messagesDone: number;
	messagesTotal: number;
	conversationsDone: number;
	conversationsTotal: number;
}

/** What an import did. */
export interface ImportSummary {
	conversations: number;
	messages: number;
	/** Conversations or messages in the file that did not validate and were left out. */
	skipped: number;
	/** Which conversations of the file those were in. */
	damaged: readonly DamagedInImport[];
	/** Conversations in the file the library has already, unchanged, left out. */
	alreadyHere: number;
	/** From reading the file to the last write. */
	milliseconds: number;
}

export interface Download {
	filename: string;
	mimeType: string;
	text: string;
}

export class ConversationLibrary {
	#store = new SearchableStore(new UnopenedStore());
	#conversations = $state.raw<ConversationRecord[]>([]);
	#session = $state.raw<ChatSession | null>(null);
	#deleted = $state.raw<ConversationRecord | null>(null);
	#deletedWasOpen = false;
	/** Conversations whose delete is being carried out in the store. */
	#deleting: string[] = [];
	/** Counts deletes carried out (here or in another tab): a list read spanning one is stale. */
	#removals = 0;
	/** Counts the asks to show a conversation: a load that answers after a later ask shows nothing. */
	#asks = 0;
	#deleteTimer: ReturnType<typeof setTimeout> | undefined;
	#problem = $state<StorageProblem | null>(null);
	/** When the previous page stopped saving (what came after is gone), if it did. */
	#unsavedBefore = $state<number | null>(null);
	#skipped = $state(0);
	#importing = $state.raw<ImportProgress | null>(null);
	/** What this tab tells the other tabs, and hears from them. */
	readonly #channel: ConversationChannel;

	readonly search = new ConversationSearch(() => this.#store);

	/** The conversations listed: all of them, or those the search finds. */
	readonly visible = $derived(this.search.listed(this.#conversations));

	constructor(
		private readonly target: () => TurnTarget,
		channel: ConversationChannel = new ConversationChannel()
	) {
		this.#channel = channel;
		channel.subscribe((news) => void this.#hear(news));
		// Leaving ends the undo offer: the delete is final (storage/deleting-mark.ts).
		globalThis.addEventListener?.('pagehide', () => {
			const deleted = this.#deleted;
			if (deleted === null) return;
			markDeleting(deleted.id);
			void this.#commitDelete().then(() => forgetDeletingMark(deleted.id));
		});
	}

	get session(): ChatSession | null {
		return this.#session;
	}
	get conversations(): readonly ConversationRecord[] {
		return this.#conversations;
	}
	/** The conversation whose deletion can still be undone. */
	get deleted(): ConversationRecord | null {
		return this.#deleted;
	}
	/** Why history is not being saved, if it is not. */
	get problem(): StorageProblem | null {
		return this.#problem;
	}
	/** The time from which the previous page's conversations were kept only in that page. */
	get unsavedBefore(): number | null {
		return this.#unsavedBefore;
	}
	/** Stored records that could not be read and were skipped. */
	get skippedRecords(): number {
		return this.#skipped;
	}
	/** Where an import is; null when none is running. */
	get importing(): ImportProgress | null {
		return this.#importing;
	}

	/**
	 * Opens storage and the conversation this tab showed before a reload; else a new one being typed
	 * in, the most recent, or a new one.
	 */
	async open(store?: ConversationStore): Promise<void> {
		this.#store = new SearchableStore(store ?? (await openConversationStore()));
		this.#unsavedBefore = takeUnsavedMark();
		const deleting = takeDeletingMark();
		// Not deleted is shown, and can be deleted again: never a reason for the page not to load.
		if (deleting !== null) await this.#store.deleteConversation(deleting).catch(() => undefined);
		// A new conversation that was being typed in, never sent, is where the person was.
		const blank = await blankDraftConversation(
			this.#store,
			this.#refresh().then(() => this.#conversations.map(({ id }) => id))
		);
		const latest = this.#conversations[0];
		const wasOpen = openMark();
		const stored = this.#conversations.find(({ id }) => id === wasOpen);
		// Its id and draft only: when it was saved is no part of a conversation.
		if (stored !== undefined && stored.id !== blank?.id) await this.select(stored.id);
		else if (wasOpen !== null && (await this.#onlyFilesWaitIn(wasOpen, blank?.id)))
			this.#show({ ...this.#blank(), id: wasOpen });
		else if (blank !== null) this.#show({ ...this.#blank(), id: blank.id, draft: blank.draft });
		else if (latest === undefined) this.newConversation();
		else await this.select(latest.id);
	}

	/**
	 * Whether `id`, the conversation this tab showed, is a new one (never sent, not `blank`) with
	 * files waiting in its composer and no words: reopened, they are there.
	 */
	async #onlyFilesWaitIn(id: string, blank: string | undefined): Promise<boolean> {
		if (id === blank || this.#conversations.some((record) => record.id === id)) return false;
		const files = await this.#store.draftFiles(id).catch(() => []);
		return files.length > 0;
	}

	newConversation(): void {
		this.#asks += 1;
		this.#show(this.#blank());
	}

	/**
	 * A new conversation that carries on from `from`'s latest compaction summary (carry-over.ts,
	 * loaded now); a plain new one when it has none. The last prompt of `from` waits in its composer.
	 */
	async newConversationFromSummary(from: ChatSession | null): Promise<void> {
		const ask = ++this.#asks;
		const { carryOver } = await import('./carry-over.ts');
		const conversation = carryOver(from, this.#blank());
		const { messages, ...record } = conversation;
		if (messages.length > 0) {
			await this.#store.saveConversation(record);
			for (const message of messages) await this.#store.saveMessage(message);
			await this.#refresh();
		}
		// Another conversation asked for meanwhile: this one waits in the list.
		if (ask === this.#asks) this.#show(conversation);
	}

	#blank(): Conversation {
		const now = Date.now();
		return {
			id: crypto.randomUUID(),
			title: DEFAULT_TITLE,
			createdAt: now,
			updatedAt: now,
			model: this.#model(),
			profileId: 'default',
			draft: '',
			messages: []
		};
	}

	#model(): string {
		try {
			return this.target().model;
		} catch {
			return '';
		}
	}

	/** Opens conversation `id`; with `messageId` (a search hit), brings that message into view. */
	async select(id: string, messageId?: string): Promise<void> {
		const ask = ++this.#asks;
		if (this.#session?.id !== id) {
			const conversation = await this.#store.load(id);
			this.#syncProblem();
			// Loads answer in any order (a long conversation takes longer): the last asked wins.
			if (conversation === null || ask !== this.#asks) return;
			this.#show(conversation);
		}
		if (messageId !== undefined) await this.#session?.reveal(messageId);
	}

	async rename(id: string, title: string): Promise<void> {
		const record = this.#conversations.find((candidate) => candidate.id === id);
		const trimmed = title.trim();
		if (record === undefined || trimmed === '') return;
		// Only the title: a draft or an answer saved meanwhile is kept, and so is this title.
		await this.#store.patchConversation(id, { title: trimmed }, record);
		if (this.#session?.id === id) this.#session.renamed(trimmed);
		this.#channel.post({ type: 'record', conversationId: id, patch: { title: trimmed } });
		await this.#refresh();
	}

	/**
	 * Hides the conversation at once and deletes it for good after UNDO_DELETE_MS, a wait that
	 * `holdRemoval` stretches while the person is at the offer to undo it.
	 */
	async remove(id: string): Promise<void> {
		const record = this.#conversations.find((candidate) => candidate.id === id);
		if (record === undefined) return;
		await this.#commitDelete();
		this.#deleted = record;
		this.#deletedWasOpen = this.#session?.id === id;
		this.#conversations = this.#conversations.filter((candidate) => candidate.id !== id);
		if (this.#session?.id === id) {
			const next = this.#conversations[0];
			if (next === undefined) this.newConversation();
			else await this.select(next.id);
		}
		this.#startDeleteTimer();
	}

	/**
	 * While the person is at the undo offer (pointer or focus on it) the delete waits, however
	 * long they take (WCAG 2.2.1); let go, it gets the whole UNDO_DELETE_MS again.
	 */
	holdRemoval(held: boolean): void {
		if (this.#deleted === null) return;
		if (held) clearTimeout(this.#deleteTimer);
		else this.#startDeleteTimer();
	}

	#startDeleteTimer(): void {
		clearTimeout(this.#deleteTimer);
		this.#deleteTimer = setTimeout(() => void this.#commitDelete(), UNDO_DELETE_MS);
	}

	/** Puts the conversation back in the list, and on screen again if it was open when deleted. */
	async undoRemove(): Promise<void> {
		const record = this.#deleted;
		if (record === null) return;
		clearTimeout(this.#deleteTimer);
		this.#deleted = null;
		this.#conversations = [...this.#conversations, record].sort(
			(a, b) => b.updatedAt - a.updatedAt
		);
		if (this.#deletedWasOpen) await this.select(record.id);
	}

	async exportAll(): Promise<Download> {
		const { exportAll } = await loadTransfer();
		return exportAll(this.#store);
	}

	async exportOne(id: string, format: ExportFormat): Promise<Download | null> {
		const { exportOne } = await loadTransfer();
		return exportOne(this.#store, id, format);
	}

	/**
	 * Adds the conversations of an export file, IMPORT_BATCH_MESSAGES messages per write and
	 * yielding to the page between writes, with `importing` telling how far it is; throws
	 * ImportError when the file is not an export.
	 */
	async importJson(text: string): Promise<ImportSummary> {
		const { importInto } = await loadTransfer();
		try {
			return await importInto(this.#store, text, {
				deleting: this.#deleted?.id,
				progress: (progress) => (this.#importing = progress),
				// Other tabs reload their whole list on a record's news: one per batch is enough.
				batchWritten: (conversationId) =>
					this.#channel.post({ type: 'record', conversationId, patch: {} })
			});
		} finally {
			this.#importing = null;
			await this.#refresh();
		}
	}

	dispose(): void {
		this.search.dispose();
		this.#session?.dispose();
		void this.#commitDelete().finally(() => this.#channel.close());
	}

	/**
	 * Another tab changed a conversation: the list follows, and so does the search index; a deleted
	 * open one is left.
	 */
	async #hear(news: ConversationNews): Promise<void> {
		// Not loaded yet: nothing to note, a new index reads storage when first searched.
		const index = this.#store.loadedIndex;
		switch (news.type) {
			case 'deleted':
				index?.removeConversation(news.conversationId);
				this.#removals += 1;
				this.#conversations = this.#conversations.filter(
					(record) => record.id !== news.conversationId
				);
				if (this.#session?.id === news.conversationId) {
					const next = this.#conversations[0];
					if (next === undefined) this.newConversation();
					else await this.select(next.id);
				}
				return;
			case 'record': {
				// A draft typed in another tab changes nothing in this list.
				const { draft, ...listed } = news.patch;
				if (Object.keys(listed).length === 0 && draft !== undefined) return;
				// eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local lookup, not rendered
				const known = new Set(this.#conversations.map((record) => record.id));
				await this.#refresh();
				// New conversations whose messages this tab was not sent (an import in another tab):
				// the index reads storage again on the next search.
				if (this.#conversations.some((record) => !known.has(record.id))) {
					index?.invalidate();
					this.search.refresh();
				}
				return;
			}
			case 'message':
				index?.noteMessage(news.record);
				// A conversation started in another tab.
				if (!this.#conversations.some((r) => r.id === news.record.conversationId)) {
					await this.#refresh();
				}
				return;
			case 'messages-removed':
				index?.removeMessages(news.ids);
				return;
			default:
				assertNever(news, 'conversation news');
		}
	}

	#show(conversation: Conversation): void {
		markOpen(conversation.id);
		this.#session?.dispose();
		this.#session = new ChatSession({
			conversation,
			store: this.#store,
			target: this.target,
			onSaved: () => void this.#refresh(),
			// A refused write is shown when it happens, mid-answer included.
			onWritten: () => this.#syncProblem(),
			channel: this.#channel
		});
	}

	async #commitDelete(): Promise<void> {
		clearTimeout(this.#deleteTimer);
		const record = this.#deleted;
		if (record === null) return;
		this.#deleted = null;
		this.#deleting = [...this.#deleting, record.id];
		try {
			await this.#store.deleteConversation(record.id);
		} finally {
			this.#deleting = this.#deleting.filter((id) => id !== record.id);
			this.#removals += 1;
		}
		this.#channel.post({ type: 'deleted', conversationId: record.id });
	}

	/**
	 * The list as stored, less what is deleted here. A read begun before a delete was done (here
	 * or in another tab) may still hold it, and is read again: a save just before the delete
	 * (an answer completing) must not put the deleted conversation back.
	 */
	async #refresh(): Promise<void> {
		let listed: ConversationRecord[];
		let removals: number;
		do {
			removals = this.#removals;
			listed = await this.#store.list();
		} while (removals !== this.#removals);
		const hidden = [...this.#deleting, this.#deleted?.id];
		this.#conversations = listed.filter((record) => !hidden.includes(record.id));
		this.#syncProblem();
		// Something was saved: the open search includes it.
		this.search.refresh();
	}

	#syncProblem(): void {
		this.#problem = this.#store.problem;
		this.#skipped = this.#store.skippedRecords;
	}
}
