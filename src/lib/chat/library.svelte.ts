/**
 * All conversations: the list (searchable), the open one, rename, delete with undo, export and
 * import. A conversation is written to storage with its first message; until then it is only on
 * screen.
 */
import { DEFAULT_TITLE } from './chat-message.ts';
import { ChatSession, type TurnTarget } from './chat-session.svelte.ts';
import { ConversationChannel, type ConversationNews } from './conversation-channel.ts';
import { CARRIED_OVER_NOTICE } from './compaction.ts';
import {
	MemoryStore,
	openConversationStore,
	type ConversationStore,
	type StorageProblem
} from './storage/conversation-store.ts';
import type { Conversation, ConversationRecord } from './storage/records.ts';
import { takeUnsavedMark } from './storage/unsaved-mark.ts';
import { base64ToBlob, blobToBase64 } from './storage/blob-base64.ts';

/** Export and import, loaded when first used (not part of the chat's first paint). */
const loadTransfer = () => import('./storage/transfer.ts');

/** How long a deleted conversation can be brought back. */
export const UNDO_DELETE_MS = 8000;

export interface Download {
	filename: string;
	mimeType: string;
	text: string;
}

export class ConversationLibrary {
	#store: ConversationStore = new MemoryStore();
	#conversations = $state.raw<ConversationRecord[]>([]);
	#session = $state.raw<ChatSession | null>(null);
	#deleted = $state.raw<ConversationRecord | null>(null);
	#deleteTimer: ReturnType<typeof setTimeout> | undefined;
	#problem = $state<StorageProblem | null>(null);
	/** When the previous page stopped saving (what came after is gone), if it did. */
	#unsavedBefore = $state<number | null>(null);
	#skipped = $state(0);
	query = $state('');
	/** What this tab tells the other tabs, and hears from them. */
	readonly #channel: ConversationChannel;

	readonly visible = $derived.by(() => {
		const query = this.query.trim().toLowerCase();
		return query === ''
			? this.#conversations
			: this.#conversations.filter((record) => record.title.toLowerCase().includes(query));
	});

