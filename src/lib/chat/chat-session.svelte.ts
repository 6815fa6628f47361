/**
 * One conversation, as the page drives it: send, stop, retry, regenerate, compact and retry, take
 * the last prompt back, and its draft. Two collaborators do the work:
 *
 * - a `TurnRun` (turn-run.svelte.ts) per turn in flight: its phase, the one AbortController that
 *   covers every request of the turn, the countdown of an automatic retry, and the streaming text;
 * - the conversation's `ConversationWriter` (conversation-writer.ts): the only writer of its
 *   storage (positions, write order, the draft, the record's fields).
 *
 * Nothing typed or received is lost: the prompt is saved before the request leaves, the answer as
 * it grows and when the page is hidden (with a synchronous copy in the unload journal), and an
 * answer that was still streaming when the page went away comes back interrupted, written back so.
 */
import { retryDecision, type Failure } from '../failure/index.ts';
import type { ConversationTurn } from '../wire/index.ts';
import type { RequestAuthorizer } from '../auth/gateway-credentials.ts';
import { applyEvent, resetAnswer } from './answer-events.ts';
import { titleFrom, toRecord, type ChatMessage } from './chat-message.ts';
import {
	COMPACTION_NOTICE,
	DROPPED_NOTICE,
	firstKeptSeq,
	olderPart,
	sendableHistory,
	SUMMARY_REQUEST
} from './compaction.ts';
import type { ConversationChannel, ConversationNews } from './conversation-channel.ts';
import { ConversationWriter, restoreConversation, settleAbandoned } from './conversation-writer.ts';
import { compareMessages } from './storage/message-order.ts';
import type { ConversationStore } from './storage/conversation-store.ts';
import type { Conversation } from './storage/records.ts';
import { writeJournal } from './storage/unload-journal.ts';
import { streamTurn } from './stream-turn.ts';
import { TurnRun, type PendingRetry } from './turn-run.svelte.ts';
import type { PlannedTurn } from './turn-planner.ts';
import type { StreamingText } from '../render/streaming-text.svelte.ts';

export type { ChatMessage } from './chat-message.ts';
export type { PendingRetry } from './turn-run.svelte.ts';

/** Where and how the next answer is asked for: the model, and the request for a history. */
export interface TurnTarget {
	model: string;
	classifierModels: string[];
	/** Credentials at send time, and one refresh and retry after a 401 (src/lib/auth). */
	authorizer?: RequestAuthorizer;
	/** Throws (e.g. a RequestBuildError) when no valid request can be made. */
	plan(
		turns: readonly ConversationTurn[],
		conversationId: string,
		summary: string | null
	): PlannedTurn;
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

/** How often a growing answer is written to storage while it streams. */
const SAVE_EVERY_MS = 400;

const STILL_TOO_LARGE =
	'Still too large after compacting once. Start a new conversation from the summary, or shorten your message.';

export class ChatSession {
	readonly id: string;
	readonly #writer: ConversationWriter;
	#messages = $state<ChatMessage[]>([]);
	#title = $state('');
	#draft = $state('');
	#run = $state.raw<TurnRun | null>(null);
	/** Calls off a scheduled automatic retry without stopping anything else. */
	#retryCalledOff = new AbortController();
	#saveTimer: ReturnType<typeof setTimeout> | undefined;
	/** Attempts made for each assistant turn, for the retry policy's bound. */
	#attempts: Record<string, number> = {};
	/** Messages with a write to storage under way (by id), which the unload journal must cover. */
	#writing: Record<string, number> = {};
	readonly #init: ChatSessionInit;
	readonly #unsubscribe: () => void;
	/** Resolves once what a page that went away left behind is settled (see `settleAbandoned`). */
	readonly ready: Promise<void>;
	readonly #flushOnHide = (): void => {
		this.#journal();
		void this.flush();
	};

