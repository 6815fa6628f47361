import { describe, expect, it } from 'vitest';
import {
	RAW_CAP,
	classifyHttp,
	present,
	retryDecision,
	type FailureKind
} from '../../../src/lib/failure/index.ts';
import { MARKUP } from './expect-failure.ts';

const none = new Headers();

describe('classifyHttp reads structured codes without help from the message', () => {
	const cases: [code: string, kind: FailureKind][] = [
		['insufficient_user_quota', 'insufficient_balance'],
		['pre_consume_token_quota_failed', 'insufficient_balance'],
		['INSUFFICIENT_BALANCE', 'insufficient_balance'],
		['billing_error', 'insufficient_balance'],
		['card_declined', 'payment_authorization_failed'],
		['usage_limit_reached', 'usage_limit'],
		['rate_limit_exceeded', 'rate_limited'],
		['model_not_found', 'model_unavailable'],
		['model_deprecated', 'model_retired'],
		['context_length_exceeded', 'context_too_large'],
		['invalid_encrypted_content', 'encrypted_content_unsupported'],
		['invalid_api_key', 'auth_expired'],
		['unsupported_country_region_territory', 'region_unsupported'],
		['token_exchange_failed', 'token_exchange_failed'],
		['permission_error', 'forbidden'],
		['not_found_error', 'not_found'],
		['request_too_large', 'request_too_large'],
		['invalid_request_error', 'bad_request'],
		['overloaded_error', 'overloaded'],
		['upstream_error', 'upstream_failed'],
		['timeout_error', 'origin_timeout'],
		['api_error', 'server_error']
	];

	it.each(cases)('%s → %s', (code, kind) => {
		const body = JSON.stringify({
			error: { message: 'Request failed.', type: 'new_api_error', code }
		});
		expect(classifyHttp(400, none, body).kind).toBe(kind);
		expect(classifyHttp(200, none, body).kind).toBe(kind);
	});
});

