/**
 * One conversation, as the page drives it: send, stop, retry, regenerate, compact and retry, take
 * the last prompt back, and its draft. The work is done by these collaborators:
 *
 * - a `TurnRun` (turn-run.svelte.ts) per turn in flight — its phase, the one AbortController for
 *   every request of the turn, the retry countdown, the streaming text — driven by `driveTurn`
 *   (turn-driver.ts: compaction, the request, automatic retries);
 * - the conversation's `ConversationWriter` (conversation-writer.ts), the only writer of its
 *   storage (positions, write order, the draft, the record's fields, the lock across tabs);
 * - the `ConversationChannel` (conversation-channel.ts), through which other tabs' writes show here;
 * - its `ConversationVersions` (conversation-versions.svelte.ts), the versions and the one shown;
 * - its `ConversationSaver` (conversation-saver.ts), what each write holds and when it is made,
 *   and the unload journal, run by `guardPageHide` (page-hide-guard.ts) as the page is hidden.
 *
 * Messages are `$state.raw`: a message is replaced, never changed in place, when something about
 * it settles; the text of the answer in flight streams into its run's `StreamingText` instead.
 * Nothing typed or received is lost: the prompt is saved before the request leaves, the answer as
 * it grows and when the page is hidden (with a synchronous copy in the unload journal), and an
 * answer that was streaming when the page went away comes back interrupted, written back so.
 */
import type { StreamingText } from '../render/streaming-text.svelte.ts';
import { AttachmentPreviews } from './attachment-previews.svelte.ts';
import { PendingAttachments, type PendingAttachment } from './pending-attachments.svelte.ts';
import { blobToBase64 } from './storage/blob-base64.ts';
import { DEFAULT_TITLE, titleFrom, type ChatMessage } from './chat-message.ts';
import type { ConversationChannel, ConversationNews } from './conversation-channel.ts';
import { ConversationWriter } from './conversation-writer.ts';
import { restoreConversation, settleAbandoned } from './conversation-restore.ts';
import type { ConversationStore } from './storage/conversation-store.ts';
import { compareMessages } from './storage/message-order.ts';
import type { AttachmentRef, Conversation } from './storage/records.ts';
import { MAIN_BRANCH } from './branches.ts';
import { ConversationVersions } from './conversation-versions.svelte.ts';
import { conversationSaver, type ConversationSaver } from './conversation-saver.ts';
import { guardPageHide, watchLeaving } from './page-hide-guard.ts';
import type { TurnHost, TurnStart } from './turn-driver.ts';
import { assetFailure } from '../failure/asset-load.ts';
import { loadTurnEngine, type TurnEngine } from './turn-engine.ts';
import { TurnRun, type PendingRetry, type TurnWaiting } from './turn-run.svelte.ts';
import type { TurnTarget } from './turn-target.ts';

export type { ChatMessage } from './chat-message.ts';
export type { PendingRetry, TurnWaiting } from './turn-run.svelte.ts';
export type { TurnTarget } from './turn-target.ts';

/** A message for the message list to bring into view (ChatSession `revealing`). */
export interface RevealRequest {
	readonly messageId: string;
	/**
	 * The message starts a turn the person asked for, at the end: the list shows the latest
	 * messages and follows the answer, as when at the bottom. Without it (a search hit), the
	 * message is scrolled to the top of the view and marked for a moment.
	 */
	readonly follow?: true;
}

export interface ChatSessionInit {
	conversation: Conversation;
	store: ConversationStore;
	target: () => TurnTarget;
	/** Called after the conversation record was saved (title, draft, time changed). */
	onSaved?: () => void;
	/** Called after every write: the store may have started refusing writes. */
	onWritten?: () => void;
	/** The other tabs: this conversation's writes are told to them, and theirs heard. */
	channel?: ConversationChannel;
	fetch?: typeof fetch;
}

