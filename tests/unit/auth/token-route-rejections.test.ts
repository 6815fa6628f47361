/**
 * Every input the token route refuses gets a JSON error with the right status, and the
 * authorization server is never contacted for it: not the token endpoint, not discovery.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../src/lib/server/oauth/rate-limit.ts';
import { deriveSessionKey } from '../../../src/lib/server/oauth/seal.ts';
import {
	handleSignOut,
	handleTokenRequest,
	type TokenRouteDeps
} from '../../../src/lib/server/oauth/token-route.ts';
import { json, startFakeTokenEndpoint, type FakeTokenEndpoint } from './fake-token-endpoint.ts';
import {
	APP,
	browserHeaders,
	call,
	codeForm,
	cookieFrom,
	refreshForm,
	routeDeps,
	type RouteCall
} from './token-route-harness.ts';

let upstream: FakeTokenEndpoint;
let deps: TokenRouteDeps;

beforeAll(async () => {
	upstream = await startFakeTokenEndpoint();
});
afterAll(() => upstream.close());
beforeEach(() => {
	upstream.requests.length = 0;
	upstream.respond = json(200, { access_token: 'at', token_type: 'Bearer', refresh_token: 'rt' });
	deps = routeDeps(upstream.url);
});

async function expectRefused(
	options: RouteCall,
	status: number,
	error: string,
	using: TokenRouteDeps = deps
): Promise<Response> {
	const response = await handleTokenRequest(call(options), using);
	expect(response.status).toBe(status);
	expect(response.headers.get('content-type')).toBe('application/json');
	expect(response.headers.get('cache-control')).toBe('no-store');
	const body = (await response.json()) as Record<string, unknown>;
	expect(body['error']).toBe(error);
	expect(typeof body['error_description']).toBe('string');
	expect(upstream.requests).toEqual([]);
	return response;
}

describe('same-origin only (403)', () => {
	it.each([
		['another origin', { origin: 'https://evil.example' }],
		['the app host on another port', { origin: 'http://127.0.0.1:9999' }],
		['the app host over https', { origin: 'https://127.0.0.1:4173' }],
		['a null origin (sandboxed frame)', { origin: 'null' }],
		['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
		['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
		['Sec-Fetch-Site: none', { 'sec-fetch-site': 'none' }]
	])('%s', async (_name, headers) => {
		await expectRefused({ body: codeForm(), headers }, 403, 'invalid_request');
	});

	it('no Origin header at all', async () => {
		const { origin: _origin, ...headers } = browserHeaders();
		await expectRefused({ body: codeForm(), baseHeaders: headers }, 403, 'invalid_request');
	});

	it.each([
		['missing', null],
		['wrong value', '0'],
		['empty', '']
	])('the static session header %s', async (_name, value) => {
		const { 'x-switchboard-session': _header, ...headers } = browserHeaders();
		await expectRefused(
			{
				body: codeForm(),
				baseHeaders: value === null ? headers : { ...headers, 'x-switchboard-session': value }
			},
			403,
			'invalid_request'
		);
	});

	it('X-Forwarded-Host and -Proto are ignored unless TRUST_PROXY_HEADERS is on', async () => {
		await expectRefused(
			{
				body: codeForm(),
				headers: {
					origin: 'https://chat.example.com',
					'x-forwarded-host': 'chat.example.com',
					'x-forwarded-proto': 'https'
				}
			},
			403,
			'invalid_request'
		);
	});

	it('plain http on a host that is not loopback is refused: the cookie would travel in the clear', async () => {
		await expectRefused(
			{
				app: 'http://chat.example.com',
				body: codeForm({ redirect_uri: 'http://chat.example.com/auth/callback' })
			},
			403,
			'insecure_transport'
		);
	});

	it('sign-out from another origin is refused and clears nothing', () => {
		const response = handleSignOut(
			call({ method: 'DELETE', headers: { origin: 'https://evil.example' } }),
			deps
		);
		expect(response.status).toBe(403);
		expect(response.headers.getSetCookie()).toEqual([]);
	});
});

describe('media type (415) and size (413)', () => {
	it.each([
		['JSON', 'application/json'],
		['plain text', 'text/plain'],
		['multipart', 'multipart/form-data; boundary=x'],
		['form with another charset', 'application/x-www-form-urlencoded; charset=iso-8859-1'],
		['a type that only starts like a form', 'application/x-www-form-urlencodedx']
	])('%s', async (_name, type) => {
		await expectRefused(
			{ body: codeForm(), headers: { 'content-type': type } },
			415,
			'invalid_request'
		);
	});

	it('no content type', async () => {
		const { 'content-type': _type, ...headers } = browserHeaders();
		await expectRefused(
			{ body: new Blob([codeForm()]), baseHeaders: headers },
			415,
			'invalid_request'
		);
	});

	it('accepts the form type with charset=utf-8 (and contacts the server)', async () => {
		const response = await handleTokenRequest(
			call({
				body: codeForm(),
				headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' }
			}),
			deps
		);
		expect(response.status).toBe(200);
		expect(upstream.requests.filter((request) => request.path === '/oauth/token')).toHaveLength(1);
	});

	it('a body over 8 KB, declared', async () => {
		const body = codeForm({ code: 'c'.repeat(9000) });
		await expectRefused({ body }, 413, 'invalid_request');
	});

	it('a body over 8 KB, streamed without a length', async () => {
		const bytes = new TextEncoder().encode(codeForm({ code: 'c'.repeat(9000) }));
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				for (let offset = 0; offset < bytes.byteLength; offset += 1000) {
					controller.enqueue(bytes.subarray(offset, offset + 1000));
				}
				controller.close();
			}
		});
		const { request, url, peerAddress } = call({ body: codeForm() });
		const streamed = new Request(request.url, {
			method: 'POST',
			headers: request.headers,
			body: stream,
			duplex: 'half'
		} as RequestInit);
		expect(streamed.headers.get('content-length')).toBeNull();
		const response = await handleTokenRequest({ request: streamed, url, peerAddress }, deps);
		expect(response.status).toBe(413);
		expect(upstream.requests).toEqual([]);
	});

	it('a lying Content-Length', async () => {
		await expectRefused(
			{ body: codeForm(), headers: { 'content-length': 'abc' } },
			413,
			'invalid_request'
		);
	});
});

describe('fields (400)', () => {
	it.each([
		['no grant_type', { grant_type: null }, 'invalid_request'],
		['the password grant', { grant_type: 'password' }, 'unsupported_grant_type'],
		['client credentials', { grant_type: 'client_credentials' }, 'unsupported_grant_type'],
		['an unknown field', { scope: 'openid' }, 'invalid_request'],
		['a URL smuggled in', { token_endpoint: 'https://evil.example/token' }, 'invalid_request'],
		['a client secret', { client_secret: 's' }, 'invalid_request'],
		['a refresh token with a code', { refresh_token: 'rt' }, 'invalid_request'],
		['another client id', { client_id: 'someone-else' }, 'invalid_client'],
		['no client id', { client_id: null }, 'invalid_request'],
		['no code', { code: null }, 'invalid_request'],
		['an empty code', { code: '' }, 'invalid_request'],
		['a code with a newline', { code: 'a\nb' }, 'invalid_request'],
		['no code_verifier', { code_verifier: null }, 'invalid_request'],
		['a short code_verifier', { code_verifier: 'v'.repeat(42) }, 'invalid_request'],
		['a long code_verifier', { code_verifier: 'v'.repeat(129) }, 'invalid_request'],
		['a code_verifier with a space', { code_verifier: `${'v'.repeat(42)} ` }, 'invalid_request'],
		['another redirect_uri', { redirect_uri: 'https://evil.example/callback' }, 'invalid_request'],
		['no redirect_uri', { redirect_uri: null }, 'invalid_request'],
		['the app origin with another path', { redirect_uri: `${APP}/elsewhere` }, 'invalid_request']
	])('%s', async (_name, overrides, error) => {
		await expectRefused({ body: codeForm(overrides) }, 400, error);
	});

	it('a field given twice', async () => {
		await expectRefused({ body: `${codeForm()}&code=second` }, 400, 'invalid_request');
	});

	it('a body that is not UTF-8', async () => {
		const bytes = new Uint8Array([...new TextEncoder().encode(codeForm()), 0x26, 0x78, 0x3d, 0xff]);
		await expectRefused({ body: bytes }, 400, 'invalid_request');
	});

	it('a refresh that sends refresh_token itself', async () => {
		await expectRefused({ body: `${refreshForm()}&refresh_token=stolen` }, 400, 'invalid_request');
	});

	it('a refresh with an invalid scope', async () => {
		await expectRefused(
			{ body: `${refreshForm()}&scope=${encodeURIComponent('a"b')}` },
			400,
			'invalid_scope'
		);
	});
});

describe('refresh without a usable session cookie (400 invalid_grant)', () => {
	async function signedInCookie(): Promise<string> {
		const response = await handleTokenRequest(call({ body: codeForm() }), deps);
		expect(response.status).toBe(200);
		upstream.requests.length = 0;
		return cookieFrom(response);
	}

	it('no cookie', async () => {
		await expectRefused({ body: refreshForm() }, 400, 'invalid_grant');
	});

	it('a tampered cookie, which is also cleared', async () => {
		const cookie = await signedInCookie();
		const [name, value = ''] = cookie.split('=');
		// A character in the middle: every one of its bits is ciphertext (the last may be padding).
		const middle = Math.floor(value.length / 2);
		const changed = value[middle] === 'A' ? 'B' : 'A';
		const tampered = `${value.slice(0, middle)}${changed}${value.slice(middle + 1)}`;
		const response = await expectRefused(
			{ body: refreshForm(), headers: { cookie: `${name}=${tampered}` } },
			400,
			'invalid_grant'
		);
		expect(response.headers.getSetCookie()[0]).toMatch(/^switchboard-session=; .*Max-Age=0/);
	});

	it('a cookie sealed under another SESSION_SECRET', async () => {
		const cookie = await signedInCookie();
		const other = {
			...deps,
			sessionKey: deriveSessionKey('another-secret-that-is-32-characters-long')
		};
		await expectRefused({ body: refreshForm(), headers: { cookie } }, 400, 'invalid_grant', other);
	});

	it('a cookie past its sealed expiry', async () => {
		const cookie = await signedInCookie();
		const later = { ...deps, now: () => Date.now() + 31 * 24 * 3600 * 1000 };
		await expectRefused({ body: refreshForm(), headers: { cookie } }, 400, 'invalid_grant', later);
	});
});

describe('rate limit (429)', () => {
	it('answers 429 with Retry-After once the bucket is empty, without contacting the server', async () => {
		let now = 1_000_000;
		const limited = {
			...deps,
			now: () => now,
			limiter: new RateLimiter({ burst: 2, refillPerSecond: 0.5, maxTrackedClients: 10 })
		};
		expect((await handleTokenRequest(call({ body: codeForm() }), limited)).status).toBe(200);
		expect((await handleTokenRequest(call({ body: 'garbage' }), limited)).status).toBe(400);
		const tokenCalls = upstream.requests.filter(
			(request) => request.path === '/oauth/token'
		).length;
		const refused = await handleTokenRequest(call({ body: codeForm() }), limited);
		expect(refused.status).toBe(429);
		expect(refused.headers.get('retry-after')).toBe('2');
		expect(((await refused.json()) as { error: string }).error).toBe('rate_limited');
		expect(upstream.requests.filter((request) => request.path === '/oauth/token')).toHaveLength(
			tokenCalls
		);

		// Another client is not affected; the first one gets a token back after Retry-After.
		const other = await handleTokenRequest(
			call({ body: codeForm(), peerAddress: '10.0.0.2' }),
			limited
		);
		expect(other.status).toBe(200);
		now += 2000;
		expect((await handleTokenRequest(call({ body: codeForm() }), limited)).status).toBe(200);
	});

	it('counts sign-out and refused requests too', async () => {
		const limited = {
			...deps,
			limiter: new RateLimiter({ burst: 1, refillPerSecond: 0.001, maxTrackedClients: 10 })
		};
		expect(handleSignOut(call({ method: 'DELETE' }), limited).status).toBe(204);
		await expectRefused({ body: codeForm() }, 429, 'rate_limited', limited);
	});

	it('behind a trusted proxy, counts the address the proxy saw, not what the client wrote', async () => {
		const limited = {
			...deps,
			trustProxyHeaders: true,
			limiter: new RateLimiter({ burst: 1, refillPerSecond: 0.001, maxTrackedClients: 10 })
		};
		const from = (forwarded: string): RouteCall => ({
			body: codeForm(),
			headers: { 'x-forwarded-for': forwarded },
			peerAddress: '10.0.0.1'
		});
		expect((await handleTokenRequest(call(from('1.1.1.1, 203.0.113.7')), limited)).status).toBe(
			200
		);
		upstream.requests.length = 0;
		await expectRefused(from('2.2.2.2, 203.0.113.7'), 429, 'rate_limited', limited);
	});
});
