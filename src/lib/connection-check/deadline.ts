/**
 * Every step runs under its own deadline and under the whole check's cancel signal. When the
 * deadline fires the step reports `timed_out`; when the check is cancelled the step's error
 * propagates and the runner marks the step `cancelled`.
 */
export interface StepDeadline {
	signal: AbortSignal;
	afterMs: number;
	/** The deadline fired (and the check was not cancelled). */
	expired(): boolean;
}

export function stepDeadline(cancel: AbortSignal, afterMs: number): StepDeadline {
	const timer = AbortSignal.timeout(afterMs);
	return {
		signal: AbortSignal.any([cancel, timer]),
		afterMs,
		expired: () => timer.aborted && !cancel.aborted
	};
}

/** Reads a body as text, at most `limit` bytes (the rest is not downloaded). */
export async function readCapped(response: Response, limit: number): Promise<string> {
	if (response.body === null) return '';
	const reader = response.body.getReader();
	const decoder = new TextDecoder();
	let text = '';
	let size = 0;
	try {
		while (size < limit) {
			const { done, value } = await reader.read();
			if (done) break;
			size += value.byteLength;
			text += decoder.decode(value, { stream: true });
		}
	} finally {
		await reader.cancel().catch(() => undefined);
	}
	return text + decoder.decode();
}
