/**
 * What the token route sends upstream and what it answers: a fixed destination, only allow-listed
 * fields, no browser credentials forwarded, never a refresh token in the answer, the session
 * cookie sealed and rotated, and the failures the browser's classifier expects.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
	classifyTokenExchange,
	REGION_LOGIN_MESSAGE
} from '../../../src/lib/failure/classify-token.ts';
import { authorizationServerLookup } from '../../../src/lib/server/oauth/authorization-server.ts';
import { deriveSessionKey } from '../../../src/lib/server/oauth/seal.ts';
import {
	cookiePolicy,
	openSession,
	readCookie
} from '../../../src/lib/server/oauth/session-cookie.ts';
import {
	handleSignOut,
	handleTokenRequest,
	type TokenRouteDeps
} from '../../../src/lib/server/oauth/token-route.ts';
import { closedPort } from '../../local-server.ts';
import {
	fakeIdToken,
	json,
	startFakeTokenEndpoint,
	type FakeTokenEndpoint
} from './fake-token-endpoint.ts';
import {
	allKeys,
	APP,
	call,
	CLIENT_ID,
	codeForm,
	cookieFrom,
	refreshForm,
	routeDeps,
	SECRET
} from './token-route-harness.ts';

let upstream: FakeTokenEndpoint;
let other: FakeTokenEndpoint;
let deps: TokenRouteDeps;

const now = () => Math.floor(Date.now() / 1000);
const idClaims = (issuer: string, extra: Record<string, unknown> = {}) => ({
	iss: issuer,
	sub: 'user-1',
	aud: CLIENT_ID,
	exp: now() + 600,
	iat: now(),
	email: 'ada@example.com',
	'https://api.example.com/auth': { account_id: 'acct_42', plan: 'pro', orgs: ['a', 'b'] },
	...extra
});

function tokens(extra: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		access_token: 'at-1',
		token_type: 'Bearer',
		expires_in: 3600,
		refresh_token: 'rt-1',
		id_token: fakeIdToken(idClaims(upstream.url)),
		scope: 'openid offline_access',
		...extra
	};
}

function tokenRequests() {
	return upstream.requests.filter((request) => request.path === '/oauth/token');
}

function sessionOf(cookie: string) {
	const policy = cookiePolicy(new URL(APP), '');
	if (policy === null) throw new Error('no policy');
	const value = readCookie(cookie, policy.name);
	if (value === null) throw new Error('no cookie');
	return openSession(deriveSessionKey(SECRET), policy, value, now());
}

beforeAll(async () => {
	upstream = await startFakeTokenEndpoint();
	other = await startFakeTokenEndpoint();
});
afterAll(async () => {
	await upstream.close();
	await other.close();
});
beforeEach(() => {
	upstream.requests.length = 0;
	other.requests.length = 0;
	upstream.respond = json(200, tokens());
	deps = routeDeps(upstream.url);
});

describe('the authorization-code exchange', () => {
	it('forwards only the allow-listed fields to the configured token endpoint', async () => {
		const response = await handleTokenRequest(
			call({
				body: codeForm(),
				headers: {
					cookie: 'other=1; session=abc',
					authorization: 'Bearer browser-credential',
					'x-forwarded-host': 'evil.example',
					'user-agent': 'test'
				}
			}),
			deps
		);
		expect(response.status).toBe(200);
		const [request] = tokenRequests();
		expect(request?.method).toBe('POST');
		expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
			grant_type: 'authorization_code',
			client_id: CLIENT_ID,
			code: 'the-authorization-code',
			redirect_uri: `${APP}/auth/callback`,
			code_verifier: 'v'.repeat(43)
		});
		expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
		expect(request?.headers['cookie']).toBeUndefined();
		expect(request?.headers['authorization']).toBeUndefined();
		expect(request?.headers['x-forwarded-host']).toBeUndefined();
		expect(other.requests).toEqual([]);
	});

	it('never takes the destination from the request (Host, query, body)', async () => {
		const { request, peerAddress } = call({ body: codeForm() });
		const url = new URL(`/api/oauth/token?token_endpoint=${encodeURIComponent(other.url)}`, APP);
		const hostile = new Request(url, {
			method: 'POST',
			headers: { ...Object.fromEntries(request.headers), host: new URL(other.url).host },
			body: codeForm()
		});
		const response = await handleTokenRequest({ request: hostile, url, peerAddress }, deps);
		expect(response.status).toBe(200);
		expect(tokenRequests()).toHaveLength(1);
		expect(other.requests).toEqual([]);
	});

	it('answers with the access token, its lifetime and the id-token claims — never a refresh token', async () => {
		const response = await handleTokenRequest(call({ body: codeForm() }), deps);
		expect(response.headers.get('cache-control')).toBe('no-store');
		const text = await response.text();
		expect(text).not.toContain('rt-1');
		const body = JSON.parse(text) as Record<string, unknown>;
		expect(allKeys(body)).not.toContain('refresh_token');
		expect(allKeys(body)).not.toContain('id_token');
		expect(body).toMatchObject({
			access_token: 'at-1',
			token_type: 'Bearer',
			expires_in: 3600,
			scope: 'openid offline_access',
			id_token_claims: { sub: 'user-1', email: 'ada@example.com' }
		});
	});

	it('keeps the refresh token in a sealed HttpOnly SameSite=Strict cookie', async () => {
		const response = await handleTokenRequest(call({ body: codeForm() }), deps);
		const [header] = response.headers.getSetCookie();
		expect(header).toMatch(/^switchboard-session=v1\.[A-Za-z0-9_-]+; /);
		expect(header).toContain('; Path=/api/oauth');
		expect(header).toContain('; HttpOnly');
		expect(header).toContain('; SameSite=Strict');
		expect(header).not.toContain('rt-1');
		expect(sessionOf(cookieFrom(response))).toMatchObject({
			refreshToken: 'rt-1',
			claims: {
				sub: 'user-1',
				email: 'ada@example.com',
				'https://api.example.com/auth': { account_id: 'acct_42' }
			}
		});
	});

	it('over https uses the __Host- cookie: Secure, Path=/ (RFC 6265bis §4.1.3.2)', async () => {
		const app = 'https://chat.example.com';
		const response = await handleTokenRequest(
			call({ app, body: codeForm({ redirect_uri: `${app}/auth/callback` }) }),
			deps
		);
		expect(response.status).toBe(200);
		const [header] = response.headers.getSetCookie();
		expect(header).toMatch(/^__Host-switchboard-session=v1\./);
		expect(header).toMatch(/; Path=\/;/);
		expect(header).toContain('; Secure');
		expect(header).toContain('; HttpOnly');
		expect(header).toContain('; SameSite=Strict');
	});

	it('behind a trusted proxy, takes the origin from X-Forwarded-Proto and -Host', async () => {
		const response = await handleTokenRequest(
			call({
				body: codeForm({ redirect_uri: 'https://chat.example.com/auth/callback' }),
				headers: {
					origin: 'https://chat.example.com',
					'x-forwarded-proto': 'https',
					'x-forwarded-host': 'chat.example.com'
				}
			}),
			{ ...deps, trustProxyHeaders: true }
		);
		expect(response.status).toBe(200);
		expect(response.headers.getSetCookie()[0]).toMatch(/^__Host-switchboard-session=/);
	});

	it("takes adapter-node's guessed https for what it is: the server itself speaks plain http", async () => {
		const served = { ...deps, urlSchemeKnown: false };
		const guessed = (headers: Record<string, string>) => {
			const { request, peerAddress } = call({ body: codeForm(), headers });
			return { request, peerAddress, url: new URL('/api/oauth/token', 'https://127.0.0.1:4173') };
		};
		const local = await handleTokenRequest(guessed({}), served);
		expect(local.status).toBe(200);
		expect(local.headers.getSetCookie()[0]).toMatch(/^switchboard-session=/);

		const behindProxy = await handleTokenRequest(
			guessed({ origin: 'https://127.0.0.1:4173' }),
			served
		);
		expect(behindProxy.status).toBe(403);
		expect(
			((await behindProxy.json()) as { error_description: string }).error_description
		).toContain('TRUST_PROXY_HEADERS');
	});

	it('refuses an id token for another client or issuer, or expired', async () => {
		for (const claims of [
			idClaims(upstream.url, { aud: 'someone-else' }),
			idClaims('https://other-issuer.example'),
			idClaims(upstream.url, { exp: now() - 3600 }),
			idClaims(upstream.url, { aud: [CLIENT_ID, 'someone-else'] })
		]) {
			upstream.respond = json(200, tokens({ id_token: fakeIdToken(claims) }));
			const response = await handleTokenRequest(call({ body: codeForm() }), deps);
			expect(response.status).toBe(502);
			expect(await response.json()).toMatchObject({ error: 'token_exchange_failed' });
			expect(response.headers.getSetCookie()).toEqual([]);
		}
	});

	it('refuses a token type it cannot use, or a body without an access token', async () => {
		for (const body of [tokens({ token_type: 'DPoP' }), tokens({ access_token: undefined })]) {
			upstream.respond = json(200, body);
			const response = await handleTokenRequest(call({ body: codeForm() }), deps);
			expect(response.status).toBe(502);
			expect(await response.text()).not.toContain('rt-1');
		}
	});

	it('without a refresh token (no offline access) sets no session and clears an old one', async () => {
		upstream.respond = json(200, tokens({ refresh_token: undefined }));
		const response = await handleTokenRequest(call({ body: codeForm() }), deps);
		expect(response.status).toBe(200);
		expect(response.headers.getSetCookie()[0]).toMatch(/^switchboard-session=; .*Max-Age=0/);
	});
});

describe('refresh', () => {
	async function signIn(): Promise<string> {
		const response = await handleTokenRequest(call({ body: codeForm() }), deps);
		expect(response.status).toBe(200);
		upstream.requests.length = 0;
		return cookieFrom(response);
	}

	it('sends the refresh token from the cookie and rotates the cookie', async () => {
		const cookie = await signIn();
		upstream.respond = json(200, tokens({ access_token: 'at-2', refresh_token: 'rt-2' }));
		const response = await handleTokenRequest(
			call({ body: refreshForm(), headers: { cookie } }),
			deps
		);
		expect(response.status).toBe(200);
		expect(Object.fromEntries(new URLSearchParams(tokenRequests()[0]?.body))).toEqual({
			grant_type: 'refresh_token',
			client_id: CLIENT_ID,
			refresh_token: 'rt-1'
		});
		const text = await response.text();
		expect(text).not.toContain('rt-2');
		expect(allKeys(JSON.parse(text))).not.toContain('refresh_token');
		expect(JSON.parse(text)).toMatchObject({ access_token: 'at-2' });
		const rotated = cookieFrom(response);
		expect(rotated).not.toBe(cookie);
		expect(sessionOf(rotated)?.refreshToken).toBe('rt-2');
	});

	it('keeps the refresh token and the claims when the server neither rotates nor sends an id token', async () => {
		const cookie = await signIn();
		upstream.respond = json(200, { access_token: 'at-3', token_type: 'bearer', expires_in: 60 });
		const response = await handleTokenRequest(
			call({ body: refreshForm(), headers: { cookie } }),
			deps
		);
		const body = (await response.json()) as Record<string, unknown>;
		expect(body['id_token_claims']).toMatchObject({
			sub: 'user-1',
			'https://api.example.com/auth': { account_id: 'acct_42' }
		});
		expect(sessionOf(cookieFrom(response))?.refreshToken).toBe('rt-1');
	});

	it('clears the cookie when the server refuses the refresh token (reused, expired)', async () => {
		const cookie = await signIn();
		upstream.respond = json(400, {
			error: 'refresh_token_reused',
			error_description: 'already used'
		});
		const response = await handleTokenRequest(
			call({ body: refreshForm(), headers: { cookie } }),
			deps
		);
		expect(response.status).toBe(400);
		expect(response.headers.getSetCookie()[0]).toMatch(/^switchboard-session=; .*Max-Age=0/);
		const failure = classifyTokenExchange({
			status: response.status,
			headers: response.headers,
			body: await response.text()
		});
		expect(failure.kind).toBe('auth_expired');
	});
});

describe('failures the browser classifies', () => {
	it('passes a 403 region refusal through, so it becomes region_unsupported', async () => {
		upstream.respond = json(403, {
			error: {
				code: 'unsupported_country_region_territory',
				message: 'Country, region, or territory not supported',
				param: null,
				type: 'request_forbidden'
			}
		});
		const response = await handleTokenRequest(call({ body: codeForm() }), deps);
		expect(response.status).toBe(403);
		const failure = classifyTokenExchange({
			status: response.status,
			headers: response.headers,
			body: await response.text()
		});
		expect(failure).toMatchObject({ kind: 'region_unsupported', message: REGION_LOGIN_MESSAGE });
	});

	it('removes token members from an error body it passes on', async () => {
		upstream.respond = json(400, {
			error: 'invalid_grant',
			refresh_token: 'rt-9',
			nested: { access_token: 'at-9' }
		});
		const response = await handleTokenRequest(call({ body: codeForm() }), deps);
		const text = await response.text();
		expect(text).not.toContain('rt-9');
		expect(text).not.toContain('at-9');
		expect(JSON.parse(text)).toMatchObject({ error: 'invalid_grant' });
	});

	it('answers a transport failure with 502 token_exchange_failed naming the endpoint', async () => {
		const authUrl = `http://127.0.0.1:${await closedPort()}`;
		const response = await handleTokenRequest(call({ body: codeForm() }), routeDeps(authUrl));
		expect(response.status).toBe(502);
		expect(await response.json()).toEqual({
			error: 'token_exchange_failed',
			error_description: `Token exchange failed: error sending request for url (${authUrl}/oauth/token)`
		});
	});

	it('turns a server unreachable for discovery into the same 502, read as token_exchange_failed', async () => {
		const authUrl = `http://127.0.0.1:${await closedPort()}`;
		const response = await handleTokenRequest(call({ body: codeForm() }), {
			...routeDeps(authUrl),
			authorizationServer: authorizationServerLookup(authUrl)
		});
		expect(response.status).toBe(502);
		const failure = classifyTokenExchange({
			status: response.status,
			headers: response.headers,
			body: await response.text()
		});
		expect(failure.kind).toBe('token_exchange_failed');
		expect(failure.message).toMatch(
			/^Token exchange failed: error sending request for url \(http:\/\/127\.0\.0\.1:\d+\//
		);
	});

	it('gives up on a server that does not answer within the deadline', async () => {
		upstream.respond = () => undefined;
		const response = await handleTokenRequest(call({ body: codeForm() }), {
			...deps,
			timeoutMs: 100
		});
		expect(response.status).toBe(502);
		expect(((await response.json()) as { error_description: string }).error_description).toContain(
			'did not answer in time'
		);
	});

	it('does not follow a redirect from the token endpoint', async () => {
		upstream.respond = (_request, response) => {
			response.writeHead(307, { location: `${other.url}/oauth/token` });
			response.end();
		};
		const response = await handleTokenRequest(call({ body: codeForm() }), deps);
		expect(response.status).toBe(502);
		expect(other.requests).toEqual([]);
	});

	it('refuses an answer over the size cap', async () => {
		upstream.respond = json(200, tokens({ padding: 'x'.repeat(70 * 1024) }));
		const response = await handleTokenRequest(call({ body: codeForm() }), deps);
		expect(response.status).toBe(502);
		expect(((await response.json()) as { error_description: string }).error_description).toContain(
			'too large'
		);
	});

	it('refuses a streamed answer over the size cap (no Content-Length)', async () => {
		upstream.respond = (_request, response) => {
			response.writeHead(200, { 'content-type': 'application/json' });
			for (let index = 0; index < 100; index++) response.write('x'.repeat(1024));
			response.end();
		};
		const response = await handleTokenRequest(call({ body: codeForm() }), deps);
		expect(response.status).toBe(502);
	});
});

describe('discovery', () => {
	it('uses the token endpoint the server publishes, and its issuer for the id token', async () => {
		const published = `${upstream.url}/published/token`;
		upstream.respond = (request, response) => {
			if (request.path === '/.well-known/openid-configuration') {
				json(200, {
					issuer: upstream.url,
					authorization_endpoint: `${upstream.url}/published/authorize`,
					token_endpoint: published
				})(request, response);
			} else json(200, tokens())(request, response);
		};
		const response = await handleTokenRequest(call({ body: codeForm() }), {
			...deps,
			authorizationServer: authorizationServerLookup(upstream.url)
		});
		expect(response.status).toBe(200);
		expect(upstream.requests.map((request) => request.path)).toEqual([
			'/.well-known/openid-configuration',
			'/published/token'
		]);
	});

	it('falls back to {AUTH_URL}/oauth/token when no metadata is published', async () => {
		upstream.respond = (request, response) => {
			if (request.path.includes('.well-known')) {
				response.writeHead(404);
				response.end();
			} else json(200, tokens())(request, response);
		};
		await handleTokenRequest(call({ body: codeForm() }), {
			...deps,
			authorizationServer: authorizationServerLookup(upstream.url)
		});
		expect(upstream.requests.map((request) => request.path)).toEqual([
			'/.well-known/openid-configuration',
			'/.well-known/oauth-authorization-server',
			'/oauth/token'
		]);
	});
});

describe('sign-out', () => {
	it('clears the session cookie and contacts no one', () => {
		const response = handleSignOut(call({ method: 'DELETE' }), deps);
		expect(response.status).toBe(204);
		expect(response.headers.get('cache-control')).toBe('no-store');
		expect(response.headers.getSetCookie()[0]).toMatch(
			/^switchboard-session=; Path=\/api\/oauth; Max-Age=0; HttpOnly; SameSite=Strict$/
		);
		expect(upstream.requests).toEqual([]);
	});
});
