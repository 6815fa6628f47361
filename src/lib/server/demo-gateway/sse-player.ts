/**
 * Plays steps as an event-stream body, with real pauses between writes.
 * Framing follows WHATWG HTML §9.2.6 "Interpreting an event stream": `event:` line, `data:` line,
 * blank line; comments start with `:`.
 *
 * The body is pulled, never pushed: its queue holds nothing (`highWaterMark: 0`), so a step is
 * taken from the iterator only when the reader asks for a chunk, and a slow reader holds the
 * whole answer back (adapter-node waits for `drain` before it reads again). Steps may come from a
 * generator that makes them as it goes, so an answer is never built whole in memory.
 * @see https://streams.spec.whatwg.org/#rs-default-controller-should-call-pull
 *
 * Leaving stops the work: when the reader cancels, or `signal` aborts, timers are cleared, a hang
 * ends, and the step iterator is closed (`return()`), so its generator runs its `finally` and
 * makes nothing more.
 */

export type Step =
	| { kind: 'event'; event: string | null; data: string }
	| { kind: 'comment'; text: string }
	| { kind: 'pause'; ms: number }
	/** Sends nothing more, not even keep-alives, until the client goes away. */
	| { kind: 'hang' };

export interface PlayOptions {
	/** Write every frame in pieces of this many bytes, splitting multi-byte characters across writes. */
	splitBytes?: number;
	/**
	 * Join frames that follow one another with no pause into one chunk of at least this many bytes
	 * (or fewer, before a pause and at the end): one write per few KB instead of one per frame.
	 * Not with `splitBytes`, whose pieces are each their own write.
	 */
	batchBytes?: number;
	/** Stop as if cancelled, and fail the body with the signal's reason (the request went away). */
	signal?: AbortSignal;
	/** Called once when the body is over: played to its end, failed, cancelled or aborted. */
	onSettled?: () => void;
}

export function frame(step: Step): string {
	switch (step.kind) {
		case 'event':
			return `${step.event === null ? '' : `event: ${step.event}\n`}data: ${step.data}\n\n`;
		case 'comment':
			return `: ${step.text}\n\n`;
		case 'pause':
		case 'hang':
			return '';
	}
}

function concat(parts: readonly Uint8Array[], size: number): Uint8Array {
	if (parts.length === 1 && parts[0] !== undefined) return parts[0];
	const joined = new Uint8Array(size);
	let at = 0;
	for (const part of parts) {
		joined.set(part, at);
		at += part.byteLength;
	}
	return joined;
}

export function playSteps(
	steps: Iterable<Step>,
	options: PlayOptions = {}
): ReadableStream<Uint8Array> {
	const encoder = new TextEncoder();
	const { splitBytes, signal } = options;
	const batchBytes = splitBytes === undefined ? (options.batchBytes ?? 0) : 0;
	let stopped = false;
	let timer: ReturnType<typeof setTimeout> | undefined;
	let wake: (() => void) | undefined;
	// A zero pause yields with setImmediate so each piece leaves as its own write, without the
	// ~1 ms floor of a zero setTimeout.
	const sleep = (ms: number): Promise<void> =>
		new Promise((resolve) => {
			wake = resolve;
			if (ms === 0) setImmediate(resolve);
			else timer = setTimeout(resolve, ms);
		});

	/** The body's chunks, one per read; leaving a `for…of` early closes the step iterator. */
	async function* chunks(): AsyncGenerator<Uint8Array> {
		let batch: Uint8Array[] = [];
		let batched = 0;
		const flush = (): Uint8Array => {
			const joined = concat(batch, batched);
			batch = [];
			batched = 0;
			return joined;
		};
		let piecesBefore = false;
		for (const step of steps) {
			if (stopped) return;
			if (step.kind === 'pause' || step.kind === 'hang') {
				if (batched > 0) yield flush();
				if (stopped) return;
				if (step.kind === 'hang') {
					await new Promise<void>((resolve) => (wake = resolve));
					return;
				}
				await sleep(step.ms);
				// Leaving during the pause: take no further step.
				if (stopped) return;
				continue;
			}
			const bytes = encoder.encode(frame(step));
			if (splitBytes !== undefined) {
				for (let at = 0; at < bytes.length; at += splitBytes) {
					// Each piece after the first waits a turn of the event loop, as its own write.
					if (piecesBefore) await sleep(0);
					if (stopped) return;
					piecesBefore = true;
					yield bytes.slice(at, at + splitBytes);
				}
				continue;
			}
			if (batchBytes === 0) {
				yield bytes;
				continue;
			}
			batch.push(bytes);
			batched += bytes.byteLength;
			if (batched >= batchBytes) yield flush();
		}
		if (batched > 0) yield flush();
	}

	const produce = chunks();
	let settled = false;
	const settle = (): void => {
		if (settled) return;
		settled = true;
		signal?.removeEventListener('abort', abort);
		options.onSettled?.();
	};
	/** Ends timers and hangs, and closes the chunk generator (and with it the step iterator). */
	const stop = async (): Promise<void> => {
		stopped = true;
		clearTimeout(timer);
		wake?.();
		try {
			await produce.return(undefined);
		} finally {
			settle();
		}
	};
	let abort = (): void => undefined;

	return new ReadableStream<Uint8Array>(
		{
			start(controller) {
				abort = () => {
					controller.error(signal?.reason);
					void stop();
				};
				if (signal?.aborted === true) abort();
				else signal?.addEventListener('abort', abort, { once: true });
			},
			async pull(controller) {
				let next: IteratorResult<Uint8Array>;
				try {
					next = await produce.next();
				} catch (error) {
					settle();
					throw error;
				}
				if (stopped) return;
				if (next.done === true) {
					controller.close();
					settle();
				} else controller.enqueue(next.value);
			},
			cancel: stop
		},
		{ highWaterMark: 0 }
	);
}