	constructor(init: ChatSessionInit) {
		this.#init = init;
		const { messages, ...record } = init.conversation;
		this.id = record.id;
		this.#title = record.title;
		this.#writer = new ConversationWriter(init.store, record, messages, {
			...(init.onWritten === undefined ? {} : { onWritten: init.onWritten }),
			...(init.onSaved === undefined ? {} : { onRecordSaved: init.onSaved }),
			...(init.channel === undefined ? {} : { channel: init.channel })
		});
		const restored = restoreConversation(init.conversation);
		this.#messages = restored.messages;
		this.#draft = restored.draft;
		this.#unsubscribe = init.channel?.subscribe((news) => this.#hear(news)) ?? (() => undefined);
		this.ready = settleAbandoned(this.#writer, restored, () => this.#draft).then((settled) => {
			for (const record of settled) {
				const message = this.#message(record.id);
				if (message?.status !== 'streaming' || this.#run?.messageId === record.id) continue;
				message.status = record.status;
				if (record.failure !== undefined) message.failure = record.failure;
			}
		});
		if (typeof window !== 'undefined') {
			window.addEventListener('pagehide', this.#flushOnHide);
			document.addEventListener('visibilitychange', this.#flushOnHide);
		}
	}

	get messages(): readonly ChatMessage[] {
		return this.#messages;
	}
	get title(): string {
		return this.#title;
	}
	/** A turn is being saved, sent, streamed or compacted (not while a retry only counts down). */
	get busy(): boolean {
		return this.#run !== null && this.#run.phase !== 'retry_wait';
	}
	/** Another tab is answering in this conversation: this one shows it and sends nothing. */
	get answeringElsewhere(): boolean {
		return this.#messages.some(
			(message) => message.status === 'streaming' && message.id !== this.#run?.messageId
		);
	}
	get pendingRetry(): PendingRetry | null {
		return this.#run?.pendingRetry ?? null;
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

	async send(prompt: string): Promise<void> {
		const text = prompt.trim();
		if (text === '' || this.busy) return;
		this.cancelRetry();
		// The turn exists from this moment: Stop while the prompt is being saved stops it too.
		const run = await this.#begin(crypto.randomUUID());
		// Stopped at once, or another tab is answering here: nothing was taken from the composer.
		if (run === null) return;
		const first = this.#messages.length === 0;
		const user = this.#newMessage('user', text);
		const answer: ChatMessage = { ...this.#newMessage('assistant', ''), id: run.messageId };
		if (first) this.#title = titleFrom(text);
		this.#messages.push(user, answer);
		this.#draft = '';
		// The prompt is on disk before the request leaves.
		await this.#writer.patch({
			...(first ? { title: this.#title } : {}),
			draft: '',
			model: this.#init.target().model,
			updatedAt: Date.now()
		});
		await this.#saveMessage(user);
		this.#attempts[answer.id] = 0;
		await this.#drive(run, { compactFirst: false });
	}

	/**
	 * Sends the turn that produced assistant message `messageId` again (the last one by default),
	 * replacing what it showed. Only the last assistant turn can be retried.
	 */
	async retry(messageId?: string): Promise<void> {
		const last = this.#retryable(messageId);
		if (last === null) return;
		this.cancelRetry();
		const run = await this.#begin(last.id);
		if (run !== null) await this.#drive(run, { compactFirst: false });
	}

	/** A new answer to the last prompt. */
	regenerate(): Promise<void> {
		return this.retry();
	}

	/**
	 * Compacts the conversation before the last turn and sends it again. At most once per turn: a
	 * turn that is still too large after that stops with a clear state.
	 */
	async compactAndRetry(messageId?: string): Promise<void> {
		const last = this.#retryable(messageId);
		if (last === null || last.compacted === true) return;
		this.cancelRetry();
		const run = await this.#begin(last.id);
		if (run !== null) await this.#drive(run, { compactFirst: true });
	}

	/**
	 * Takes the last prompt back for editing: removes it and its answer (stopping it if it is
	 * still streaming) and returns its text for the composer; `null` when there is none.
	 */
	async editLast(): Promise<string | null> {
		const index = this.#messages.findLastIndex((message) => message.role === 'user');
		const prompt = this.#messages[index];
		if (prompt === undefined) return null;
		this.stop();
		const removed = this.#messages.slice(index);
		this.#messages = this.#messages.slice(0, index);
		await this.#writer.deleteMessages(removed.map((message) => message.id));
		this.draft = prompt.text;
		return prompt.text;
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
	async flush(): Promise<void> {
		clearTimeout(this.#saveTimer);
		this.#saveTimer = undefined;
		const last = this.#messages.at(-1);
		if (last?.status === 'streaming') void this.#saveMessage(last);
		await this.#writer.settled();
	}

	/** Ends everything in flight and saves what is pending; call when the conversation is left. */
	dispose(): void {
		void this.flush();
		this.stop();
		this.#unsubscribe();
		if (typeof window !== 'undefined') {
			window.removeEventListener('pagehide', this.#flushOnHide);
			document.removeEventListener('visibilitychange', this.#flushOnHide);
		}
	}

	/** The last message, when it is an assistant turn that `messageId` (if given) names. */
	#retryable(messageId: string | undefined): ChatMessage | null {
		const last = this.#messages.at(-1);
		if (this.busy || last === undefined || last.role !== 'assistant') return null;
		return messageId === undefined || messageId === last.id ? last : null;
	}

	/**
	 * Starts a turn answering into `messageId`, holding the conversation across tabs until it is
	 * done; `null` (and nothing started) when another tab is answering in it.
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

	/** Another tab's write to this conversation, shown here as it happens. */
	#hear(news: ConversationNews): void {
		if (news.type === 'message' && news.record.conversationId === this.id) {
			const record = news.record;
			if (this.#run?.messageId === record.id) return; // this tab writes that one
			this.#writer.observeSeq(record.seq);
			const index = this.#messages.findIndex((message) => message.id === record.id);
			if (index !== -1) this.#messages[index] = record;
			else this.#messages = [...this.#messages, record].sort(compareMessages);
		} else if (news.type === 'messages-removed' && news.conversationId === this.id) {
			this.#messages = this.#messages.filter((message) => !news.ids.includes(message.id));
		} else if (news.type === 'record' && news.conversationId === this.id) {
			if (news.patch.title !== undefined) this.#title = news.patch.title;
		}
	}

	#end(run: TurnRun): void {
		run.enter('done');
		if (this.#run === run) this.#run = null;
	}

	/** The proxied message with `id` (writes to it reach the page), if it is still there. */
	#message(id: string): ChatMessage | undefined {
		return this.#messages.find((message) => message.id === id);
	}

	/**
	 * A turn from its request to its end: compaction (when asked, or once after
	 * `context_too_large`), the request, and — where the retry policy allows — an automatic retry
	 * after a countdown. Resolves when the request is over; a scheduled retry goes on in the same
	 * run (Stop still reaches it).
	 */
	async #drive(run: TurnRun, options: { compactFirst: boolean }): Promise<void> {
		let retryScheduled = false;
		try {
			let compact = options.compactFirst;
			for (;;) {
				const answer = this.#message(run.messageId);
				if (answer === undefined) return;
				if (compact) {
					run.enter('compacting');
					await this.#compact(this.#messages.indexOf(answer) - 1, run.signal);
					answer.compacted = true;
				}
				if (run.stopped) return await this.#cancelled(answer);
				const failure = await this.#attempt(run, answer);
				if (failure === undefined || run.stopped) return;
				if (failure.kind !== 'context_too_large') {
					retryScheduled = this.#scheduleRetry(run, answer, failure);
					return;
				}
				if (answer.compacted === true) {
					answer.retryNote = STILL_TOO_LARGE;
					return;
				}
				compact = true;
			}
		} finally {
			if (!retryScheduled) this.#end(run);
		}
	}

	/** Schedules the automatic retry the policy allows, if any; true when one was scheduled. */
	#scheduleRetry(run: TurnRun, answer: ChatMessage, failure: Failure): boolean {
		const attempt = this.#attempts[answer.id] ?? 1;
		const decision = retryDecision(failure, attempt, { answerStarted: answer.text !== '' });
		if (!decision.retry) return false;
		if (!decision.automatic) {
			answer.retryNote = decision.reason;
			return false;
		}
		const retry = { messageId: answer.id, at: Date.now() + decision.delayMs, attempt: attempt + 1 };
		void run
			.waitForRetry(retry, this.#retryCalledOff.signal)
			.then((proceed) => (proceed ? this.#drive(run, { compactFirst: false }) : this.#end(run)));
		return true;
	}

	/** One request for `answer`; returns its failure, if it failed. */
	async #attempt(run: TurnRun, answer: ChatMessage): Promise<Failure | undefined> {
		run.enter('requesting');
		resetAnswer(answer);
		const attempt = (this.#attempts[answer.id] ?? 0) + 1;
		this.#attempts[answer.id] = attempt;
		const target = this.#init.target();
		answer.model = target.model;
		let planned: PlannedTurn;
		try {
			const history = sendableHistory(this.#messages, this.#messages.indexOf(answer));
			planned = target.plan(history.turns, this.id, history.summary);
		} catch (error) {
			// The builders refuse requests the gateway would reject; say why, like a gateway would.
			answer.status = 'failed';
			answer.failure = {
				kind: 'bad_request',
				message: error instanceof Error ? error.message : 'This request cannot be made.'
			};
			await this.#saveMessage(answer);
			return undefined;
		}
		await this.#saveMessage(answer);
		try {
			const turn = await streamTurn(planned.request, {
				...this.#requestOptions(target, planned, run.signal),
				onEvent: (event) => {
					if (run.phase === 'requesting') run.enter('streaming');
					applyEvent(answer, run.live, event);
					this.#saveSoon(answer);
				}
			});
			answer.status = turn.status;
			if (turn.failure !== undefined) answer.failure = turn.failure;
		} finally {
			run.syncInto(answer);
			clearTimeout(this.#saveTimer);
			this.#saveTimer = undefined;
			delete answer.partialImage;
		}
		await this.#saveMessage(answer);
		await this.#writer.patch({ model: target.model, updatedAt: Date.now() });
		if (answer.failure === undefined) this.#attempts[answer.id] = 0;
		return answer.failure;
	}

	#requestOptions(target: TurnTarget, planned: PlannedTurn, signal: AbortSignal) {
		return {
			route: planned.route,
			model: target.model,
			classifierModels: target.classifierModels,
			signal,
			...(this.#init.fetch === undefined ? {} : { fetch: this.#init.fetch }),
			...(target.authorizer === undefined ? {} : { authorizer: target.authorizer })
		};
	}

	/**
	 * Stopped before a request left (while the prompt was saved, or during compaction): the
	 * answer says "Stopped", like a turn stopped mid-answer, and keeps whatever text it showed.
	 */
	async #cancelled(answer: ChatMessage): Promise<void> {
		answer.status = 'cancelled';
		delete answer.failure;
		delete answer.retryNote;
		await this.#saveMessage(answer);
	}

	/**
	 * Summarises the messages before the prompt at `promptIndex` (or, when that fails, leaves them
	 * out) and records a notice that stands in for them. The originals stay stored and visible.
	 * The summary request is part of the turn: `signal` stops it.
	 */
	async #compact(promptIndex: number, signal: AbortSignal): Promise<void> {
		const older = olderPart(this.#messages, promptIndex);
		const prompt = this.#messages[promptIndex];
		if (prompt === undefined) return;
		let summary = '';
		if (older.length > 0) {
			const history = sendableHistory(older, older.length);
			try {
				const target = this.#init.target();
				const planned = target.plan(
					[...history.turns, { role: 'user', text: SUMMARY_REQUEST }],
					this.id,
					history.summary
				);
				const turn = await streamTurn(planned.request, {
					...this.#requestOptions(target, planned, signal),
					onEvent: () => undefined
				});
				if (turn.status === 'completed') summary = turn.text.trim();
			} catch {
				summary = '';
			}
		}
		if (signal.aborted) return;
		const notice: ChatMessage = {
			...this.#newMessage('assistant', summary),
			seq: ConversationWriter.seqBetween(this.#messages[promptIndex - 1]?.seq, prompt.seq),
			status: 'completed',
			notice: summary === '' ? DROPPED_NOTICE : COMPACTION_NOTICE,
			summaryOf: Math.max(firstKeptSeq(this.#messages, promptIndex), 0)
		};
		this.#messages.splice(promptIndex, 0, notice);
		await this.#saveMessage(notice);
	}

	/** The synchronous part of leaving: what could still be lost goes to the unload journal. */
	#journal(): void {
		const last = this.#messages.at(-1);
		if (last !== undefined && this.#run?.messageId === last.id) this.#run.syncInto(last);
		// The page may have torn down the request before `pagehide`, so the answer can already
		// read interrupted with its final write still under way.
		const unsaved =
			last !== undefined && (last.status === 'streaming' || (this.#writing[last.id] ?? 0) > 0)
				? toRecord($state.snapshot(last))
				: undefined;
		if (this.#messages.length === 0 && this.#draft === '') return;
		writeJournal(this.id, {
			draft: this.#draft,
			...(unsaved === undefined ? {} : { message: unsaved })
		});
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
			createdAt: Date.now()
		};
	}

	async #saveMessage(message: ChatMessage): Promise<void> {
		const id = message.id;
		// A streaming answer's text lives outside reactive state; bring it in for the record.
		if (this.#run?.messageId === id) this.#run.syncInto(message);
		this.#writing[id] = (this.#writing[id] ?? 0) + 1;
		try {
			await this.#writer.saveMessage(toRecord($state.snapshot(message)));
		} finally {
			this.#writing[id] = (this.#writing[id] ?? 1) - 1;
		}
	}

	/** Saves a growing answer at most every SAVE_EVERY_MS. */
	#saveSoon(message: ChatMessage): void {
		if (this.#saveTimer !== undefined) return;
		this.#saveTimer = setTimeout(() => {
			this.#saveTimer = undefined;
			void this.#saveMessage(message);
		}, SAVE_EVERY_MS);
	}
}
