import { describe, expect, it } from 'vitest';
import {
	FAILURE_KINDS,
	retryDecision,
	type Failure,
	type FailureKind
} from '../../../src/lib/failure/index.ts';

const AUTOMATIC: FailureKind[] = [
	'rate_limited',
	'overloaded',
	'upstream_failed',
	'bad_gateway',
	'origin_timeout',
	'server_error',
	'network',
	'stream_interrupted',
	'stream_stalled'
];

const NEVER: FailureKind[] = [
	'insufficient_balance',
	'payment_authorization_failed',
	'usage_limit',
	'auth_expired',
	'region_unsupported',
	'forbidden',
	'not_found',
	'request_too_large',
	'bad_request',
	'context_too_large',
	'long_context_required',
	'encrypted_content_unsupported',
	'thinking_mode_unsupported',
	'model_retired',
	'asset_timeout',
	'response_too_large',
	'token_exchange_failed'
];

function failureOf(kind: FailureKind, extra: Partial<Failure> = {}): Failure {
	return { kind, message: 'x', ...extra };
}

const half = () => 0.5;

describe('retryDecision', () => {
	it.each(AUTOMATIC)('%s retries automatically', (kind) => {
		expect(retryDecision(failureOf(kind), 1, { random: half })).toMatchObject({
			retry: true,
			automatic: true
		});
	});

	it.each(NEVER)('%s is never retried by the app', (kind) => {
		const decision = retryDecision(failureOf(kind, { retryAfterMs: 1000 }), 1);
		expect(decision.retry).toBe(false);
		if (!decision.retry) expect(decision.reason).toEqual({ kind: 'not_retryable', failure: kind });
	});

	it('leaves the other kinds to the person', () => {
		const rest = FAILURE_KINDS.filter((kind) => !AUTOMATIC.includes(kind) && !NEVER.includes(kind));
		expect(rest).toEqual([
			'classifier_unavailable',
			'model_unavailable',
			'thinking_block_invalid',
			'malformed_response',
			'unknown'
		]);
		for (const kind of rest)
			expect(retryDecision(failureOf(kind), 1)).toMatchObject({ retry: true, automatic: false });
	});

	it('bounds the attempts (default 3, configurable)', () => {
		const failure = failureOf('server_error');
		expect(retryDecision(failure, 1, { random: half }).retry).toBe(true);
		expect(retryDecision(failure, 2, { random: half }).retry).toBe(true);
		expect(retryDecision(failure, 3, { random: half }).retry).toBe(false);
		expect(retryDecision(failure, 5, { maxAttempts: 5 }).retry).toBe(false);
		expect(retryDecision(failure, 4, { maxAttempts: 5, random: half }).retry).toBe(true);
	});

	it('honours Retry-After exactly up to the cap', () => {
		expect(retryDecision(failureOf('rate_limited', { retryAfterMs: 11_054 }), 1)).toEqual({
			retry: true,
			automatic: true,
			delayMs: 11_054
		});
		expect(retryDecision(failureOf('rate_limited', { retryAfterMs: 0 }), 1)).toEqual({
			retry: true,
			automatic: true,
			delayMs: 0
		});
	});

	it('turns a hint over the cap into a manual retry showing the wait', () => {
		const decision = retryDecision(failureOf('overloaded', { retryAfterMs: 120_000 }), 1);
		expect(decision).toMatchObject({ retry: true, automatic: false, delayMs: 120_000 });
		expect(
			retryDecision(failureOf('overloaded', { retryAfterMs: 120_000 }), 1, { maxDelayMs: 180_000 })
		).toMatchObject({
			automatic: true,
			delayMs: 120_000
		});
	});

	it('backs off exponentially with equal jitter, within bounds', () => {
		const failure = failureOf('bad_gateway');
		const delay = (attempt: number, draw: number) => {
			const decision = retryDecision(failure, attempt, { random: () => draw, maxAttempts: 10 });
			return decision.retry ? decision.delayMs : Number.NaN;
		};
		expect(delay(1, 0)).toBe(500);
		expect(delay(1, 0.999_999)).toBe(1000);
		expect(delay(2, 0)).toBe(1000);
		expect(delay(3, 0.5)).toBe(3000);
		for (let attempt = 1; attempt <= 9; attempt += 1) {
			for (const draw of [0, 0.25, 0.5, 0.75, 0.999_999]) {
				const step = Math.min(60_000, 1000 * 2 ** (attempt - 1));
				expect(delay(attempt, draw)).toBeGreaterThanOrEqual(step / 2);
				expect(delay(attempt, draw)).toBeLessThanOrEqual(step);
			}
		}
		expect(delay(9, 0.999_999)).toBe(60_000);
	});

	it('survives a broken random source', () => {
		for (const draw of [Number.NaN, -1, 2, Number.POSITIVE_INFINITY]) {
			const decision = retryDecision(failureOf('network'), 1, { random: () => draw });
			expect(decision.retry && decision.delayMs >= 500 && decision.delayMs <= 1000).toBe(true);
		}
	});

	it('never resends an answer that had started without the person', () => {
		const decision = retryDecision(failureOf('stream_interrupted'), 1, {
			answerStarted: true,
			random: half
		});
		expect(decision).toMatchObject({ retry: true, automatic: false });
		if (decision.retry && !decision.automatic)
			expect(decision.reason).toEqual({ kind: 'answer_started' });
		expect(
			retryDecision(failureOf('rate_limited', { retryAfterMs: 2000 }), 1, { answerStarted: true })
		).toMatchObject({
			automatic: false,
			delayMs: 2000
		});
	});
});
