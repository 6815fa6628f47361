/**
 * The authorization request and the callback check: a fresh PKCE verifier, state and nonce per
 * attempt; the attempt used once; every way a callback can be wrong becomes a clear failure.
 */
import { calculatePKCECodeChallenge, type AuthorizationServer } from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { createAuthorizationRequest } from '../../../src/lib/auth/authorization-request.ts';
import { checkCallback } from '../../../src/lib/auth/callback.ts';
import { withoutResponseParameters } from '../../../src/lib/auth/callback-url.ts';
import {
	ATTEMPT_MAX_AGE_MS,
	ATTEMPT_STORAGE_KEY,
	safeReturnPath,
	saveAttempt,
	takeAttempt,
	type SignInAttempt
} from '../../../src/lib/auth/sign-in-attempt.ts';
import { MemoryStorage } from './memory-storage.ts';

const server: AuthorizationServer = {
	issuer: 'https://auth.example.com',
	authorization_endpoint: 'https://auth.example.com/oauth/authorize?audience=x',
	authorization_response_iss_parameter_supported: true
};
const NOW = 1_700_000_000_000;

async function request(scopes = 'openid profile email offline_access') {
	return createAuthorizationRequest({
		server,
		clientId: 'switchboard',
		scopes,
		redirectUri: 'https://chat.example.com/auth/callback',
		resume: { returnTo: '/?c=1#end', draft: 'half a thought' },
		openerNonce: null,
		now: NOW
	});
}

