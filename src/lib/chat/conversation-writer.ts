/**
 * The only writer of one conversation's storage: it gives every message its position, writes in
 * the order things happened, keeps the draft on disk as it is typed, and says which record fields
 * are still being written, for the unload journal. What a page that went away left behind is
 * taken up through it by conversation-restore.ts.
 *
 * - **Positions.** `nextSeq()` is strictly increasing and never handed out twice, so a prompt and
 *   its answer can never share a position (they did once; message-order.ts repairs those).
 * - **Order.** Writes run one after another in the order they were asked for: a later save of an
 *   answer can never be overtaken by an earlier one.
 * - **Draft.** Written as soon as the previous draft write is done (never more than one in flight,
 *   the latest text wins), so a draft typed a moment before a crash is on disk — a blank
 *   conversation's too, among the store's blank drafts, as it is not stored until its first message.
 * - **Fields.** The conversation record is patched, never overwritten: the title a person set in the
 *   list survives the chat saving its draft, and only `rename` and the first prompt change it.
 * - **Tabs.** A turn is written by one tab at a time: `claim()` takes the conversation's Web Lock
 *   for the turn (another tab answering in it holds it) and catches up with positions other tabs
 *   gave out; every write is told to the other tabs on the `ConversationChannel`, so they show it.
 *   @see https://w3c.github.io/web-locks/
 */
import type { ConversationChannel } from './conversation-channel.ts';
import type {
	ConversationPatch,
	ConversationStore,
	DraftFile,
	StoredAttachment
} from './storage/conversation-store.ts';
import type { ConversationRecord, MessageRecord } from './storage/records.ts';
import { clearJournal, writeJournal } from './storage/unload-journal.ts';

/**
 * How long a turn waits for the conversation's lock: long enough for a lock being given back by a
 * busy browser (a tab's last turn, a tab closing); a tab answering for longer holds the
 * conversation, and this one sends nothing (its page says another tab is answering).
 */
const CLAIM_WAIT_MS = 5000;
/**
 * How long this tab keeps the lock after its last turn: a prompt sent right after an answer
 * (the common case) continues on it instead of waiting for the browser to give it back and hand
 * it over again.
 */
const LINGER_MS = 1500;

export interface WriterHooks {
	/** Where the other tabs hear of this conversation's writes. */
	channel?: ConversationChannel;
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
	/** The record's fields in writes not yet done, merged in the order asked, and how many. */
	#unwritten: ConversationPatch = {};
	#recordWrites = 0;
	/**
	 * Whether the conversation is in storage: a blank one is written with its first message (until
	 * then only its draft is kept, as a blank draft).
	 */
	#stored: boolean;
	/** Turns of this tab holding the conversation's lock, and how to give the lock back. */
	#holds = 0;
	#unlock: (() => void) | undefined;
	#linger: ReturnType<typeof setTimeout> | undefined;

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

	/** A position another tab gave out (heard on the channel): ours come after it. */
	observeSeq(seq: number): void {
		this.#lastSeq = Math.max(this.#lastSeq, Math.floor(seq));
	}

