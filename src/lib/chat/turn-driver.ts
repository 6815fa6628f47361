/**
 * What a turn does between Send and its end, for one `TurnRun`: compaction (when asked, or once
 * after `context_too_large`), the request with its streamed events, and — where the retry policy
 * allows — an automatic retry after a countdown. Every request goes out with the run's one signal,
 * so Stop at any point ends the turn and nothing more is sent.
 *
 * The conversation it works on is reached through a `TurnHost` (the session): messages are read
 * and replaced, never changed in place, and written through the conversation's writer.
 */
import { own, retryDecision, type Failure } from '../failure/index.ts';
import { applyEvent, continuedEvents, resetAnswer } from './answer-events.ts';
import type { ChatMessage } from './chat-message.ts';
import { firstKeptSeq, olderPart, sendableHistory, SUMMARY_REQUEST } from './compaction.ts';
import { COMPACTION_NOTICE, DROPPED_NOTICE } from './compaction-notices.ts';
import { ConversationWriter } from './conversation-writer.ts';
import { streamTurn } from '../gateway/stream-turn.ts';
import type { TurnRun } from './turn-run.svelte.ts';
import type { PlannedTurn } from './turn-planner.ts';
import type { TurnTarget } from './turn-target.ts';

/** The conversation a turn works on, as the session lends it. */
export interface TurnHost {
	readonly conversationId: string;
	messages(): readonly ChatMessage[];
	/** Replaces message `id` with `change(it)`; returns the new message (undefined when gone). */
	update(id: string, change: (message: ChatMessage) => ChatMessage): ChatMessage | undefined;
	/** Adds `message` (a notice) where its position puts it. */
	insert(message: ChatMessage): void;
	/** Writes message `id` as it is now (with what has streamed into it). */
	save(id: string): Promise<void>;
	/** Writes message `id` soon (a growing answer, at most every few hundred ms). */
	saveSoon(id: string): void;
	/** Whether the page is being left: a stream it cuts off was cut by the page closing. */
	leaving(): boolean;
	/** The record's model, time and version shown, after an answer. */
	touch(model: string): Promise<void>;
	newMessage(role: ChatMessage['role'], text: string): ChatMessage;
	/** The bytes (base64) of the files attached to `messages`, by id; files gone are missing. */
	attachmentBytes(messages: readonly ChatMessage[]): Promise<ReadonlyMap<string, string>>;
	/** The conversation's web search switch. */
	webSearch(): boolean;
	target(): TurnTarget;
	fetch: typeof fetch | undefined;
	/** Attempts made per assistant turn, for the retry policy's bound. */
	attempts: Record<string, number>;
	/** Aborted when a scheduled retry is called off (the failure stays, with its buttons). */
	retryCalledOff(): AbortSignal;
	/** The run is over. */
	end(run: TurnRun): void;
}

/**
 * How a turn starts: `compactFirst` summarises the history first; `continueAnswer` keeps the
 * partial answer and asks the model to carry on from it (sent as the last, assistant, turn: a
 * prefill, on routes that have one — turn-planner.ts `routeCanContinue`).
 */
export interface TurnStart {
	compactFirst: boolean;
	continueAnswer?: boolean;
}

/**
 * Drives `run` to its end. Resolves when its request is over; a scheduled retry goes on in the
 * same run afterwards (Stop still reaches it), and `host.end(run)` is called when all is done.
 */
export async function driveTurn(host: TurnHost, run: TurnRun, options: TurnStart): Promise<void> {
	let retryScheduled = false;
	try {
		let compact = options.compactFirst;
		for (;;) {
			const id = run.messageId;
			const index = host.messages().findIndex((message) => message.id === id);
			if (index === -1) return;
			if (compact) {
				run.enter('compacting');
				await compactBefore(host, index - 1, run.signal);
				host.update(id, (answer) => ({ ...answer, compacted: true }));
			}
			if (run.stopped) return await cancelled(host, id);
			const failure = await attempt(host, run, options.continueAnswer === true && !compact);
			if (failure === undefined || run.stopped) return;
			if (failure.kind !== 'context_too_large') {
				retryScheduled = scheduleRetry(host, run, failure, options);
				return;
			}
			if (host.messages().find((message) => message.id === id)?.compacted === true) {
				host.update(id, (answer) => ({ ...answer, retryNote: { kind: 'still_too_large' } }));
				return;
			}
			compact = true;
		}
	} finally {
		if (!retryScheduled) host.end(run);
	}
}

