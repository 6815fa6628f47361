import type { Failure, FailureKind } from './types.ts';

/**
 * Whether and when to send a failed turn again. Pure: the clock and randomness come in as values.
 * - `automatic: true`: the app may retry by itself after `delayMs` (with a visible countdown);
 * - `automatic: false`: offer a retry button (after `delayMs` when a hint says so); `reason` says why
 *   it is not automatic;
 * - `retry: false`: the app does not retry (it cannot help, or the attempts are used up); `reason`
 *   says why. The failure card may still offer its own retry button.
 */
export type RetryDecision =
	| { retry: true; automatic: true; delayMs: number }
	| { retry: true; automatic: false; delayMs: number; reason: RetryReason }
	| { retry: false; reason: RetryReason };

/** Kinds where a retry may help but should be the person's choice. */
const MANUAL_KINDS = [
	'classifier_unavailable',
	'model_unavailable',
	'thinking_block_invalid',
	'malformed_response',
	'unknown'
] as const satisfies readonly FailureKind[];
export type ManualRetryKind = (typeof MANUAL_KINDS)[number];

/** Why the app does not retry by itself; the failure card says it in the person's language. */
export type RetryReason =
	/** A retry may help, but for this kind it is the person's choice. */
	| { kind: 'manual'; failure: ManualRetryKind }
	/** This kind does not go away by retrying. */
	| { kind: 'not_retryable'; failure: FailureKind }
	| { kind: 'attempts_used'; attempts: number }
	/** Part of the answer is on screen: sending again would replace it. */
	| { kind: 'answer_started' }
	/** The gateway asked to wait longer than the app waits by itself. */
	| { kind: 'wait_too_long' };

export interface RetryOptions {
	/** Total attempts allowed, the first included (default 3). */
	maxAttempts?: number;
	/** Longest automatic wait, and the cap on backoff (default 60 s). A longer hint is manual only. */
	maxDelayMs?: number;
	/** First backoff step (default 1 s); doubles each attempt. */
	baseDelayMs?: number;
	/** Uniform in [0, 1); defaults to `Math.random`. */
	random?: () => number;
	/** Part of the answer was already shown: never resend without the person's say-so. */
	answerStarted?: boolean;
}

export const DEFAULT_MAX_ATTEMPTS = 3;
/**
 * Waits that each take a long time are tried twice, not three times: a connection that timed out
 * (30 s each) and a stream that went silent (60 s each). Docs: README "How long the app waits".
 */
const SLOW_FAILURE_MAX_ATTEMPTS = 2;
export const DEFAULT_MAX_DELAY_MS = 60_000;
export const DEFAULT_BASE_DELAY_MS = 1_000;

/** Kinds where the same request can succeed later (docs/reference/failures.md). */
const AUTOMATIC: ReadonlySet<FailureKind> = new Set<FailureKind>([
	'rate_limited',
	'overloaded',
	'upstream_failed',
	'bad_gateway',
	'origin_timeout',
	'server_error',
	'network',
	'stream_interrupted',
	'stream_stalled'
]);

function manualKind(kind: FailureKind): ManualRetryKind | undefined {
	return MANUAL_KINDS.find((manual) => manual === kind);
}

function whole(value: number | undefined, fallback: number, minimum: number): number {
	return value !== undefined && Number.isFinite(value)
		? Math.max(minimum, Math.floor(value))
		: fallback;
}

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so a retry never
 * fires at once yet retries from many tabs spread out. Step = base × 2^(attempt − 1), capped.
 */
export function backoffDelay(
	attempt: number,
	baseDelayMs: number,
	maxDelayMs: number,
	random: () => number
): number {
	const step = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt - 1, 30));
	const draw = random();
	const unit = Number.isFinite(draw) ? Math.min(Math.max(draw, 0), 1 - Number.EPSILON) : 0.5;
	return Math.round(step / 2 + unit * (step / 2));
}

/**
 * The decision after `attempt` attempts have failed (1 after the first). Retry-After hints are
 * honoured exactly up to `maxDelayMs`; a longer one makes the retry manual, shown with its wait.
 * Attempts are bounded by `maxAttempts`; balance, usage, sign-in, region and request errors are
 * never retried; a turn whose answer had started is never resent automatically.
 */
export function retryDecision(
	failure: Failure,
	attempt: number,
	options: RetryOptions = {}
): RetryDecision {
	const slow =
		failure.kind === 'stream_stalled' ||
		(failure.kind === 'network' && failure.networkCase === 'timeout');
	const maxAttempts = Math.min(
		whole(options.maxAttempts, DEFAULT_MAX_ATTEMPTS, 1),
		slow ? SLOW_FAILURE_MAX_ATTEMPTS : Infinity
	);
	const maxDelayMs = whole(options.maxDelayMs, DEFAULT_MAX_DELAY_MS, 0);
	const baseDelayMs = whole(options.baseDelayMs, DEFAULT_BASE_DELAY_MS, 0);
	const attempts = whole(attempt, 1, 1);
	const hint = failure.retryAfterMs;

	const manual = manualKind(failure.kind);
	if (!AUTOMATIC.has(failure.kind)) {
		if (manual === undefined)
			return { retry: false, reason: { kind: 'not_retryable', failure: failure.kind } };
		return {
			retry: true,
			automatic: false,
			delayMs: hint ?? 0,
			reason: { kind: 'manual', failure: manual }
		};
	}
	if (attempts >= maxAttempts) return { retry: false, reason: { kind: 'attempts_used', attempts } };
	const delayMs =
		hint === undefined
			? backoffDelay(attempts, baseDelayMs, maxDelayMs, options.random ?? Math.random)
			: Math.max(0, hint);
	if (options.answerStarted === true) {
		return {
			retry: true,
			automatic: false,
			delayMs,
			reason: { kind: 'answer_started' }
		};
	}
	if (hint !== undefined && hint > maxDelayMs) {
		return {
			retry: true,
			automatic: false,
			delayMs,
			reason: { kind: 'wait_too_long' }
		};
	}
	return { retry: true, automatic: true, delayMs };
}
