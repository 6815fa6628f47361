import { describe, expect, it } from 'vitest';
import {
	classifyHttp,
	classifyStreamError,
	type Failure,
	type FailureKind
} from '../../../src/lib/failure/index.ts';

describe('classifyStreamError shares the HTTP mapping', () => {
	const cases: [code: string, kind: FailureKind][] = [
		['insufficient_quota', 'insufficient_balance'],
		['upstream_error', 'upstream_failed'],
		['overloaded_error', 'overloaded'],
		['rate_limit_exceeded', 'rate_limited'],
		['context_length_exceeded', 'context_too_large'],
		['server_error', 'server_error'],
		['api_error', 'server_error'],
		['model_not_found', 'model_unavailable'],
		['usage_limit_reached', 'usage_limit'],
		['invalid_request_error', 'bad_request'],
		['authentication_error', 'auth_expired'],
		['permission_error', 'forbidden']
	];

	it.each(cases)('%s → %s, in a stream and in a 200 body alike', (code, kind) => {
		const error = { type: code, code, message: 'Something failed.' };
		expect(classifyStreamError({ type: 'error', error }).kind).toBe(kind);
		expect(classifyStreamError({ type: 'error', code, message: 'Something failed.' }).kind).toBe(
			kind
		);
		expect(classifyHttp(200, new Headers(), JSON.stringify({ error })).kind).toBe(kind);
	});

	it('reads the same zh-CN patterns as HTTP', () => {
		const error = {
			message: '当前分组 default 下对于模型 gpt-4o 无可用渠道',
			type: 'new_api_error'
		};
		expect(classifyStreamError({ error }).kind).toBe('model_unavailable');
		expect(classifyHttp(503, new Headers(), JSON.stringify({ error })).kind).toBe(
			'model_unavailable'
		);
	});

	it('accepts a response.failed event and its response object alike', () => {
		const response = {
			id: 'resp_1',
			object: 'response',
			status: 'failed',
			error: { code: 'rate_limit_exceeded', message: 'Slow down. Please try again in 3s.' }
		};
		const fromEvent = classifyStreamError({
			type: 'response.failed',
			sequence_number: 9,
			response
		});
		const fromResponse = classifyStreamError(response);
		const withoutRaw = ({ raw: _raw, ...rest }: Failure): Omit<Failure, 'raw'> => rest;
		expect(withoutRaw(fromEvent)).toEqual(withoutRaw(fromResponse));
		expect(fromEvent).toMatchObject({
			kind: 'rate_limited',
			retryAfterMs: 3000,
			message: 'Slow down. Please try again in 3s.'
		});
	});

	it('parses a data line given as text, and keeps non-JSON text as the message', () => {
		expect(
			classifyStreamError(
				'{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'
			).kind
		).toBe('overloaded');
		const text = classifyStreamError('upstream went away');
		expect(text.message).toBe('upstream went away');
		expect(text.raw).toBe('upstream went away');
	});

	it('uses a status named in the payload', () => {
		const failure = classifyStreamError({
			type: 'error',
			status: 529,
			error: { type: 'error', message: 'busy' }
		});
		expect(failure.kind).toBe('overloaded');
		expect(failure.status).toBe(529);
	});

	it('leaves other models alone and marks the classifier model', () => {
		const payload = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
		expect(classifyStreamError(payload, { model: 'gpt-5.1' }).kind).toBe('overloaded');
		expect(classifyStreamError(payload, { model: 'codex-auto-review' }).kind).toBe(
			'classifier_unavailable'
		);
		expect(
			classifyStreamError(
				{ type: 'error', error: { type: 'invalid_request_error', message: 'bad' } },
				{ model: 'codex-auto-review' }
			).kind
		).toBe('bad_request');
	});
});
