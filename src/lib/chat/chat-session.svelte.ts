/**
 * One conversation and its one request in flight: send, stop, retry (automatic within the failure
 * module's retry policy, with a visible countdown, or on request), regenerate, edit-and-resend.
 *
 * Nothing typed or received is lost: the prompt is saved before the request leaves, the answer is
 * saved as it grows (throttled) and when the page is hidden, and an answer that was still streaming
 * when the page went away comes back marked interrupted.
 *
 * While an answer streams, its text and reasoning are held in a `StreamingText` outside reactive
 * state (render/streaming-text.svelte.ts), which the renderer listens to; the message's `text` and
 * `reasoning` are brought up to date when it is saved and, settled, when the turn ends.
 */
import { retryDecision, type Failure } from '../failure/index.ts';
import type { ConversationTurn } from '../wire/index.ts';
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
import type { ConversationStore } from './storage/conversation-store.ts';
import type { Conversation, ConversationRecord, MessageRecord } from './storage/records.ts';
import { takeJournal, writeJournal } from './storage/unload-journal.ts';
import {
	openStreamingText,
	settleStreamedText,
	syncStreamedText
} from '../render/streaming-text.svelte.ts';
import { streamTurn } from './stream-turn.ts';
import type { RequestAuthorizer } from '../auth/gateway-credentials.ts';
import type { PlannedTurn } from './turn-planner.ts';

export type { ChatMessage } from './chat-message.ts';

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

/** An automatic retry the app has scheduled; the page shows its countdown. */
export interface PendingRetry {
	messageId: string;
	/** Epoch ms when the retry is sent. */
	at: number;
	/** The attempt this retry will be (2 for the first retry). */
	attempt: number;
}

export interface ChatSessionInit {
	conversation: Conversation;
	store: ConversationStore;
	target: () => TurnTarget;
	/** Called after the conversation record was saved (title, draft, time changed). */
	onSaved?: (record: ConversationRecord) => void;
	fetch?: typeof fetch;
}

/** How often a growing answer is written to storage while it streams. */
const SAVE_EVERY_MS = 400;
const DRAFT_SAVE_DELAY_MS = 300;

const PAGE_CLOSED: Failure = {
	kind: 'stream_interrupted',
	message: 'The page was closed or reloaded while this answer was streaming.'
};

