/**
 * One turn in flight, from the moment its prompt is being saved to its end: every request it
 * makes (the answer, a compaction's summary request, automatic retries) and the waits between
 * them share one AbortController, so Stop at any moment cancels all of it and nothing more is sent.
 *
 * Its answer's text streams into `live` (outside reactive state: an append is a string
 * concatenation and a call to the renderers listening), which the page hands to the message
 * component as a prop; the session copies it into the message whenever it saves the answer.
 */
import type { Failure } from '../failure/index.ts';
import { StreamingText } from '../render/streaming-text.svelte.ts';

/**
 * `settling`: the request is over and the answer is on screen, its last writes still under way;
 * the person may already send the next prompt (its writes queue after these).
 */
export type TurnPhase =
	'saving' | 'requesting' | 'streaming' | 'settling' | 'compacting' | 'retry_wait' | 'done';

/** An automatic retry the app has scheduled; the page shows its countdown. */
export interface PendingRetry {
	messageId: string;
	/** Epoch ms when the retry is sent (while not held). */
	at: number;
	/** The attempt this retry will be (2 for the first retry). */
	attempt: number;
	/** What the attempt before it failed with: said while the retry waits for the gateway. */
	after: Failure;
	/** Held while the person reads the failure card: this long is left when it goes on. */
	heldWithMs?: number;
}

/** What the answer in flight is waiting for, for the page to show (TurnWait.svelte). */
export interface TurnWaiting {
	phase: 'requesting' | 'streaming';
	/** 1 for the first request of the turn. */
	attempt: number;
	/**
	 * While an automatic retry waits for the gateway: what the attempt before it failed with (its
	 * card was replaced by this wait, so the row still says why the turn is retrying).
	 */
	after: Failure | null;
	/** Epoch ms the phase began. */
	since: number;
	/** Epoch ms of the last event on the stream (read when shown; not reactive). */
	lastEventAt(): number;
}

/** A resumed countdown leaves at least this long to read the card before it fires. */
const MIN_AFTER_HOLD_MS = 2_000;

export class TurnRun {
	/** The assistant message this turn answers into. */
	readonly messageId: string;
	#live = $state.raw(new StreamingText());
	/** `live` is still the empty text the run was made with, and no attempt has started on it. */
	#liveUntouched = true;
	readonly #controller = new AbortController();
	#phase = $state<TurnPhase>('saving');
	#pendingRetry = $state.raw<PendingRetry | null>(null);
	#attempt = $state(0);
	/** The failure the automatic retry under way follows (null on a first or manual attempt). */
	#retryingAfter = $state.raw<Failure | null>(null);
	#since = $state(Date.now());
	#lastEventAt = Date.now();
	/** Holds or resumes the countdown under way (set while one is). */
	#hold: ((held: boolean) => void) | null = null;
	/** Ends the countdown under way at once, going on with its retry (set while one is). */
	#fire: (() => void) | null = null;
	/** Run once when the turn is done (giving the conversation back to the other tabs). */
	#whenDone: (() => void)[] = [];

	constructor(messageId: string) {
		this.messageId = messageId;
	}

	/** The text streaming into the answer for the attempt under way. */
	get live(): StreamingText {
		return this.#live;
	}

	/**
	 * A new attempt starts from nothing (or from `partial`, an answer it continues). A first
	 * attempt from nothing keeps the empty text the run was made with, so nothing showing it is
	 * redrawn before the request leaves.
	 */
	restartLive(partial = ''): void {
		const untouched = this.#liveUntouched;
		this.#liveUntouched = false;
		if (untouched && partial === '') return;
		const live = new StreamingText();
		live.append('text', partial);
		this.#live = live;
	}

	get phase(): TurnPhase {
		return this.#phase;
	}
	/** Aborted by `stop()`: every request of the turn, and any wait before the next. */
	get signal(): AbortSignal {
		return this.#controller.signal;
	}
	get stopped(): boolean {
		return this.#controller.signal.aborted;
	}
	get pendingRetry(): PendingRetry | null {
		return this.#pendingRetry;
	}

	/** What the turn waits for now; `null` when it is not sending or streaming. */
	get waiting(): TurnWaiting | null {
		const phase = this.#phase;
		if (phase !== 'requesting' && phase !== 'streaming') return null;
		return {
			phase,
			attempt: this.#attempt,
			after: phase === 'requesting' ? this.#retryingAfter : null,
			since: this.#since,
			lastEventAt: () => this.#lastEventAt
		};
	}

	/** Something arrived on the stream (the stall clock starts again). */
	heard(): void {
		this.#lastEventAt = Date.now();
	}

	enter(phase: Exclude<TurnPhase, 'retry_wait'>): void {
		this.#pendingRetry = null;
		if (phase === 'requesting') this.#attempt++;
		else this.#retryingAfter = null;
		if (phase !== this.#phase) this.#since = Date.now();
		this.#lastEventAt = Date.now();
		this.#phase = phase;
		if (phase === 'done') for (const done of this.#whenDone.splice(0)) done();
	}

	/** `done` runs when the turn is done (at once if it is). */
	whenDone(done: () => void): void {
		if (this.#phase === 'done') done();
		else this.#whenDone.push(done);
	}

	/** Stops the turn: the request in flight is cancelled, and nothing more is sent. */
	stop(): void {
		this.#controller.abort();
	}

	/**
	 * Waits until `retry.at` (the countdown shown), then resolves `true`; resolves `false` at once
	 * when the turn is stopped or the retry is called off.
	 */
	/**
	 * Holds the countdown under way while the person reads its card (details open, focus or
	 * pointer inside), and resumes it with what was left (at least a couple of seconds).
	 */
	holdRetry(held: boolean): void {
		this.#hold?.(held);
	}

	/**
	 * The countdown's "Try now": its retry is sent at once, as the same attempt it counted down to
	 * (its number and the failure it follows kept); false when no countdown is under way.
	 */
	retryNow(): boolean {
		const fire = this.#fire;
		fire?.();
		return fire !== null;
	}

	waitForRetry(retry: PendingRetry, calledOff: AbortSignal): Promise<boolean> {
		this.#phase = 'retry_wait';
		this.#pendingRetry = retry;
		return new Promise((resolve) => {
			let timer: ReturnType<typeof setTimeout> | undefined;
			const finish = (proceed: boolean): void => {
				clearTimeout(timer);
				this.#hold = null;
				this.#fire = null;
				this.signal.removeEventListener('abort', cancel);
				calledOff.removeEventListener('abort', cancel);
				this.#pendingRetry = null;
				this.#retryingAfter = proceed ? retry.after : null;
				resolve(proceed);
			};
			const cancel = (): void => finish(false);
			const count = (ms: number): void => {
				this.#pendingRetry = { ...retry, at: Date.now() + ms };
				timer = setTimeout(() => finish(true), ms);
			};
			this.#hold = (held) => {
				const current = this.#pendingRetry;
				if (current === null) return;
				if (held && current.heldWithMs === undefined) {
					clearTimeout(timer);
					this.#pendingRetry = { ...current, heldWithMs: Math.max(0, current.at - Date.now()) };
				} else if (!held && current.heldWithMs !== undefined) {
					count(Math.max(current.heldWithMs, MIN_AFTER_HOLD_MS));
				}
			};
			this.#fire = () => finish(true);
			count(Math.max(0, retry.at - Date.now()));
			if (this.stopped || calledOff.aborted) return finish(false);
			this.signal.addEventListener('abort', cancel, { once: true });
			calledOff.addEventListener('abort', cancel, { once: true });
		});
	}
}