describe('classifyHttp', () => {
	it('calls a 502 with an explanation an upstream failure, and a bare one a bad gateway', () => {
		const explained = `{"error":{"message":"channel 12 returned an invalid response","type":"new_api_error"}}`;
		expect(classifyHttp(502, none, explained).kind).toBe('upstream_failed');
		expect(classifyHttp(502, none, '{"error":"Bad Gateway"}').kind).toBe('bad_gateway');
		expect(classifyHttp(503, none, explained).kind).toBe('server_error');
		expect(classifyHttp(503, none, 'Service Unavailable').kind).toBe('bad_gateway');
	});

	it('never lets escaped markup come back as markup', () => {
		const body = JSON.stringify({
			error: {
				message: 'Bad &lt;script&gt;alert(1)&lt;/script&gt; input',
				type: 'invalid_request_error'
			}
		});
		const failure = classifyHttp(400, none, body);
		expect(failure.message).not.toMatch(MARKUP);
		expect(failure.message).toContain('Bad');
	});

	it('turns 429/5xx into classifier_unavailable only for classifier models', () => {
		const body = `{"error":{"message":"Rate limit reached","type":"rate_limit_error"}}`;
		expect(classifyHttp(429, none, body, { model: 'gpt-5.1' }).kind).toBe('rate_limited');
		expect(classifyHttp(429, none, body, { model: 'codex-auto-review' }).kind).toBe(
			'classifier_unavailable'
		);
		expect(
			classifyHttp(429, none, body, { model: 'codex-auto-review', classifierModels: ['other'] })
				.kind
		).toBe('rate_limited');
		expect(classifyHttp(502, none, 'Bad Gateway', { model: 'CODEX-AUTO-REVIEW' }).kind).toBe(
			'classifier_unavailable'
		);
		expect(
			classifyHttp(400, none, `{"error":{"message":"bad","type":"invalid_request_error"}}`, {
				model: 'codex-auto-review'
			}).kind
		).toBe('bad_request');
	});

	it('never puts markup into the message, even when a JSON message carries a page', () => {
		const body = JSON.stringify({
			error: {
				message:
					'bad response status code 502, body: <html><head><title>502</title></head><body><h1>Bad</h1><script>alert(1)</script></body></html>',
				type: 'new_api_error'
			}
		});
		const failure = classifyHttp(502, none, body);
		expect(failure.kind).toBe('upstream_failed');
		expect(failure.message).not.toMatch(MARKUP);
		expect(failure.message).not.toContain('alert');
		expect(failure.message).toContain('bad response status code 502');
	});

	it('uses a status sentence when the body says nothing but the status', () => {
		for (const body of [
			'',
			'Bad Gateway',
			'502 Bad Gateway',
			'error code: 502',
			'<html><title>502 Bad Gateway</title></html>'
		]) {
			const failure = classifyHttp(502, none, body);
			expect(failure.kind).toBe('bad_gateway');
			expect(failure.message).toContain('502 Bad Gateway');
			expect(failure.message).toMatch(/^The gateway/);
		}
	});

	it('caps raw with a visible marker and keeps short bodies whole', () => {
		const long = `{"error":{"message":"${'x'.repeat(RAW_CAP * 2)}"}}`;
		const failure = classifyHttp(500, none, long);
		expect(failure.raw?.startsWith(long.slice(0, RAW_CAP))).toBe(true);
		expect(failure.raw).toMatch(/more characters not shown\]$/);
		expect(failure.message.length).toBeLessThanOrEqual(500);
		expect(classifyHttp(500, none, 'oops').raw).toBe('oops');
	});

	it('masks credentials a gateway echoes back', () => {
		const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
		const body = JSON.stringify({
			error: {
				message: `Invalid header Authorization: Bearer ${jwt}`,
				type: 'invalid_request_error'
			}
		});
		const failure = classifyHttp(401, none, body);
		expect(failure.message).not.toContain(jwt);
		expect(failure.raw).not.toContain(jwt);
		expect(failure.raw).toContain('Bearer [redacted]');
	});

	it('reads a body with a byte-order mark, and an SSE error frame with a non-200 status', () => {
		expect(
			classifyHttp(
				400,
				none,
				`\ufeff{"error":{"code":"context_length_exceeded","message":"too long"}}`
			).kind
		).toBe('context_too_large');
		expect(
			classifyHttp(429, none, 'data: {"error":{"code":"insufficient_quota","message":"quota"}}\n\n')
				.kind
		).toBe('insufficient_balance');
	});

	it('answers unknown for a status outside 100–599', () => {
		const failure = classifyHttp(0, none, '');
		expect(failure.kind).toBe('unknown');
		expect(failure.status).toBeUndefined();
	});

	it('says what a redirect means instead of "something went wrong", and what can help', () => {
		const nginx =
			'<html>\r\n<head><title>301 Moved Permanently</title></head>\r\n<body>\r\n<center><h1>301 Moved Permanently</h1></center>\r\n</body>\r\n</html>\r\n';
		const https = classifyHttp(301, new Headers({ 'switchboard-relay-redirect': 'https' }), nginx);
		expect(https.kind).toBe('not_found');
		expect(https.status).toBe(301);
		expect(https.said).toEqual({ kind: 'redirected', to: 'https', status: 301 });
		expect(https.message).toBe(
			"The gateway redirects to the same address over https (301 Moved Permanently): the gateway's address should begin with https://."
		);
		expect(https.raw).toBe(nginx);
		const away = classifyHttp(302, new Headers({ 'switchboard-relay-redirect': 'elsewhere' }), '');
		expect(away.said).toEqual({ kind: 'redirected', to: 'elsewhere', status: 302 });
		expect(away.message).toMatch(/^The gateway redirects to another address \(302 Found\)/);
		// Nobody said where: the same as "elsewhere"; a 3xx's own text never replaces the sentence.
		const unsaid = classifyHttp(307, none, 'Temporary Redirect');
		expect(unsaid.said).toEqual({ kind: 'redirected', to: 'elsewhere', status: 307 });
		expect(present(unsaid).actions.map((action) => action.kind)).toEqual([
			'connection_check',
			'switch_gateway',
			'retry'
		]);
		// 304 is not a redirect, and a 3xx is never a retry by itself.
		expect(classifyHttp(304, none, '').said?.kind).not.toBe('redirected');
		expect(retryDecision(https, 1).retry).toBe(false);
	});

	it('does not call a bare 400 anything more specific than bad_request', () => {
		expect(classifyHttp(400, none, '').kind).toBe('bad_request');
		expect(
			classifyHttp(409, none, '{"error":{"message":"Conflict with an in-flight request"}}').kind
		).toBe('bad_request');
	});
});
