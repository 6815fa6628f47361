/**
 * The token route over real HTTP, against the production server configured with AUTH_URL: what a
 * script on another site, a curl, or a malformed request gets. (Unit tests check, with a counting
 * stand-in, that none of these reaches the authorization server.)
 */
import { expect, test } from '@playwright/test';
import { AUTH_SERVER_URL, SIGN_IN_APP_URL } from './servers.ts';

const ROUTE = `${SIGN_IN_APP_URL}/api/oauth/token`;
const SAME_ORIGIN = {
	origin: SIGN_IN_APP_URL,
	'sec-fetch-site': 'same-origin',
	'x-switchboard-session': '1',
	'content-type': 'application/x-www-form-urlencoded'
};
const CODE_FORM = new URLSearchParams({
	grant_type: 'authorization_code',
	client_id: 'switchboard',
	code: 'not-a-real-code',
	redirect_uri: `${SIGN_IN_APP_URL}/auth/callback`,
	code_verifier: 'v'.repeat(43)
}).toString();

async function post(headers: Record<string, string>, body: string): Promise<Response> {
	return fetch(ROUTE, { method: 'POST', headers, body, redirect: 'manual' });
}

async function expectJsonError(response: Response, status: number, error: string): Promise<void> {
	expect(response.status).toBe(status);
	expect(response.headers.get('cache-control')).toBe('no-store');
	expect(response.headers.get('content-type')).toBe('application/json');
	expect(((await response.json()) as { error: string }).error).toBe(error);
}

test.describe('POST /api/oauth/token refuses', () => {
	test('another site (Origin), even with the custom header', async () => {
		await expectJsonError(
			await post({ ...SAME_ORIGIN, origin: 'https://evil.example' }, CODE_FORM),
			403,
			'invalid_request'
		);
	});

	test('a cross-site fetch (Sec-Fetch-Site)', async () => {
		await expectJsonError(
			await post({ ...SAME_ORIGIN, 'sec-fetch-site': 'cross-site' }, CODE_FORM),
			403,
			'invalid_request'
		);
	});

	test('a plain form post (no custom header)', async () => {
		const { 'x-switchboard-session': _header, ...headers } = SAME_ORIGIN;
		await expectJsonError(await post(headers, CODE_FORM), 403, 'invalid_request');
	});

	test('JSON', async () => {
		await expectJsonError(
			await post({ ...SAME_ORIGIN, 'content-type': 'application/json' }, '{}'),
			415,
			'invalid_request'
		);
	});

	test('a body over 8 KB', async () => {
		await expectJsonError(
			await post(SAME_ORIGIN, `${CODE_FORM}&pad=${'x'.repeat(9000)}`),
			413,
			'invalid_request'
		);
	});

	test('another grant type', async () => {
		const body = new URLSearchParams({
			grant_type: 'password',
			username: 'a',
			password: 'b'
		}).toString();
		await expectJsonError(await post(SAME_ORIGIN, body), 400, 'unsupported_grant_type');
	});

	test('a refresh token sent by the page', async () => {
		const body = new URLSearchParams({
			grant_type: 'refresh_token',
			client_id: 'switchboard',
			refresh_token: 'x'
		}).toString();
		await expectJsonError(await post(SAME_ORIGIN, body), 400, 'invalid_request');
	});

	test('a refresh without a session cookie', async () => {
		const body = new URLSearchParams({
			grant_type: 'refresh_token',
			client_id: 'switchboard'
		}).toString();
		await expectJsonError(await post(SAME_ORIGIN, body), 400, 'invalid_grant');
	});

	test('another redirect_uri', async () => {
		const body = CODE_FORM.replace(
			encodeURIComponent(`${SIGN_IN_APP_URL}/auth/callback`),
			encodeURIComponent('https://evil.example/cb')
		);
		await expectJsonError(await post(SAME_ORIGIN, body), 400, 'invalid_request');
	});

	test('other methods', async () => {
		const response = await fetch(ROUTE, { method: 'PUT', headers: SAME_ORIGIN, body: CODE_FORM });
		await expectJsonError(response, 405, 'invalid_request');
		expect(response.headers.get('allow')).toBe('POST, DELETE');
	});
});

test('passes the authorization server’s refusal of an unknown code through (invalid_grant)', async () => {
	const response = await post(SAME_ORIGIN, CODE_FORM);
	expect(response.status).toBe(400);
	expect(response.headers.get('cache-control')).toBe('no-store');
	expect(((await response.json()) as { error: string }).error).toBe('invalid_grant');
	expect(response.headers.getSetCookie()).toEqual([]);
});

test('sign-out clears the session cookie', async () => {
	const response = await fetch(ROUTE, {
		method: 'DELETE',
		headers: { origin: SIGN_IN_APP_URL, 'x-switchboard-session': '1' }
	});
	expect(response.status).toBe(204);
	expect(response.headers.getSetCookie()).toEqual([
		'switchboard-session=; Path=/api/oauth; Max-Age=0; HttpOnly; SameSite=Strict'
	]);
});

test('GET /api/oauth/metadata names the discovered server and its endpoints', async () => {
	const response = await fetch(`${SIGN_IN_APP_URL}/api/oauth/metadata`);
	expect(response.status).toBe(200);
	expect(await response.json()).toMatchObject({
		issuer: AUTH_SERVER_URL,
		authorization_endpoint: `${AUTH_SERVER_URL}/oauth/authorize`,
		token_endpoint: `${AUTH_SERVER_URL}/oauth/token`,
		code_challenge_methods_supported: ['S256'],
		authorization_response_iss_parameter_supported: true
	});
});

test('every page carries Referrer-Policy: no-referrer (the callback URL holds a code)', async () => {
	const response = await fetch(`${SIGN_IN_APP_URL}/auth/callback?code=x&state=y`);
	expect(response.headers.get('referrer-policy')).toBe('no-referrer');
});