	/**
	 * Takes this conversation for one turn, across tabs: resolves with the function that gives it
	 * back, or `null` when another tab is answering in it. Turns of this tab share one hold (a retry
	 * starting as the previous turn ends does not wait for itself); a lock just being given back is
	 * waited for, briefly. Once taken, positions continue after everything stored, whichever tab
	 * wrote it.
	 */
	async claim(): Promise<(() => void) | null> {
		// This tab holds it already (a turn in flight, or the last one just ended): continue on it.
		const holding = this.#holds > 0 || this.#unlock !== undefined;
		const release = holding ? this.#hold() : await this.#lock();
		if (release === null) return null;
		try {
			this.observeSeq(await this.#store.lastSeq(this.id));
		} catch {
			// Storage unreadable: the positions this tab knows still increase.
		}
		return release;
	}

	/** One more turn of this tab on the lock it holds; the lock goes when the last one is done. */
	#hold(): () => void {
		clearTimeout(this.#linger);
		this.#holds += 1;
		let released = false;
		return () => {
			if (released) return;
			released = true;
			this.#holds -= 1;
			if (this.#holds > 0 || this.#unlock === undefined) return;
			this.#linger = setTimeout(() => {
				if (this.#holds > 0) return;
				this.#unlock?.();
				this.#unlock = undefined;
			}, LINGER_MS);
		};
	}

	async #lock(): Promise<(() => void) | null> {
		const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
		if (locks === undefined) return this.#hold();
		const giveUp = new AbortController();
		const timer = setTimeout(() => giveUp.abort(), CLAIM_WAIT_MS);
		try {
			await new Promise<void>((granted, refused) => {
				locks
					.request(`switchboard.conversation.${this.id}`, { signal: giveUp.signal }, () => {
						granted();
						// Held until the last turn of this tab gives it back.
						return new Promise<void>((unlock) => (this.#unlock = unlock));
					})
					.catch(refused);
			});
		} catch {
			// Waited in vain: another tab kept it, it is answering in this conversation. Any other
			// refusal means no locks here at all (a frame denied storage gets a SecurityError), and
			// this tab is alone.
			if (giveUp.signal.aborted) return null;
		} finally {
			clearTimeout(timer);
		}
		return this.#hold();
	}

	/** A position between `before` (or the start) and `after`, for a notice inserted there. */
	static seqBetween(before: number | undefined, after: number): number {
		return before === undefined ? after - 0.5 : (before + after) / 2;
	}

	/** Keeps an attached file's bytes, in write order: before the prompt that names it. */
	saveAttachment(attachment: StoredAttachment): Promise<void> {
		return this.#enqueue(() => this.#store.saveAttachment(attachment));
	}

	/**
	 * Keeps a file added to the composer, in write order: before the prompt that sends it, whose
	 * write takes it out of the waiting files.
	 */
	saveDraftFile(file: DraftFile): void {
		void this.#enqueue(() => this.#store.saveDraftFile(file));
	}

	/** A file taken out of the composer before it was sent. */
	forgetDraftFile(id: string): void {
		void this.#enqueue(() => this.#store.forgetDraftFile(this.id, id));
	}

	/**
	 * Saves a message (a snapshot: later changes to the object are not part of this write). With
	 * `fields`, the conversation record is patched in the same write, as `patch` would: a prompt
	 * and its record (title, emptied draft, model, time) cost one round trip, not two.
	 */
	saveMessage(record: MessageRecord, fields?: ConversationPatch): Promise<void> {
		const snapshot = structuredClone(record);
		// From its first message a blank conversation is stored, and its draft with its record.
		const first = !this.#stored;
		if (first) clearJournal(this.id);
		this.#stored = true;
		// A message from elsewhere (the unload journal) may stand after every stored one.
		this.#lastSeq = Math.max(this.#lastSeq, Math.floor(record.seq));
		if (fields === undefined) {
			return this.#enqueue(async () => {
				await this.#store.saveMessage(snapshot);
				if (first) await this.#store.saveBlankDraft(this.id, '');
				this.#hooks.channel?.post({ type: 'message', record: snapshot });
			});
		}
		// The blank draft is forgotten in the same write.
		return this.#writeRecord(
			fields,
			(patch) => this.#store.saveMessage(snapshot, { patch, initial: this.#initial }),
			() => this.#hooks.channel?.post({ type: 'message', record: snapshot })
		);
	}

	/** Changes these fields of the conversation record, and nothing else. */
	patch(fields: ConversationPatch): Promise<void> {
		return this.#writeRecord(fields, (patch) =>
			this.#store.patchConversation(this.id, patch, this.#initial)
		);
	}

	/**
	 * The record's fields (the draft aside) that writes asked for but not yet done would change:
	 * the unload journal keeps them (conversation-saver.ts), as a reload may cut those writes off.
	 * A version chosen a moment before the page goes away is one.
	 */
	get unwrittenFields(): ConversationPatch {
		const { draft: _draft, ...fields } = this.#unwritten;
		return fields;
	}

	/**
	 * Queues `write` of `fields` (with the draft waiting to be written), noted as unwritten until
	 * it is done; `then` runs after the record's news is told, as the write's own.
	 */
	#writeRecord(
		fields: ConversationPatch,
		write: (patch: ConversationPatch) => Promise<void>,
		then?: () => void
	): Promise<void> {
		const patch = this.#withPendingDraft(fields);
		this.#unwritten = { ...this.#unwritten, ...patch };
		this.#recordWrites += 1;
		return this.#enqueue(async () => {
			try {
				await write(patch);
				this.#recordSaved(patch);
				then?.();
			} finally {
				this.#recordWrites -= 1;
				if (this.#recordWrites === 0) this.#unwritten = {};
			}
		});
	}

	/**
	 * `fields`, with the draft waiting to be written: it goes with this write. A draft given here
	 * is newer (the prompt just sent empties it) and replaces it.
	 */
	#withPendingDraft(fields: ConversationPatch): ConversationPatch {
		const patch = { ...fields };
		if (this.#pendingDraft !== null) {
			patch.draft ??= this.#pendingDraft;
			this.#pendingDraft = null;
		}
		return patch;
	}

	#recordSaved(patch: ConversationPatch): void {
		this.#initial = { ...this.#initial, ...patch };
		this.#hooks.channel?.post({ type: 'record', conversationId: this.id, patch });
		this.#hooks.onRecordSaved?.();
	}

	/**
	 * Keeps `text` as the draft: written now, or right after the draft write under way. A blank
	 * conversation is not stored until its first message (the list holds only conversations with
	 * one), so its draft is written to the store's blank drafts instead, as soon: the next load
	 * reopens it (`blankDraftConversation`), even after a crash. Where storage does not keep what it
	 * is given (see `durable`), that draft goes to the unload journal too, synchronously.
	 */
	saveDraft(text: string): void {
		this.#pendingDraft = text;
		this.#journalBlankDraft(text);
		if (!this.#draftWriting) void this.#writeDraft();
	}

	/**
	 * Whether storage keeps what this writer wrote: not where it is unavailable, full or failing
	 * (the store keeps it in this page's memory then).
	 */
	get durable(): boolean {
		return this.#store.problem === null;
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
				if (this.#stored) await this.patch({ draft });
				else {
					await this.#enqueue(() => this.#store.saveBlankDraft(this.id, draft));
					// Refused, the store keeps it in memory only: the journal keeps it too (a newer
					// draft waiting was journalled as it was typed).
					if (this.#pendingDraft === null) this.#journalBlankDraft(draft);
				}
			}
		} finally {
			this.#draftWriting = false;
		}
	}

	/**
	 * A blank conversation's draft goes to the journal where storage does not keep it; emptied, it
	 * leaves the journal.
	 */
	#journalBlankDraft(text: string): void {
		if (this.#stored) return;
		if (text === '') clearJournal(this.id);
		else if (!this.durable) writeJournal(this.id, { draft: text });
	}

	#enqueue(write: () => Promise<void>): Promise<void> {
		const done = this.#queue.then(write).finally(() => this.#hooks.onWritten?.());
		// A failed write does not stop the ones after it (the store has already fallen back).
		this.#queue = done.catch(() => undefined);
		return done;
	}
}
