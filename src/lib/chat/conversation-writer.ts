/**
 * The only writer of one conversation's storage: it gives every message its position, writes in
 * the order things happened, keeps the draft on disk as it is typed, and folds what the unload
 * journal saved back into storage.
 *
 * - **Positions.** `nextSeq()` is strictly increasing and never handed out twice, so a prompt and
 *   its answer can never share a position (they did once; message-order.ts repairs those).
 * - **Order.** Writes run one after another in the order they were asked for: a later save of an
 *   answer can never be overtaken by an earlier one.
 * - **Draft.** Written as soon as the previous draft write is done (never more than one in flight,
 *   the latest text wins), so a draft typed a moment before a crash is on disk.
 * - **Fields.** The conversation record is patched, never overwritten: the title a person set in the
 *   list survives the chat saving its draft, and only `rename` and the first prompt change it.
 */
import type { Failure } from '../failure/index.ts';
import type { ConversationPatch, ConversationStore } from './storage/conversation-store.ts';
import { compareMessages } from './storage/message-order.ts';
import type { Conversation, ConversationRecord, MessageRecord } from './storage/records.ts';
import { clearJournal, readJournal } from './storage/unload-journal.ts';

export interface WriterHooks {
	/** After every write: the store may have changed its `problem` (a full disk, say). */
	onWritten?: () => void;
	/** After the conversation record was written (title, draft, model or time changed). */
	onRecordSaved?: () => void;
}

export class ConversationWriter {
	readonly id: string;
	readonly #store: ConversationStore;
	readonly #hooks: WriterHooks;
	/** The record as first known, for creating it on the first write. */
	#initial: ConversationRecord;
	#lastSeq: number;
	#queue: Promise<void> = Promise.resolve();
	/** The draft still to write, `null` when the stored draft is current. */
	#pendingDraft: string | null = null;
	#draftWriting = false;
	/** Whether the conversation is in storage: a blank one is written with its first message. */
	#stored: boolean;

	constructor(
		store: ConversationStore,
		record: ConversationRecord,
		messages: readonly MessageRecord[],
		hooks: WriterHooks = {}
	) {
		this.id = record.id;
		this.#store = store;
		this.#initial = record;
		this.#hooks = hooks;
		this.#lastSeq = Math.max(-1, ...messages.map((message) => Math.floor(message.seq)));
		this.#stored = messages.length > 0;
	}

	/** The position of the next message: after every message this writer or storage knows of. */
	nextSeq(): number {
		this.#lastSeq += 1;
		return this.#lastSeq;
	}

	/** A position between `before` (or the start) and `after`, for a notice inserted there. */
	static seqBetween(before: number | undefined, after: number): number {
		return before === undefined ? after - 0.5 : (before + after) / 2;
	}

	/** Saves a message (a snapshot: later changes to the object are not part of this write). */
	saveMessage(record: MessageRecord): Promise<void> {
		const snapshot = structuredClone(record);
		this.#stored = true;
		// A message from elsewhere (the unload journal) may stand after every stored one.
		this.#lastSeq = Math.max(this.#lastSeq, Math.floor(record.seq));
		return this.#enqueue(() => this.#store.saveMessage(snapshot));
	}

	deleteMessages(ids: readonly string[]): Promise<void> {
		const list = [...ids];
		return this.#enqueue(() => this.#store.deleteMessages(list));
	}

	/** Changes these fields of the conversation record, and nothing else. */
	patch(fields: ConversationPatch): Promise<void> {
		const patch = { ...fields };
		if (this.#pendingDraft !== null && patch.draft === undefined) {
			patch.draft = this.#pendingDraft;
			this.#pendingDraft = null;
		}
		return this.#enqueue(async () => {
			await this.#store.patchConversation(this.id, patch, this.#initial);
			this.#initial = { ...this.#initial, ...patch };
			this.#hooks.onRecordSaved?.();
		});
	}

	/**
	 * Keeps `text` as the draft: written now, or right after the draft write under way. A blank
	 * conversation's draft waits for its first message (the list holds only conversations with one).
	 */
	saveDraft(text: string): void {
		this.#pendingDraft = text;
		if (this.#stored && !this.#draftWriting) void this.#writeDraft();
	}

	/** Resolves once every write asked for so far (the draft included) is done. */
	async settled(): Promise<void> {
		for (;;) {
			const queue = this.#queue;
			await queue;
			if (queue === this.#queue && !this.#draftWriting) return;
		}
	}

	async #writeDraft(): Promise<void> {
		this.#draftWriting = true;
		try {
			while (this.#pendingDraft !== null) {
				const draft = this.#pendingDraft;
				this.#pendingDraft = null;
				await this.patch({ draft });
			}
		} finally {
			this.#draftWriting = false;
		}
	}

	#enqueue(write: () => Promise<void>): Promise<void> {
		const done = this.#queue.then(write).finally(() => this.#hooks.onWritten?.());
		// A failed write does not stop the ones after it (the store has already fallen back).
		this.#queue = done.catch(() => undefined);
		return done;
	}
}

const PAGE_CLOSED: Failure = {
	kind: 'stream_interrupted',
	message: 'The page was closed or reloaded while this answer was streaming.'
};

/** The journal's copy of a message replaces the stored one (it is newer) or is added. */
function withJournal(messages: readonly MessageRecord[], latest: MessageRecord | undefined) {
	if (latest === undefined) return [...messages];
	const index = messages.findIndex((message) => message.id === latest.id);
	if (index === -1) return [...messages, latest].sort(compareMessages);
	return messages.map((message, at) => (at === index ? latest : message));
}

/**
 * A stored conversation as the page shows it again: with what the unload journal kept (the draft,
 * and the answer that was streaming when the page went away), and every answer that was still
 * streaming settled as interrupted. Whatever changed is written back through `writer` — so it is
 * not lost at the next reload — and only then is the journal removed (a page that dies before
 * keeps it for the next load).
 */
export function restoreConversation(
	writer: ConversationWriter,
	conversation: Conversation
): { messages: MessageRecord[]; draft: string } {
	const journal = readJournal(writer.id);
	const messages = withJournal(conversation.messages, journal?.message).map((message) => {
		const fromJournal = message === journal?.message;
		const settled: MessageRecord =
			message.status === 'streaming'
				? { ...message, status: 'interrupted', failure: message.failure ?? PAGE_CLOSED }
				: message;
		if (fromJournal || settled !== message) void writer.saveMessage(settled);
		return settled;
	});
	const draft = journal?.draft ?? conversation.draft;
	if (draft !== conversation.draft) writer.saveDraft(draft);
	if (journal !== null) void writer.settled().then(() => clearJournal(writer.id));
	return { messages, draft };
}
