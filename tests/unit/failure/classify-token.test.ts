import { describe, expect, it } from 'vitest';
import {
	REGION_LOGIN_MESSAGE,
	classifyTokenExchange
} from '../../../src/lib/failure/classify-token.ts';

const SECRETS = [
	'at_9f8e7d6c5b4a3f2e1d0c',
	'rt_1a2b3c4d5e6f7a8b9c0d',
	'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl',
	'ac_authorizationcode123',
	'verifier_abcdefghijklmnopqrstuvwxyz0123456789'
];

const json = new Headers({ 'content-type': 'application/json' });

function expectNoSecret(text: string | undefined): void {
	for (const secret of SECRETS) expect(text ?? '').not.toContain(secret);
}

describe('classifyTokenExchange', () => {
	it('never keeps a 2xx body: it holds tokens by definition', () => {
		const body = JSON.stringify({
			access_token: SECRETS[0],
			refresh_token: SECRETS[1],
			id_token: SECRETS[2],
			expires_in: 3600
		});
		const failure = classifyTokenExchange({ status: 200, headers: json, body });
		expect(failure.kind).toBe('token_exchange_failed');
		expect(failure.raw).toBeUndefined();
		expectNoSecret(failure.message);
	});

	it.each([
		[
			'JSON error with echoed tokens',
			400,
			JSON.stringify({
				error: 'invalid_request',
				error_description: 'bad request',
				refresh_token: SECRETS[1],
				code: SECRETS[3],
				code_verifier: SECRETS[4]
			})
		],
		[
			'nested JSON',
			400,
			JSON.stringify({
				error: { code: 'invalid_request', message: 'nope' },
				request: { access_token: SECRETS[0], id_token: SECRETS[2] }
			})
		],
		['form-encoded', 400, `error=invalid_grant&refresh_token=${SECRETS[1]}&code=${SECRETS[3]}`],
		[
			'truncated JSON',
			500,
			`{"error":"server_error","access_token":"${SECRETS[0]}","id_token":"${SECRETS[2]}`
		],
		[
			'a description that quotes a token',
			400,
			JSON.stringify({
				error: 'invalid_grant',
				error_description: `refresh_token=${SECRETS[1]} was already used`
			})
		]
	])('redacts secrets from message and raw: %s', (_name, status, body) => {
		const failure = classifyTokenExchange({ status, headers: json, body });
		expectNoSecret(failure.message);
		expectNoSecret(failure.raw);
		expectNoSecret(failure.code);
		expect(failure.raw).toContain('[redacted]');
	});

	it('keeps the error code inside an error object, which is not a secret', () => {
		const failure = classifyTokenExchange({
			status: 403,
			headers: json,
			body: `{"error":{"code":"unsupported_country_region_territory","message":"Country, region, or territory not supported","param":null,"type":"request_forbidden"}}`
		});
		expect(failure).toMatchObject({
			kind: 'region_unsupported',
			message: REGION_LOGIN_MESSAGE,
			status: 403
		});
		expect(failure.raw).toContain('unsupported_country_region_territory');
	});

	it.each([
		['refresh_token_expired', 'expired'],
		['refresh_token_reused', 'twice'],
		['refresh_token_invalidated', 'revoked'],
		['invalid_grant', 'no longer valid']
	])('%s → auth_expired, "sign in again"', (error, words) => {
		const failure = classifyTokenExchange({
			status: 401,
			headers: json,
			body: JSON.stringify({ error, error_description: 'x' })
		});
		expect(failure.kind).toBe('auth_expired');
		expect(failure.message).toContain(words);
		expect(failure.message).toContain('Sign in again');
		expect(failure.code).toBe(error);
	});

	it('explains access_denied and client errors with the description', () => {
		const denied = classifyTokenExchange({
			status: 400,
			headers: json,
			body: `{"error":"access_denied","error_description":"The user denied the request"}`
		});
		expect(denied).toMatchObject({
			kind: 'token_exchange_failed',
			message: 'Token exchange failed: access was denied: The user denied the request'
		});
		const client = classifyTokenExchange({
			status: 401,
			headers: json,
			body: `{"error":"invalid_client","error_description":"Client authentication failed"}`
		});
		expect(client.message).toBe(
			"Token exchange failed: the sign-in server rejected this app's request (invalid_client): Client authentication failed"
		);
		const bare = classifyTokenExchange({
			status: 400,
			headers: json,
			body: `{"error":"access_denied"}`
		});
		expect(bare.message).toBe('Token exchange failed: access was denied');
	});

	it('names the status for anything else, never as markup', () => {
		const failure = classifyTokenExchange({
			status: 502,
			headers: new Headers(),
			body: '<html><title>502 Bad Gateway</title></html>'
		});
		expect(failure).toMatchObject({
			kind: 'token_exchange_failed',
			message: 'Token exchange failed: token endpoint returned status 502 Bad Gateway'
		});
	});

	it("does not double the prefix of our own route's message", () => {
		const failure = classifyTokenExchange({
			status: 502,
			headers: json,
			body: `{"error":"token_exchange_failed","error_description":"Token exchange failed: token endpoint returned status 503 Service Unavailable"}`
		});
		expect(failure.message).toBe(
			'Token exchange failed: token endpoint returned status 503 Service Unavailable'
		);
	});

	it('describes a transport failure without the query string of the url', () => {
		const failure = classifyTokenExchange({
			thrown: new TypeError('Failed to fetch'),
			url: `https://auth.example.com/oauth/token?code=${SECRETS[3]}`
		});
		expect(failure.kind).toBe('token_exchange_failed');
		expect(failure.message).toMatch(
			/^Token exchange failed: error sending request for url \(https:\/\/auth\.example\.com\/oauth\/token\)/
		);
		expectNoSecret(failure.message);
	});

	it('says which network case when it can', () => {
		const cause = Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' });
		const failure = classifyTokenExchange({ thrown: new TypeError('fetch failed', { cause }) });
		expect(failure).toMatchObject({
			kind: 'token_exchange_failed',
			networkCase: 'timeout',
			message: 'Token exchange failed: error sending request: the connection timed out.'
		});
	});

	it('redacts a token that appears in a thrown error', () => {
		const failure = classifyTokenExchange({
			thrown: new Error(`request to https://auth.example.com/cb?code=${SECRETS[3]} failed`)
		});
		expectNoSecret(failure.message);
		expectNoSecret(failure.raw);
	});
});