/** Schedules the automatic retry the policy allows, if any; true when one was scheduled. */
function scheduleRetry(host: TurnHost, run: TurnRun, failure: Failure, start: TurnStart): boolean {
	const id = run.messageId;
	const answer = host.messages().find((message) => message.id === id);
	if (answer === undefined) return false;
	const attempt = host.attempts[id] ?? 1;
	const decision = retryDecision(failure, attempt, { answerStarted: answer.text !== '' });
	if (!decision.retry) return false;
	if (!decision.automatic) {
		// A partial answer on screen speaks for itself: its card offers Continue and Try again.
		if (answer.text === '')
			host.update(id, (current) => ({ ...current, retryNote: decision.reason }));
		return false;
	}
	const retry = {
		messageId: id,
		at: Date.now() + decision.delayMs,
		attempt: attempt + 1,
		after: failure
	};
	void run
		.waitForRetry(retry, host.retryCalledOff())
		.then((proceed) =>
			proceed ? driveTurn(host, run, { ...start, compactFirst: false }) : host.end(run)
		);
	return true;
}

/**
 * One request for the run's answer; returns its failure, if it failed. With `continuing`, the
 * answer's text so far stays and is sent as the turn to carry on from; what streams is added to it.
 */
async function attempt(
	host: TurnHost,
	run: TurnRun,
	continuing: boolean
): Promise<Failure | undefined> {
	const id = run.messageId;
	run.enter('requesting');
	const target = host.target();
	host.attempts[id] = (host.attempts[id] ?? 0) + 1;
	const before = host.messages().find((message) => message.id === id);
	// The API refuses a prefill that ends in whitespace; the model's next token brings it back.
	const partial = continuing ? (before?.text.trimEnd() ?? '') : '';
	// A continued answer keeps what its partial came with, and its counts are both requests'.
	const carry =
		partial === '' || before === undefined ? undefined : continuedEvents(before, partial.length);
	// A first attempt changes nothing here (its answer was made empty, with this model): every
	// redraw before the request leaves delays it (tests/bench/cold).
	host.update(id, (answer) => {
		const reset = resetAnswer(answer, partial !== '');
		return reset.model === target.model ? reset : { ...reset, model: target.model };
	});
	run.restartLive(partial);
	let planned: PlannedTurn;
	try {
		const earlier = host.messages().slice(
			0,
			host.messages().findIndex((message) => message.id === id)
		);
		const files = await host.attachmentBytes(earlier);
		const history = sendableHistory(earlier, earlier.length, files);
		const turns =
			partial === ''
				? history.turns
				: [...history.turns, { role: 'assistant' as const, text: partial }];
		planned = await target.plan(turns, host.conversationId, history.summary, {
			webSearch: host.webSearch()
		});
	} catch (error) {
		// The builders refuse requests the gateway would reject; say why, like a gateway would.
		const failure: Failure = {
			kind: 'bad_request',
			message: error instanceof Error ? error.message : 'This request cannot be made.'
		};
		host.update(id, (answer) => ({ ...answer, status: 'failed', failure }));
		await host.save(id);
		return undefined;
	}
	// The answer's first record holds no one's words: the request does not wait for it. Writes
	// keep their order, so it is on disk before anything that streams into it.
	const firstSave = host.save(id);
	// Awaited below; a stream that throws first leaves it to fail unheard, not unhandled.
	firstSave.catch(() => undefined);
	let failure: Failure | undefined;
	try {
		const turn = await streamTurn(planned.request, {
			...requestOptions(host, target, planned, run.signal),
			onEvent: (streamed) => {
				const event = carry === undefined ? streamed : carry(streamed);
				run.heard();
				if (run.phase === 'requesting') run.enter('streaming');
				const before = host.messages().find((message) => message.id === id);
				if (before === undefined) return;
				const after = applyEvent(before, run.live, event);
				if (after !== before) host.update(id, () => after);
				host.saveSoon(id);
			}
		});
		failure = turn.failure;
		let status = turn.status;
		// A reload or the tab closing tears the request down: the page was closed, not the line.
		// Torn down mid-answer it reads as a broken stream; before the gateway's first byte, as a
		// request that could not connect ("Can't reach the gateway", which would be untrue).
		if (tornDownByLeaving(failure) && host.leaving()) {
			failure = { kind: 'stream_interrupted', ...own({ kind: 'page_closed' }) };
			status = 'interrupted';
		}
		// The answer is settled on screen now, with all that streamed: the person may send the
		// next prompt while its last writes go on (they are queued before the next turn's).
		host.update(id, (answer) => ({
			...answer,
			text: run.live.read('text'),
			reasoning: run.live.read('reasoning'),
			status,
			...(failure === undefined ? {} : { failure })
		}));
		run.enter('settling');
	} finally {
		// A preview of an image still being generated means nothing once the turn is over.
		host.update(id, ({ partialImage, ...answer }) => answer);
	}
	await firstSave;
	await host.save(id);
	await host.touch(target.model);
	if (failure === undefined) host.attempts[id] = 0;
	return failure;
}

