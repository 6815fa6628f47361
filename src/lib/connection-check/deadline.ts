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