export class ChatSession {
	readonly id: string;
	#record: ConversationRecord;
	#messages = $state<ChatMessage[]>([]);
	#title = $state('');
	#draft = $state('');
	#busy = $state(false);
	#pendingRetry = $state<PendingRetry | null>(null);
	#controller: AbortController | null = null;
	#retryTimer: ReturnType<typeof setTimeout> | undefined;
	#draftTimer: ReturnType<typeof setTimeout> | undefined;
	#saveTimer: ReturnType<typeof setTimeout> | undefined;
	/** Attempts made for each assistant turn, for the retry policy's bound. */
	#attempts: Record<string, number> = {};
	/** Messages with a write to storage under way (by id), which the unload journal must cover. */
	#writing: Record<string, number> = {};
	readonly #init: ChatSessionInit;
	readonly #flushOnHide = (): void => {
		this.#journal();
		void this.flush();
	};

	constructor(init: ChatSessionInit) {
		this.#init = init;
		const { messages, ...record } = init.conversation;
		this.id = record.id;
		this.#record = record;
		this.#title = record.title;
		const journal = takeJournal(record.id);
		this.#draft = journal?.draft ?? record.draft;
		const restored = mergeJournal(messages, journal?.message);
		this.#messages = restored.map((message) =>
			message.status === 'streaming'
				? { ...message, status: 'interrupted', failure: message.failure ?? PAGE_CLOSED }
				: message
		);
		for (const message of this.#messages) {
			if (message.failure === PAGE_CLOSED) void this.#saveMessage(message);
		}
		if (journal?.draft !== undefined && restored.length > 0) void this.#saveConversation();
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
	get busy(): boolean {
		return this.#busy;
	}
	get pendingRetry(): PendingRetry | null {
		return this.#pendingRetry;
	}

	/** The composer's text for this conversation; saved shortly after each change. */
	get draft(): string {
		return this.#draft;
	}
	set draft(value: string) {
		this.#draft = value;
		clearTimeout(this.#draftTimer);
		this.#draftTimer = setTimeout(() => void this.#saveConversation(), DRAFT_SAVE_DELAY_MS);
	}

	/** Changes whenever visible content changes: a message added, text arriving, a turn ending. */
	get activity(): string {
		const last = this.#messages.at(-1);
		return `${this.#messages.length}:${last?.text.length ?? 0}:${last?.reasoning.length ?? 0}:${last?.status ?? ''}`;
	}

	async send(prompt: string): Promise<void> {
		const text = prompt.trim();
		if (text === '' || this.#busy) return;
		// Busy from this moment: a second send while the prompt is being saved is refused too.
		this.#busy = true;
		this.cancelRetry();
		if (this.#messages.length === 0) this.#title = titleFrom(text);
		const user = this.#newMessage('user', text);
		const answer = this.#newMessage('assistant', '');
		this.#messages.push(user, answer);
		this.#draft = '';
		clearTimeout(this.#draftTimer);
		try {
			// The prompt is on disk before the request leaves.
			await this.#saveConversation();
			await this.#saveMessage(user);
		} finally {
			this.#busy = false;
		}
		this.#attempts[answer.id] = 0;
		await this.#run(answer.id);
	}

	/**
	 * Sends the turn that produced assistant message `messageId` again (the last one by default),
	 * replacing what it showed. Only the last assistant turn can be retried.
	 */
	async retry(messageId?: string): Promise<void> {
		const last = this.#messages.at(-1);
		if (this.#busy || last === undefined || last.role !== 'assistant') return;
		if (messageId !== undefined && messageId !== last.id) return;
		this.cancelRetry();
		await this.#run(last.id);
	}

	/** A new answer to the last prompt. */
	regenerate(): Promise<void> {
		return this.retry();
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
		await this.#init.store.deleteMessages(removed.map((message) => message.id));
		this.draft = prompt.text;
		return prompt.text;
	}

	/** Drops a scheduled automatic retry; the failure stays on screen with its retry button. */
	cancelRetry(): void {
		clearTimeout(this.#retryTimer);
		this.#retryTimer = undefined;
		this.#pendingRetry = null;
	}

	/** Stops the answer in flight (the turn ends `cancelled`, what arrived is kept) or a countdown. */
	stop(): void {
		this.cancelRetry();
		this.#controller?.abort();
	}

	/** Writes everything pending now (the page is being hidden or left). */
	async flush(): Promise<void> {
		clearTimeout(this.#saveTimer);
		this.#saveTimer = undefined;
		const last = this.#messages.at(-1);
		const saves: Promise<void>[] = [];
		if (this.#draftTimer !== undefined) {
			clearTimeout(this.#draftTimer);
			saves.push(this.#saveConversation());
		}
		if (last?.status === 'streaming') saves.push(this.#saveMessage(last));
		await Promise.all(saves);
	}

	/** Ends everything in flight and saves what is pending; call when the conversation is left. */
	dispose(): void {
		void this.flush();
		this.stop();
		if (typeof window !== 'undefined') {
			window.removeEventListener('pagehide', this.#flushOnHide);
			document.removeEventListener('visibilitychange', this.#flushOnHide);
		}
	}

	/** The synchronous part of leaving: what could still be lost goes to the unload journal. */
	#journal(): void {
		const last = this.#messages.at(-1);
		if (last !== undefined) syncStreamedText(last);
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
			seq: (this.#messages.at(-1)?.seq ?? -1) + 1,
			role,
			text,
			reasoning: '',
			status: role === 'user' ? 'completed' : 'streaming',
			images: [],
			createdAt: Date.now()
		};
	}

	async #saveConversation(): Promise<void> {
		this.#draftTimer = undefined;
		this.#record = {
			...this.#record,
			title: this.#title,
			draft: this.#draft,
			model: this.#init.target().model,
			updatedAt: Date.now()
		};
		await this.#init.store.saveConversation(this.#record);
		this.#init.onSaved?.(this.#record);
	}

	async #saveMessage(message: ChatMessage): Promise<void> {
		const id = message.id;
		// A streaming answer's text lives outside reactive state; bring it in for the record.
		syncStreamedText(message);
		this.#writing[id] = (this.#writing[id] ?? 0) + 1;
		try {
			await this.#init.store.saveMessage(toRecord($state.snapshot(message)));
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

	async #run(answerId: string): Promise<void> {
		const index = this.#messages.findIndex((message) => message.id === answerId);
		// The proxied element, so that writes below reach the page.
		const answer = this.#messages[index];
		if (answer === undefined) return;
		resetAnswer(answer);
		// The text streams into this, not into `answer` (see render/streaming-text).
		const live = openStreamingText(answer.id);
		const attempt = (this.#attempts[answerId] ?? 0) + 1;
		this.#attempts[answerId] = attempt;

		const target = this.#init.target();
		answer.model = target.model;
		let planned: PlannedTurn;
		try {
			const history = sendableHistory(this.#messages, index);
			planned = target.plan(history.turns, this.id, history.summary);
		} catch (error) {
			// The builders refuse requests the gateway would reject; say why, like a gateway would.
			answer.status = 'failed';
			answer.failure = {
				kind: 'bad_request',
				message: error instanceof Error ? error.message : 'This request cannot be made.'
			};
			await this.#saveMessage(answer);
			return;
		}
		await this.#saveMessage(answer);
		this.#busy = true;
		this.#controller = new AbortController();
		try {
			const turn = await streamTurn(planned.request, {
				route: planned.route,
				model: target.model,
				classifierModels: target.classifierModels,
				signal: this.#controller.signal,
				...(this.#init.fetch === undefined ? {} : { fetch: this.#init.fetch }),
				...(target.authorizer === undefined ? {} : { authorizer: target.authorizer }),
				onEvent: (event) => {
					applyEvent(answer, live, event);
					this.#saveSoon(answer);
				}
			});
			answer.status = turn.status;
			if (turn.failure !== undefined) answer.failure = turn.failure;
		} finally {
			settleStreamedText(answer);
			this.#busy = false;
			this.#controller = null;
			clearTimeout(this.#saveTimer);
			this.#saveTimer = undefined;
			delete answer.partialImage;
		}
		await this.#saveMessage(answer);
		await this.#saveConversation();
		if (answer.failure !== undefined) this.#afterFailure(answer, answer.failure, attempt);
		else this.#attempts[answerId] = 0;
	}

	/**
	 * Compacts the conversation before the turn of `messageId` and sends that turn again. At most
	 * once per turn: a turn that is still too large after that stops with a clear state.
	 */
	async compactAndRetry(messageId?: string): Promise<void> {
		const last = this.#messages.at(-1);
		if (this.#busy || last === undefined || last.role !== 'assistant' || last.compacted === true)
			return;
		if (messageId !== undefined && messageId !== last.id) return;
		this.cancelRetry();
		this.#busy = true;
		try {
			await this.#compact(this.#messages.length - 2);
		} finally {
			this.#busy = false;
		}
		last.compacted = true;
		await this.#run(last.id);
		if (last.failure?.kind === 'context_too_large') {
			last.retryNote =
				'Still too large after compacting once. Start a new conversation from the summary, or shorten your message.';
		}
	}

	/** The summary of the latest compaction, if one was made. */
	get latestSummary(): string | null {
		const notice = this.#messages.findLast((message) => message.summaryOf !== undefined);
		return notice !== undefined && notice.text !== '' ? notice.text : null;
	}

	/**
	 * Summarises the messages before the prompt at `promptIndex` (or, when that fails, leaves them
	 * out) and records a notice that stands in for them. The originals stay stored and visible.
	 */
	async #compact(promptIndex: number): Promise<void> {
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
					route: planned.route,
					model: target.model,
					classifierModels: target.classifierModels,
					signal: new AbortController().signal,
					...(this.#init.fetch === undefined ? {} : { fetch: this.#init.fetch }),
					...(target.authorizer === undefined ? {} : { authorizer: target.authorizer }),
					onEvent: () => undefined
				});
				if (turn.status === 'completed') summary = turn.text.trim();
			} catch {
				summary = '';
			}
		}
		const keptFrom = firstKeptSeq(this.#messages, promptIndex);
		const notice: ChatMessage = {
			...this.#newMessage('assistant', summary),
			seq: prompt.seq - 0.5,
			status: 'completed',
			notice: summary === '' ? DROPPED_NOTICE : COMPACTION_NOTICE,
			summaryOf: Math.max(keptFrom, 0)
		};
		this.#messages.splice(promptIndex, 0, notice);
		await this.#saveMessage(notice);
	}

	#afterFailure(answer: ChatMessage, failure: Failure, attempt: number): void {
		if (failure.kind === 'context_too_large') {
			// One automatic compaction per turn; compactAndRetry marks the turn and explains a second failure.
			if (answer.compacted !== true) void this.compactAndRetry(answer.id);
			return;
		}
		const decision = retryDecision(failure, attempt, { answerStarted: answer.text !== '' });
		if (!decision.retry) return;
		if (!decision.automatic) {
			answer.retryNote = decision.reason;
			return;
		}
		const at = Date.now() + decision.delayMs;
		this.#pendingRetry = { messageId: answer.id, at, attempt: attempt + 1 };
		this.#retryTimer = setTimeout(() => {
			this.#pendingRetry = null;
			void this.retry(answer.id);
		}, decision.delayMs);
	}
}

/** The journal's copy of a message replaces the stored one (it is newer) or is appended. */
function mergeJournal(
	messages: readonly MessageRecord[],
	latest: MessageRecord | undefined
): MessageRecord[] {
	if (latest === undefined) return [...messages];
	const index = messages.findIndex((message) => message.id === latest.id);
	if (index === -1) return [...messages, latest].sort((a, b) => a.seq - b.seq);
	return messages.map((message, at) => (at === index ? latest : message));
}