export class ChatSession {
	readonly id: string;
	/** Resolves once what a page that went away left behind is settled (see `settleAbandoned`). */
	readonly ready: Promise<void>;
	/** Every message of every branch, in position order. */
	#all = $state.raw<ChatMessage[]>([]);
	/** The versions, and which one is shown (conversation-versions.svelte.ts). */
	readonly #versions: ConversationVersions;
	/** The messages shown, sent and continued: the thread of the version shown. */
	readonly #messages = $derived.by(() => this.#versions.thread(this.#all));
	#title = $state('');
	#draft = $state('');
	#webSearch = $state(false);
	#run = $state.raw<TurnRun | null>(null);
	/** The message to bring into view, until the message list has. */
	#revealing = $state.raw<RevealRequest | null>(null);
	/** A search hit in another version, opened while answering: shown when the answer ends. */
	#revealAfterAnswer: string | null = null;
	#editing = $state<string | null>(null);
	#editAsked = $state(0);
	/**
	 * The files in the composer, sent (and taken from it) with the next prompt; kept in storage
	 * while they wait, so a reload or another conversation loses none.
	 */
	readonly attachments = new PendingAttachments({
		save: (file) =>
			this.#writer.saveDraftFile({
				...attachmentRef(file),
				conversationId: this.id,
				blob: file.blob,
				addedAt: Date.now()
			}),
		forget: (id) => this.#writer.forgetDraftFile(id)
	});
	/** Thumbnails and links of the files attached to this conversation's prompts. */
	readonly previews: AttachmentPreviews;
	/** Base64 of attached files already read for a request, by attachment id. */
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- request bytes, never rendered
	readonly #fileBytes = new Map<string, string>();
	readonly #store: ConversationStore;
	/** Calls off a scheduled automatic retry without stopping anything else. */
	#retryCalledOff = new AbortController();
	readonly #writer: ConversationWriter;
	readonly #saver: ConversationSaver;
	readonly #host: TurnHost;
	readonly #unsubscribe: () => void;
	/** Stops listening for the page being hidden (page-hide-guard.ts). */
	readonly #unguard: () => void;
	/** Whether the page is being left (a reload, a link, the tab closing). */
	readonly #leaving = watchLeaving();

	constructor(init: ChatSessionInit) {
		// What the unload journal kept is newer than storage: it is folded in before anything reads.
		const restored = restoreConversation(init.conversation);
		const record = restored.record;
		this.id = record.id;
		this.#versions = new ConversationVersions(
			record.branches ?? [],
			record.activeBranch ?? MAIN_BRANCH,
			record.shownOrder
		);
		this.#title = record.title;
		this.#webSearch = record.webSearch === true;
		this.#store = init.store;
		this.previews = new AttachmentPreviews((id) => init.store.loadAttachment(id));
		this.#writer = new ConversationWriter(init.store, record, init.conversation.messages, {
			...(init.onWritten === undefined ? {} : { onWritten: init.onWritten }),
			...(init.onSaved === undefined ? {} : { onRecordSaved: init.onSaved }),
			...(init.channel === undefined ? {} : { channel: init.channel })
		});
		this.#saver = conversationSaver(this.#writer, {
			find: (id) => this.#all.find((message) => message.id === id),
			update: (id, change) => this.#update(id, change),
			last: () => this.#messages.at(-1),
			liveTextOf: (id) => this.liveTextOf(id),
			draft: () => this.#draft,
			empty: () => this.#all.length === 0
		});
		this.#host = this.#hostFor(init);
		this.#all = restored.messages;
		this.#draft = restored.draft;
		this.#unsubscribe = init.channel?.subscribe((news) => this.#hear(news)) ?? (() => undefined);
		init.store.draftFiles(this.id).then(
			(files) => this.attachments.restore(files),
			() => undefined // unreadable: the composer starts without them
		);
		this.ready = settleAbandoned(this.#writer, restored, () => this.#draft).then((settled) => {
			for (const record of settled) {
				if (this.#run?.messageId === record.id) continue;
				this.#update(record.id, (message) =>
					message.status === 'streaming' ? { ...message, ...record } : message
				);
			}
		});
		this.#unguard = guardPageHide(this.#saver);
	}

	get messages(): readonly ChatMessage[] {
		return this.#messages;
	}
	get title(): string {
		return this.#title;
	}
	/**
	 * A turn is being saved, sent, streamed or compacted — not while a retry only counts down, nor
	 * once its answer is on screen and only its last writes are under way.
	 */
	get busy(): boolean {
		const phase = this.#run?.phase;
		return (
			phase !== undefined && phase !== 'retry_wait' && phase !== 'settling' && phase !== 'done'
		);
	}
	/** Another tab is answering in this conversation: this one shows it and sends nothing. */
	get answeringElsewhere(): boolean {
		return this.#all.some(
			(message) => message.status === 'streaming' && message.id !== this.#run?.messageId
		);
	}
	get pendingRetry(): PendingRetry | null {
		return this.#run?.pendingRetry ?? null;
	}
	/** What the answer `id` is waiting for (connecting, a silent stream), if it is in flight. */
	waitOf(id: string): TurnWaiting | null {
		return this.#run?.messageId === id ? this.#run.waiting : null;
	}

	/** Holds (or resumes) the automatic retry's countdown while the person reads the card. */
	holdRetry(held: boolean): void {
		this.#run?.holdRetry(held);
	}

	/**
	 * Sends the automatic retry counting down on answer `messageId` at once (the countdown's "Try
	 * now"); false, and nothing sent, when none is.
	 */
	retryNow(messageId: string): boolean {
		return this.#run?.pendingRetry?.messageId === messageId && this.#run.retryNow();
	}

	/** The text still streaming into message `id`, if it is the answer in flight. */
	liveTextOf(id: string): StreamingText | undefined {
		return this.#run?.messageId === id ? this.#run.live : undefined;
	}

	/** The composer's text for this conversation; on disk as soon as the last write is done. */
	get draft(): string {
		return this.#draft;
	}
	set draft(value: string) {
		this.#draft = value;
		this.#writer.saveDraft(value);
	}

	/** The web search switch of this conversation (kept with it). */
	get webSearch(): boolean {
		return this.#webSearch;
	}
	set webSearch(on: boolean) {
		this.#webSearch = on;
		void this.#writer.patch({ webSearch: on });
	}

	/** Changes whenever visible content changes: a message added, text arriving, a turn ending. */
	get activity(): string {
		const last = this.#messages.at(-1);
		return `${this.#messages.length}:${last?.text.length ?? 0}:${last?.reasoning.length ?? 0}:${last?.status ?? ''}`;
	}

	/** The summary of the latest compaction, if one was made. */
	get latestSummary(): string | null {
		const notice = this.#messages.findLast((message) => message.summaryOf !== undefined);
		return notice !== undefined && notice.text !== '' ? notice.text : null;
	}

	/** Sends `prompt` with the composer's attached files (a prompt may be files alone). */
	async send(prompt: string): Promise<void> {
		const text = prompt.trim();
		if ((text === '' && this.attachments.items.length === 0) || this.busy) return;
		this.cancelRetry();
		// Asked before the conversation is claimed: a page with no gateway fails here, holding nothing.
		const model = this.#host.target().model;
		// The turn exists from this moment: Stop while the prompt is being saved stops it too.
		const run = await this.#begin(crypto.randomUUID());
		// Stopped at once, or another tab is answering here: nothing was taken from the composer.
		if (run === null) return;
		// The first prompt names the conversation, unless a person has named it already.
		const first = this.#messages.length === 0 && this.#title === DEFAULT_TITLE;
		const files = this.attachments.take();
		const refs = files.map(attachmentRef);
		const user: ChatMessage = {
			...this.#newMessage('user', text),
			...(refs.length === 0 ? {} : { attachments: refs })
		};
		const answer = this.#newAnswer(run, model);
		if (first) this.#title = titleFrom(text === '' ? (files[0]?.name ?? '') : text);
		files.forEach((file, index) => this.previews.keep(refs[index]?.id ?? '', file.blob));
		this.#all = [...this.#all, user, answer];
		this.#draft = '';
		this.#revealing = { messageId: user.id, follow: true };
		// The files are on disk before the prompt that names them.
		files.forEach((file, index) => {
			const id = refs[index]?.id ?? '';
			void this.#writer.saveAttachment({ id, conversationId: this.id, blob: file.blob });
		});
		for (const file of files) URL.revokeObjectURL(file.previewUrl);
		// The prompt is on disk before the request leaves, written with its record (one write).
		await this.#saver.save(user.id, {
			...(first ? { title: this.#title } : {}),
			...this.#versions.shownField,
			draft: '',
			model,
			updatedAt: Date.now()
		});
		this.#host.attempts[answer.id] = 0;
		await this.#drive(run, { compactFirst: false });
	}

	/**
	 * Sends the turn that produced assistant message `messageId` again (the last one by default),
	 * replacing what it showed. Only the last assistant turn can be retried.
	 */
	async retry(messageId?: string): Promise<void> {
		await this.#again(messageId, false);
	}

	/**
	 * Asks the model to carry on from the partial text of the cut-off answer `messageId`, which
	 * stays on screen; what arrives is added to it (routes with a prefill: the caller checks).
	 */
	async continueAnswer(messageId?: string): Promise<void> {
		await this.#again(messageId, false, true);
	}

	/**
	 * A new answer to the prompt before assistant message `messageId` (the last answer by
	 * default), as a new version beside it: the answer shown before is kept, one step away.
	 */
	async regenerate(messageId?: string): Promise<void> {
		const answer =
			messageId === undefined
				? this.#messages.findLast((message) => isTurn(message, 'assistant'))
				: this.#messages.find((message) => message.id === messageId);
		if (this.busy || answer === undefined || !isTurn(answer, 'assistant')) return;
		await this.#branchTurn(answer, () => []);
	}

	/**
	 * Sends `text` in place of the earlier prompt `messageId`, with its files (or those of them in
	 * `files`: the others are left out), as a new version of the conversation from there: what
	 * followed the old prompt is kept, one step away.
	 */
	async editPrompt(
		messageId: string,
		text: string,
		files?: readonly AttachmentRef[]
	): Promise<void> {
		const prompt = this.#messages.find((message) => message.id === messageId);
		const trimmed = text.trim();
		if (this.busy || prompt === undefined || !isTurn(prompt, 'user')) return;
		const ids = (files ?? prompt.attachments ?? []).map((file) => file.id);
		const attachments = (prompt.attachments ?? []).filter((file) => ids.includes(file.id));
		if (trimmed === '' && attachments.length === 0) return;
		await this.#branchTurn(prompt, () => [
			{
				...this.#newMessage('user', trimmed),
				...(attachments.length === 0 ? {} : { attachments })
			}
		]);
	}

	/**
	 * A turn on a new branch from `at`'s place: `before` (made once the branch is shown) goes
	 * ahead of a new answer, the first of them saved before the request, as for a sent prompt.
	 */
	async #branchTurn(at: ChatMessage, before: () => ChatMessage[]): Promise<void> {
		this.cancelRetry();
		const model = this.#host.target().model;
		const run = await this.#begin(crypto.randomUUID());
		if (run === null) return;
		const forked = this.#fork(at);
		const added = [...before(), this.#newAnswer(run, model)];
		const first = added[0]?.id ?? run.messageId;
		this.#all = [...this.#all, ...added];
		this.#revealing = { messageId: first, follow: true };
		await forked;
		await this.#saver.save(first);
		this.#host.attempts[run.messageId] = 0;
		await this.#drive(run, { compactFirst: false });
	}

	/** The versions at message `id`'s place: which one is shown (from 0), of how many; or `null`. */
	versionsOf(id: string): { index: number; count: number } | null {
		const message = this.#messages.find((candidate) => candidate.id === id);
		return message === undefined ? null : this.#versions.at(message, this.#all);
	}

	/**
	 * Shows the previous (`-1`) or next (`1`) version at message `id`'s place; the prompt editor
	 * closes when its prompt is not in the version shown.
	 */
	async showVersion(id: string, step: -1 | 1): Promise<void> {
		const message = this.#messages.find((candidate) => candidate.id === id);
		if (this.busy || message === undefined) return;
		const patch = this.#versions.step(message, this.#all, step);
		if (patch !== null) await this.#writer.patch(patch);
		// A prompt open in its editor that this version does not show closes, not to reopen later.
		if (!this.#messages.some((shown) => shown.id === this.#editing)) this.#editing = null;
	}

	/**
	 * Brings message `id` into view (a search hit opened): shows a version that holds it when
	 * another is shown, then asks the message list to scroll to it (`revealing`). While answering,
	 * the answer's version stays shown until the answer ends.
	 */
	async reveal(id: string): Promise<void> {
		const message = this.#all.find((candidate) => candidate.id === id);
		if (message === undefined) return;
		this.#revealAfterAnswer = null;
		if (this.busy && !this.#messages.includes(message)) {
			this.#revealAfterAnswer = id;
			return;
		}
		const patch = this.#versions.reveal(message, this.#all);
		if (patch !== null) await this.#writer.patch(patch);
		this.#revealing = { messageId: id };
	}
	/**
	 * The message asked to be brought into view, until the message list has done so: a search hit
	 * opened, or the first message of a turn the person started (sent, edited, regenerated,
	 * continued), which takes the view to the end whatever was being read.
	 */
	get revealing(): RevealRequest | null {
		return this.#revealing;
	}
	/** The message list brought `revealing` into view: a list shown later does not do it again. */
	revealDone(): void {
		this.#revealing = null;
	}

	/**
	 * Compacts the conversation before the last turn and sends it again. At most once per turn: a
	 * turn that is still too large after that stops with a clear state.
	 */
	async compactAndRetry(messageId?: string): Promise<void> {
		await this.#again(messageId, true);
	}

	/** The prompt open in its in-place editor (a message id), or `null`: one at a time. */
	get editing(): string | null {
		return this.#editing;
	}

	/**
	 * Opens the in-place editor on prompt `id`, or closes it (`null`). Opening it changes nothing
	 * stored: sending the edit makes a new version (`editPrompt`), and Cancel leaves all as it was.
	 */
	editInPlace(id: string | null): void {
		this.#editing = id;
	}

	/**
	 * How many times ↑ asked for the editor: each time, the open editor takes the focus (it may
	 * be open already, its edits kept, while the person is back in the composer).
	 */
	get editAsked(): number {
		return this.#editAsked;
	}

	/**
	 * ↑ in an empty composer: opens the last prompt's in-place editor. False (nothing happens)
	 * when there is no prompt or a turn is in flight, here or in another tab.
	 */
	editLast(): boolean {
		const prompt = this.#messages.findLast((message) => message.role === 'user');
		if (prompt === undefined || this.busy || this.answeringElsewhere) return false;
		this.#editing = prompt.id;
		this.#editAsked++;
		return true;
	}

	/** The person named the conversation (in the list): later prompts leave the name alone. */
	renamed(title: string): void {
		this.#title = title;
	}

	/** Drops a scheduled automatic retry; the failure stays on screen with its retry button. */
	cancelRetry(): void {
		this.#retryCalledOff.abort();
		this.#retryCalledOff = new AbortController();
	}

	/** Stops the turn in flight (it ends `cancelled`, what arrived is kept) or a countdown. */
	stop(): void {
		this.#run?.stop();
	}

	/** Writes everything pending now (the page is being hidden or left). */
	flush(): Promise<void> {
		return this.#saver.flush();
	}

	/** Ends everything in flight and saves what is pending; call when the conversation is left. */
	dispose(): void {
		this.#revealAfterAnswer = null;
		void this.flush();
		this.stop();
		this.#unsubscribe();
		this.attachments.dispose();
		this.previews.dispose();
		this.#unguard();
		this.#leaving.stop();
	}

	/** retry / compactAndRetry: the last assistant turn, sent again. */
	async #again(
		messageId: string | undefined,
		compactFirst: boolean,
		continueAnswer = false
	): Promise<void> {
		const last = this.#messages.at(-1);
		if (this.busy || last === undefined || last.role !== 'assistant') return;
		if (messageId !== undefined && messageId !== last.id) return;
		if (compactFirst && last.compacted === true) return;
		this.cancelRetry();
		const run = await this.#begin(last.id);
		if (run === null) return;
		if (continueAnswer) this.#revealing = { messageId: last.id, follow: true };
		await this.#drive(run, { compactFirst, continueAnswer });
	}

	/**
	 * Starts a new branch at `message`'s place and shows it at once; the caller adds its first
	 * messages before anything else runs, and awaits the returned write of the record.
	 */
	#fork(message: ChatMessage): Promise<void> {
		return this.#writer.patch(this.#versions.fork(message, this.#all));
	}

	/**
	 * Starts a turn answering into `messageId`, holding the conversation across tabs until it is
	 * done; `null` (and nothing started) when it is stopped at once or another tab is answering.
	 */
	async #begin(messageId: string): Promise<TurnRun | null> {
		this.#run?.stop();
		const run = new TurnRun(messageId);
		this.#run = run;
		const release = await this.#writer.claim();
		if (release === null || run.stopped) {
			release?.();
			this.#end(run);
			return null;
		}
		run.whenDone(release);
		return run;
	}

	/**
	 * Drives `run` (turn-driver.ts, loaded with the first turn: turn-engine.ts). If it cannot load
	 * (offline on a new deploy), the answer fails with the app's own asset failure, whose card
	 * offers the reload — the prompt is saved already.
	 */
	async #drive(run: TurnRun, start: TurnStart): Promise<void> {
		let driver: TurnEngine;
		try {
			driver = await loadTurnEngine();
		} catch (error) {
			const failure = assetFailure(error instanceof Error ? error.message : String(error));
			this.#update(run.messageId, (answer) => ({ ...answer, status: 'failed', failure }));
			await this.#saver.save(run.messageId);
			this.#end(run);
			return;
		}
		await driver.driveTurn(this.#host, run, start);
	}

	#end(run: TurnRun): void {
		run.enter('done');
		if (this.#run === run) this.#run = null;
		const waiting = this.#revealAfterAnswer;
		if (waiting !== null && !this.busy) void this.reveal(waiting);
	}

	/** What `driveTurn` may do to this conversation. */
	#hostFor(init: ChatSessionInit): TurnHost {
		return {
			conversationId: this.id,
			messages: () => this.#messages,
			update: (id, change) => this.#update(id, change),
			insert: (message) => {
				this.#all = [...this.#all, message].sort(compareMessages);
			},
			save: (id) => this.#saver.save(id),
			saveSoon: (id) => this.#saver.saveSoon(id),
			touch: (model) =>
				this.#writer.patch({ model, ...this.#versions.shownField, updatedAt: Date.now() }),
			newMessage: (role, text) => this.#newMessage(role, text),
			attachmentBytes: (messages) => this.#attachmentBytes(messages),
			webSearch: () => this.#webSearch,
			target: init.target,
			fetch: init.fetch,
			attempts: {},
			retryCalledOff: () => this.#retryCalledOff.signal,
			leaving: () => this.#leaving.leaving(),
			end: (run) => this.#end(run)
		};
	}

	/** The bytes of every file attached to `messages`, read once per file and kept for the session. */
	async #attachmentBytes(messages: readonly ChatMessage[]): Promise<ReadonlyMap<string, string>> {
		for (const message of messages) {
			for (const file of message.attachments ?? []) {
				if (this.#fileBytes.has(file.id)) continue;
				const blob = this.previews.blobOf(file.id) ?? (await this.#store.loadAttachment(file.id));
				if (blob !== undefined) this.#fileBytes.set(file.id, await blobToBase64(blob));
			}
		}
		return this.#fileBytes;
	}

	#update(id: string, change: (message: ChatMessage) => ChatMessage): ChatMessage | undefined {
		const index = this.#all.findIndex((message) => message.id === id);
		const current = this.#all[index];
		if (current === undefined) return undefined;
		const next = change(current);
		if (next !== current) this.#all = this.#all.with(index, next);
		return next;
	}

	/** Another tab's write to this conversation, shown here as it happens. */
	#hear(news: ConversationNews): void {
		if (news.type === 'message' && news.record.conversationId === this.id) {
			const record = news.record;
			if (this.#run?.messageId === record.id) return; // this tab writes that one
			this.#writer.observeSeq(record.seq);
			if (this.#update(record.id, () => record) === undefined) {
				this.#all = [...this.#all, record].sort(compareMessages);
			}
		} else if (news.type === 'messages-removed' && news.conversationId === this.id) {
			this.#all = this.#all.filter((message) => !news.ids.includes(message.id));
		} else if (news.type === 'record' && news.conversationId === this.id) {
			if (news.patch.title !== undefined) this.#title = news.patch.title;
			// Versions made in another tab can be shown here; which one this tab shows stays its own.
			if (news.patch.branches !== undefined) this.#versions.heard(news.patch.branches);
		}
	}

	/**
	 * The empty answer `run` streams into, already as its first attempt leaves it (asked of
	 * `model`), so that the attempt redraws nothing before its request leaves.
	 */
	#newAnswer(run: TurnRun, model: string): ChatMessage {
		return { ...this.#newMessage('assistant', ''), id: run.messageId, model };
	}

	#newMessage(role: ChatMessage['role'], text: string): ChatMessage {
		return {
			id: crypto.randomUUID(),
			conversationId: this.id,
			seq: this.#writer.nextSeq(),
			role,
			text,
			reasoning: '',
			status: role === 'user' ? 'completed' : 'streaming',
			images: [],
			createdAt: Date.now(),
			...this.#versions.tag
		};
	}
}

/** How a prompt names a file it sends: by the id the file had while it waited in the composer. */
function attachmentRef(file: PendingAttachment): AttachmentRef {
	return {
		id: file.id,
		kind: file.kind,
		mimeType: file.mimeType,
		name: file.name,
		size: file.blob.size
	};
}

/** A prompt or an answer of the conversation (not a notice). */
function isTurn(message: ChatMessage, role: ChatMessage['role']): boolean {
	return message.role === role && message.notice === undefined;
}
