import { describe, expect, it } from 'vitest';
import { classifyHttp } from '../../../src/lib/failure/index.ts';
import {
	parseDuration,
	parseRetryAfter,
	retryAfterFromText
} from '../../../src/lib/failure/retry-after.ts';

const NOW = Date.UTC(2026, 4, 4, 21, 0, 0);
const rateLimited = `{"error":{"message":"Too many requests","type":"rate_limit_error"}}`;

function hint(
	headers: Record<string, string>,
	body = rateLimited,
	status = 429
): number | undefined {
	return classifyHttp(status, new Headers(headers), body, { now: NOW }).retryAfterMs;
}

describe('Retry-After (RFC 9110 §10.2.3) and friends', () => {
	it('reads delay-seconds', () => {
		expect(hint({ 'retry-after': '30' })).toBe(30_000);
		expect(hint({ 'retry-after': '0' })).toBe(0);
	});

	it('reads an HTTP-date against the injected clock', () => {
		expect(hint({ 'retry-after': 'Mon, 04 May 2026 21:01:30 GMT' })).toBe(90_000);
		expect(parseRetryAfter('Monday, 04-May-26 21:00:10 GMT', NOW)).toBe(10_000);
	});

	it('treats a date in the past as "now"', () => {
		expect(hint({ 'retry-after': 'Mon, 04 May 2026 20:00:00 GMT' })).toBe(0);
	});

	it('prefers retry-after-ms over Retry-After', () => {
		expect(hint({ 'retry-after-ms': '1500', 'retry-after': '30' })).toBe(1500);
		expect(hint({ 'retry-after-ms': '12.7' })).toBe(13);
	});

	it('ignores unreadable, negative and absurd values', () => {
		expect(hint({ 'retry-after': 'soon' })).toBeUndefined();
		expect(hint({ 'retry-after': '-5' })).toBeUndefined();
		expect(hint({ 'retry-after-ms': 'abc' })).toBeUndefined();
		expect(hint({ 'retry-after': String(365 * 24 * 3600) })).toBeUndefined();
	});

	it('reads problem JSON retry_after (seconds)', () => {
		const body = `{"title":"Error 524: A timeout occurred","status":524,"error_code":524,"error_name":"timeout","retryable":true,"retry_after":45}`;
		expect(hint({}, body, 524)).toBe(45_000);
	});

	it('reads waits announced in the message', () => {
		expect(retryAfterFromText('Please try again in 11.054s.')).toBe(11_054);
		expect(retryAfterFromText('Please try again in 500ms.')).toBe(500);
		expect(retryAfterFromText('Rate limit reached. Please try again in 1m30s.')).toBe(90_000);
		expect(retryAfterFromText('Please retry after 20 seconds')).toBe(20_000);
		expect(retryAfterFromText('try again in 6m0s')).toBe(360_000);
		expect(retryAfterFromText('请求过于频繁，请在 30 秒后重试')).toBe(30_000);
	});

	it('never reads a bare number as a delay', () => {
		expect(retryAfterFromText('Limit 30000, Used 29500, Requested 1200.')).toBeUndefined();
		expect(retryAfterFromText('try again later')).toBeUndefined();
		expect(
			hint({}, `{"error":{"message":"Limit 30000 per 60 seconds","type":"rate_limit_error"}}`)
		).toBeUndefined();
	});

	it('parses whole durations only', () => {
		expect(parseDuration('2 minutes')).toBe(120_000);
		expect(parseDuration('1h')).toBe(3_600_000);
		expect(parseDuration('5 months')).toBeUndefined();
	});

	it('uses a header over the message', () => {
		const body = `{"error":{"message":"Please try again in 11s.","type":"rate_limit_error"}}`;
		expect(hint({ 'retry-after': '3' }, body)).toBe(3000);
	});

	describe('usage limits', () => {
		it('reads resets_in_seconds as the wait and the reset time', () => {
			const failure = classifyHttp(
				429,
				new Headers(),
				`{"error":{"type":"usage_limit_reached","message":"The usage limit has been reached","resets_in_seconds":13872}}`,
				{ now: NOW }
			);
			expect(failure.retryAfterMs).toBe(13_872_000);
			expect(failure.resetsAt).toBe(NOW + 13_872_000);
		});

		it('reads resets_at (epoch seconds) against the clock when there is no resets_in_seconds', () => {
			const resetsAt = NOW / 1000 + 3600;
			const failure = classifyHttp(
				429,
				new Headers(),
				`{"error":{"type":"usage_limit_reached","message":"The usage limit has been reached","resets_at":${resetsAt}}}`,
				{ now: NOW }
			);
			expect(failure.kind).toBe('usage_limit');
			expect(failure.resetsAt).toBe(NOW + 3_600_000);
			expect(failure.retryAfterMs).toBe(3_600_000);
		});
	});
});