/** How a request the page itself tore down (leaving) reads: a broken stream or no connection. */
function tornDownByLeaving(failure: Failure | undefined): boolean {
	return failure?.said?.kind === 'connection_broke' || failure?.kind === 'network';
}

function requestOptions(
	host: TurnHost,
	target: TurnTarget,
	planned: PlannedTurn,
	signal: AbortSignal
) {
	return {
		route: planned.route,
		model: target.model,
		classifierModels: target.classifierModels,
		signal,
		...(host.fetch === undefined ? {} : { fetch: host.fetch }),
		...(target.authorizer === undefined ? {} : { authorizer: target.authorizer })
	};
}

/**
 * Stopped before a request left (while the prompt was saved, or during compaction): the answer
 * says "Stopped", like a turn stopped mid-answer, and keeps whatever text it showed.
 */
async function cancelled(host: TurnHost, id: string): Promise<void> {
	host.update(id, ({ failure, retryNote, ...answer }) => ({ ...answer, status: 'cancelled' }));
	await host.save(id);
}

/**
 * Summarises the messages before the prompt at `promptIndex` (or, when that fails, leaves them
 * out) and records a notice that stands in for them. The originals stay stored and visible. The
 * summary request is part of the turn: `signal` stops it, and then no notice is made.
 */
async function compactBefore(host: TurnHost, promptIndex: number, signal: AbortSignal) {
	const messages = host.messages();
	const older = olderPart(messages, promptIndex);
	const prompt = messages[promptIndex];
	if (prompt === undefined) return;
	let summary = '';
	if (older.length > 0) {
		const history = sendableHistory(older, older.length);
		try {
			const target = host.target();
			const planned = await target.plan(
				[...history.turns, { role: 'user', text: SUMMARY_REQUEST }],
				host.conversationId,
				history.summary
			);
			const turn = await streamTurn(planned.request, {
				...requestOptions(host, target, planned, signal),
				onEvent: () => undefined
			});
			if (turn.status === 'completed') summary = turn.text.trim();
		} catch {
			summary = '';
		}
	}
	if (signal.aborted) return;
	const notice: ChatMessage = {
		...host.newMessage('assistant', summary),
		seq: ConversationWriter.seqBetween(messages[promptIndex - 1]?.seq, prompt.seq),
		status: 'completed',
		notice: summary === '' ? DROPPED_NOTICE : COMPACTION_NOTICE,
		summaryOf: Math.max(firstKeptSeq(messages, promptIndex), 0)
	};
	host.insert(notice);
	await host.save(notice.id);
}
