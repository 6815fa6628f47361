/**
 * One turn in flight, from the moment its prompt is being saved to its end: every request it
 * makes (the answer, a compaction's summary request, automatic retries) and the waits between
 * them share one AbortController, so Stop at any moment cancels all of it and nothing more is sent.
 *
 * Its answer's text streams into `live` (outside reactive state: an append is a string
 * concatenation and a call to the renderers listening), which the page hands to the message
 * component as a prop; the session copies it into the message whenever it saves the answer.
 */
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
	/** Epoch ms when the retry is sent. */
	at: number;
	/** The attempt this retry will be (2 for the first retry). */
	attempt: number;
}

export class TurnRun {
	/** The assistant message this turn answers into. */
	readonly messageId: string;
	readonly live = new StreamingText();
	readonly #controller = new AbortController();
	#phase = $state<TurnPhase>('saving');
	#pendingRetry = $state.raw<PendingRetry | null>(null);
	/** Run once when the turn is done (giving the conversation back to the other tabs). */
	#whenDone: (() => void)[] = [];

	constructor(messageId: string) {
		this.messageId = messageId;
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

	enter(phase: Exclude<TurnPhase, 'retry_wait'>): void {
		this.#pendingRetry = null;
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
	waitForRetry(retry: PendingRetry, calledOff: AbortSignal): Promise<boolean> {
		this.#phase = 'retry_wait';
		this.#pendingRetry = retry;
		return new Promise((resolve) => {
			const finish = (proceed: boolean): void => {
				clearTimeout(timer);
				this.signal.removeEventListener('abort', cancel);
				calledOff.removeEventListener('abort', cancel);
				this.#pendingRetry = null;
				resolve(proceed);
			};
			const cancel = (): void => finish(false);
			const timer = setTimeout(() => finish(true), Math.max(0, retry.at - Date.now()));
			if (this.stopped || calledOff.aborted) return finish(false);
			this.signal.addEventListener('abort', cancel, { once: true });
			calledOff.addEventListener('abort', cancel, { once: true });
		});
	}
}