	constructor(
		private readonly target: () => TurnTarget,
		channel: ConversationChannel = new ConversationChannel()
	) {
		this.#channel = channel;
		channel.subscribe((news) => void this.#hear(news));
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

	/** Opens storage and the most recent conversation (or a new one). */
	async open(store?: ConversationStore): Promise<void> {
		this.#store = store ?? (await openConversationStore());
		this.#unsavedBefore = takeUnsavedMark();
		await this.#refresh();
		const latest = this.#conversations[0];
		if (latest === undefined) this.newConversation();
		else await this.select(latest.id);
	}

	newConversation(): void {
		this.#show(this.#blank());
	}

	/**
	 * A new conversation that carries on from `from`'s latest compaction summary (the way out when
	 * a conversation is too large even after compacting); a plain new one when it has none. The
	 * last prompt of `from` waits in its composer: nothing is retyped.
	 */
	async newConversationFromSummary(from: ChatSession | null): Promise<void> {
		const summary = from?.latestSummary ?? null;
		const conversation = this.#blank();
		conversation.draft = from?.messages.findLast((message) => message.role === 'user')?.text ?? '';
		if (summary !== null) {
			conversation.title = `${from?.title ?? 'Conversation'} (continued)`;
			conversation.messages = [
				{
					id: crypto.randomUUID(),
					conversationId: conversation.id,
					seq: 0,
					role: 'assistant',
					text: summary,
					reasoning: '',
					status: 'completed',
					images: [],
					createdAt: Date.now(),
					notice: CARRIED_OVER_NOTICE,
					summaryOf: 1
				}
			];
			const { messages, ...record } = conversation;
			await this.#store.saveConversation(record);
			for (const message of messages) await this.#store.saveMessage(message);
			await this.#refresh();
		}
		this.#show(conversation);
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

	async select(id: string): Promise<void> {
		if (this.#session?.id === id) return;
		const conversation = await this.#store.load(id);
		this.#syncProblem();
		if (conversation === null) return;
		this.#show(conversation);
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

	/** Hides the conversation at once and deletes it for good after UNDO_DELETE_MS. */
	async remove(id: string): Promise<void> {
		const record = this.#conversations.find((candidate) => candidate.id === id);
		if (record === undefined) return;
		await this.#commitDelete();
		this.#deleted = record;
		this.#conversations = this.#conversations.filter((candidate) => candidate.id !== id);
		if (this.#session?.id === id) {
			const next = this.#conversations[0];
			if (next === undefined) this.newConversation();
			else await this.select(next.id);
		}
		this.#deleteTimer = setTimeout(() => void this.#commitDelete(), UNDO_DELETE_MS);
	}

	undoRemove(): void {
		const record = this.#deleted;
		if (record === null) return;
		clearTimeout(this.#deleteTimer);
		this.#deleted = null;
		this.#conversations = [...this.#conversations, record].sort(
			(a, b) => b.updatedAt - a.updatedAt
		);
	}

	async exportAll(): Promise<Download> {
		const { exportDate } = await loadTransfer();
		return {
			filename: `switchboard-conversations-${exportDate()}.json`,
			mimeType: 'application/json',
			text: await this.#exportText(await this.#store.loadAll())
		};
	}

	/** The JSON export of `conversations`, with the bytes of their attached files. */
	async #exportText(conversations: readonly Conversation[]): Promise<string> {
		const { exportJson } = await loadTransfer();
		const attachments: Record<string, string> = {};
		for (const conversation of conversations) {
			for (const message of conversation.messages) {
				for (const file of message.attachments ?? []) {
					const blob = await this.#store.loadAttachment(file.id);
					if (blob !== undefined) attachments[file.id] = await blobToBase64(blob);
				}
			}
		}
		return exportJson(conversations, undefined, attachments);
	}

	async exportOne(id: string, format: 'json' | 'markdown'): Promise<Download | null> {
		const conversation = await this.#store.load(id);
		if (conversation === null) return null;
		const { exportMarkdown } = await loadTransfer();
		const base =
			conversation.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'conversation';
		return format === 'json'
			? {
					filename: `${base}.json`,
					mimeType: 'application/json',
					text: await this.#exportText([conversation])
				}
			: { filename: `${base}.md`, mimeType: 'text/markdown', text: exportMarkdown(conversation) };
	}

	/** Adds the conversations of an export file; throws ImportError when the file is not one. */
	async importJson(text: string): Promise<{ imported: number; skipped: number }> {
		const { parseImport } = await loadTransfer();
		const { conversations, attachments, skipped } = parseImport(text);
		for (const conversation of conversations) {
			const { messages, ...record } = conversation;
			await this.#store.saveConversation(record);
			for (const file of attachments) {
				if (file.conversationId !== record.id) continue;
				const blob = base64ToBlob(file.base64, file.mimeType);
				await this.#store.saveAttachment({ id: file.id, conversationId: record.id, blob });
			}
			for (const message of messages) await this.#store.saveMessage(message);
		}
		await this.#refresh();
		for (const { id } of conversations) {
			this.#channel.post({ type: 'record', conversationId: id, patch: {} });
		}
		return { imported: conversations.length, skipped };
	}

	dispose(): void {
		this.#session?.dispose();
		void this.#commitDelete().finally(() => this.#channel.close());
	}

	/** Another tab changed a conversation: the list follows; a deleted open one is left. */
	async #hear(news: ConversationNews): Promise<void> {
		if (news.type === 'deleted') {
			this.#conversations = this.#conversations.filter(
				(record) => record.id !== news.conversationId
			);
			if (this.#session?.id === news.conversationId) {
				const next = this.#conversations[0];
				if (next === undefined) this.newConversation();
				else await this.select(next.id);
			}
		} else if (news.type === 'record') {
			// A draft typed in another tab changes nothing in this list.
			const { draft, ...listed } = news.patch;
			if (Object.keys(listed).length > 0 || draft === undefined) await this.#refresh();
		} else if (
			news.type === 'message' &&
			!this.#conversations.some((r) => r.id === news.record.conversationId)
		) {
			// A conversation started in another tab.
			await this.#refresh();
		}
	}

	#show(conversation: Conversation): void {
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
		await this.#store.deleteConversation(record.id);
		this.#channel.post({ type: 'deleted', conversationId: record.id });
	}

	async #refresh(): Promise<void> {
		const deleted = this.#deleted?.id;
		this.#conversations = (await this.#store.list()).filter((record) => record.id !== deleted);
		this.#syncProblem();
	}

	#syncProblem(): void {
		this.#problem = this.#store.problem;
		this.#skipped = this.#store.skippedRecords;
	}
}