describe('the authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3)', () => {
	it('asks for a code with PKCE S256, state, nonce and the configured client and scopes', async () => {
		const { url, attempt } = await request();
		expect(url.origin + url.pathname).toBe('https://auth.example.com/oauth/authorize');
		const params = Object.fromEntries(url.searchParams);
		expect(params).toMatchObject({
			audience: 'x',
			response_type: 'code',
			client_id: 'switchboard',
			redirect_uri: 'https://chat.example.com/auth/callback',
			scope: 'openid profile email offline_access',
			code_challenge_method: 'S256',
			state: attempt.state,
			nonce: attempt.nonce,
			prompt: 'consent'
		});
		expect(params['code_challenge']).toBe(await calculatePKCECodeChallenge(attempt.codeVerifier));
		expect(attempt.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
		expect(url.searchParams.has('code_verifier')).toBe(false);
	});

	it('makes every secret fresh for every attempt', async () => {
		const [a, b] = await Promise.all([request(), request()]);
		expect(a.attempt.codeVerifier).not.toBe(b.attempt.codeVerifier);
		expect(a.attempt.state).not.toBe(b.attempt.state);
		expect(a.attempt.nonce).not.toBe(b.attempt.nonce);
	});

	it('sends no nonce (and no prompt) without openid', async () => {
		const { url, attempt } = await request('api offline_access');
		expect(attempt.nonce).toBeNull();
		expect(url.searchParams.has('nonce')).toBe(false);
		expect(url.searchParams.has('prompt')).toBe(false);
	});
});

describe('the stored attempt', () => {
	async function stored(): Promise<{ storage: MemoryStorage; attempt: SignInAttempt }> {
		const storage = new MemoryStorage();
		const { attempt } = await request();
		saveAttempt(storage, attempt);
		return { storage, attempt };
	}

	it('is read once, then gone', async () => {
		const { storage, attempt } = await stored();
		expect(takeAttempt(storage, '/', NOW + 1000)).toEqual(attempt);
		expect(takeAttempt(storage, '/', NOW + 1000)).toBeNull();
		expect(storage.length).toBe(0);
	});

	it('is refused when too old, from the future, or malformed — and removed anyway', async () => {
		const { storage } = await stored();
		expect(takeAttempt(storage, '/', NOW + ATTEMPT_MAX_AGE_MS + 1)).toBeNull();
		expect(storage.length).toBe(0);
		for (const raw of ['not json', '{}', JSON.stringify({ state: 1 })]) {
			storage.setItem(ATTEMPT_STORAGE_KEY, raw);
			expect(takeAttempt(storage, '/', NOW)).toBeNull();
		}
		const { attempt } = await request();
		saveAttempt(storage, attempt);
		expect(takeAttempt(storage, '/', NOW - 1)).toBeNull();
	});

	it('keeps the opener’s nonce of a sign-in window’s attempt; refuses a malformed one', async () => {
		const { storage, attempt } = await stored();
		expect(takeAttempt(storage, '/', NOW + 1000)?.openerNonce).toBeNull();
		const marked = { ...attempt, openerNonce: crypto.randomUUID() };
		saveAttempt(storage, marked);
		expect(takeAttempt(storage, '/', NOW + 1000)).toEqual(marked);
		for (const openerNonce of ['', 'javascript:alert(1)', 42]) {
			storage.setItem(ATTEMPT_STORAGE_KEY, JSON.stringify({ ...attempt, openerNonce }));
			expect(takeAttempt(storage, '/', NOW + 1000)).toBeNull();
		}
	});

	it('an attempt stored before sign-in windows existed reads as a sign-in of this tab', async () => {
		const { storage, attempt } = await stored();
		const { openerNonce: _dropped, ...older } = attempt;
		storage.setItem(ATTEMPT_STORAGE_KEY, JSON.stringify(older));
		expect(takeAttempt(storage, '/', NOW + 1000)).toEqual(attempt);
	});

	it('only ever returns to a path on this origin', () => {
		expect(safeReturnPath('/chat?x=1#y', '/')).toBe('/chat?x=1#y');
		for (const hostile of [
			'//evil.example/',
			'/\\evil.example',
			'https://evil.example/',
			'javascript:alert(1)',
			42
		]) {
			expect(safeReturnPath(hostile, '/base/')).toBe('/base/');
		}
	});
});

describe('the callback check', () => {
	async function attempt(): Promise<SignInAttempt> {
		return (await request()).attempt;
	}
	const params = (fields: Record<string, string>) => new URLSearchParams(fields);

	it('accepts the code of this attempt, with the right iss', async () => {
		const a = await attempt();
		const result = checkCallback(params({ code: 'c1', state: a.state, iss: a.issuer }), a);
		expect(result.ok && result.params.get('code')).toBe('c1');
	});

	it.each([
		[
			'no attempt in this tab',
			null,
			(a: SignInAttempt) => ({ code: 'c', state: a.state, iss: a.issuer }),
			'no_sign_in_attempt'
		],
		[
			'another state',
			'a',
			(a: SignInAttempt) => ({ code: 'c', state: `${a.state}x`, iss: a.issuer }),
			'state_mismatch'
		],
		['no state', 'a', (a: SignInAttempt) => ({ code: 'c', iss: a.issuer }), 'state_mismatch'],
		[
			'another issuer (mix-up, RFC 9207)',
			'a',
			(a: SignInAttempt) => ({ code: 'c', state: a.state, iss: 'https://evil.example' }),
			'issuer_mismatch'
		],
		[
			'no iss where the server promises one',
			'a',
			(a: SignInAttempt) => ({ code: 'c', state: a.state }),
			'issuer_mismatch'
		],
		['no code', 'a', (a: SignInAttempt) => ({ state: a.state, iss: a.issuer }), 'missing_code'],
		[
			'an empty code',
			'a',
			(a: SignInAttempt) => ({ code: '', state: a.state, iss: a.issuer }),
			'missing_code'
		],
		[
			'an implicit-flow token',
			'a',
			(a: SignInAttempt) => ({
				code: 'c',
				access_token: 't',
				token: 't',
				state: a.state,
				iss: a.issuer
			}),
			'invalid_response'
		]
	] as const)('%s → %s', async (_name, has, fields, code) => {
		const a = await attempt();
		const result = checkCallback(params(fields(a)), has === null ? null : a);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.failure).toMatchObject({ kind: 'token_exchange_failed', code });
	});

	it('reads access_denied with its description (RFC 6749 §4.1.2.1)', async () => {
		const a = await attempt();
		const result = checkCallback(
			params({
				error: 'access_denied',
				error_description: 'The person declined',
				state: a.state,
				iss: a.issuer
			}),
			a
		);
		expect(result.ok).toBe(false);
		if (!result.ok) {
			expect(result.failure).toEqual({
				kind: 'token_exchange_failed',
				code: 'access_denied',
				message: 'Sign-in was cancelled: access was denied: The person declined',
				said: { kind: 'authorization_denied', description: 'The person declined' }
			});
		}
	});

	it('checks state before believing an error', async () => {
		const a = await attempt();
		const result = checkCallback(
			params({ error: 'access_denied', state: 'forged', iss: a.issuer }),
			a
		);
		expect(!result.ok && result.failure.code).toBe('state_mismatch');
	});

	it('strips every response parameter from the address, keeping the rest', () => {
		const url = new URL(
			'https://chat.example.com/auth/callback?code=c&state=s&iss=i&session_state=x&keep=1&error=e&error_description=d#h'
		);
		expect(withoutResponseParameters(url)).toBe('/auth/callback?keep=1#h');
	});
});
