import { describe, expect, it } from 'vitest';
import { classifyHttp, classifyStreamError } from '../../../src/lib/failure/index.ts';

const nested = (message: string, extra = ''): string =>
	`{"error":{"message":${JSON.stringify(message)},"type":"new_api_error","code":""}${extra}}`;

describe('request id', () => {
	it('reads x-request-id, request-id and x-oneapi-request-id headers, in that order', () => {
		const body = nested('boom');
		expect(
			classifyHttp(500, new Headers({ 'x-request-id': 'req_a', 'request-id': 'req_b' }), body)
				.requestId
		).toBe('req_a');
		expect(
			classifyHttp(500, new Headers({ 'request-id': 'req_b', 'x-oneapi-request-id': 'c' }), body)
				.requestId
		).toBe('req_b');
		expect(
			classifyHttp(500, new Headers({ 'x-oneapi-request-id': '20260504210000123' }), body).requestId
		).toBe('20260504210000123');
	});

	it('never takes cf-ray for a request id', () => {
		const failure = classifyHttp(522, new Headers({ 'cf-ray': '8f2b3c4d5e6f7a8b-FRA' }), '');
		expect(failure.requestId).toBeUndefined();
	});

	it('prefers a readable header over the body, and the body field over the message suffix', () => {
		const body = nested('boom (request id: from_message)', ',"request_id":"from_field"');
		expect(classifyHttp(500, new Headers({ 'x-request-id': 'from_header' }), body).requestId).toBe(
			'from_header'
		);
		expect(classifyHttp(500, new Headers(), body).requestId).toBe('from_field');
	});

	it('keeps the first of chained suffixes and strips all of them from the message', () => {
		const failure = classifyHttp(
			403,
			new Headers(),
			nested('用户额度不足 (request id: inner_1) (request id: outer_2)')
		);
		expect(failure.requestId).toBe('inner_1');
		expect(failure.message).toBe('用户额度不足');
	});

	it('reads the colon-less and full-width variants', () => {
		expect(
			classifyHttp(403, new Headers(), nested('预扣费额度失败 (request id req_123)')).requestId
		).toBe('req_123');
		const fullWidth = classifyHttp(503, new Headers(), nested('无可用渠道（request id：2026abc）'));
		expect(fullWidth.requestId).toBe('2026abc');
		expect(fullWidth.message).toBe('无可用渠道');
	});

	it('ignores values that are not ids', () => {
		const spaced = classifyHttp(500, new Headers({ 'x-request-id': 'not an id' }), '');
		expect(spaced.requestId).toBeUndefined();
		const long = classifyHttp(500, new Headers({ 'x-request-id': 'x'.repeat(200) }), '');
		expect(long.requestId).toBeUndefined();
		const markup = classifyHttp(
			500,
			new Headers(),
			`{"error":{"message":"x"},"request_id":"<b>1</b>"}`
		);
		expect(markup.requestId).toBeUndefined();
	});

	it('reads request_id in stream payloads', () => {
		const failure = classifyStreamError({
			type: 'error',
			error: { type: 'overloaded_error', message: 'Overloaded' },
			request_id: 'req_stream_1'
		});
		expect(failure.requestId).toBe('req_stream_1');
	});
});
