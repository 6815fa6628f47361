/**
 * Plays a list of steps as an event-stream body, with real pauses between writes.
 * Framing follows WHATWG HTML §9.2.6 "Interpreting an event stream": `event:` line, `data:` line,
 * blank line; comments start with `:`. The stream stops (timers cleared) when the reader cancels,
 * which is what the server does when the client goes away.
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

export function playSteps(
	steps: readonly Step[],
	options: PlayOptions = {}
): ReadableStream<Uint8Array> {
	const encoder = new TextEncoder();
	let cancelled = false;
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

	return new ReadableStream<Uint8Array>({
		async start(controller) {
			for (const step of steps) {
				if (cancelled) return;
				if (step.kind === 'pause') {
					await sleep(step.ms);
					continue;
				}
				if (step.kind === 'hang') {
					await new Promise<void>((resolve) => (wake = resolve));
					return;
				}
				const bytes = encoder.encode(frame(step));
				const size = options.splitBytes;
				if (size === undefined) {
					controller.enqueue(bytes);
					continue;
				}
				for (let at = 0; at < bytes.length && !cancelled; at += size) {
					controller.enqueue(bytes.slice(at, at + size));
					await sleep(0);
				}
			}
			if (!cancelled) controller.close();
		},
		cancel() {
			cancelled = true;
			clearTimeout(timer);
			wake?.();
		}
	});
}
