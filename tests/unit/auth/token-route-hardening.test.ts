/**
 * The token route under the findings of a security review: no token in any error body the
 * authorization server sends (any depth, any format), an answer for every oversized or slow body
 * (and the connection closed after it), and a session that only a refusal of the refresh token
 * itself ends.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerResponse } from 'node:http';
import {
	handleTokenRequest,
	type TokenRouteDeps
} from '../../../src/lib/server/oauth/token-route.ts';
import { closedPort } from '../../local-server.ts';
import {
	fakeIdToken,
	json,
	startFakeTokenEndpoint,
	type FakeTokenEndpoint,
	type Responder
} from './fake-token-endpoint.ts';
import { sendChunked, serveTokenRoute, type ServedRoute } from './token-route-connection.ts';
import {
	browserHeaders,
	call,
	CLIENT_ID,
	codeForm,
	cookieFrom,
	fixedServer,
	refreshForm,
	routeDeps
} from './token-route-harness.ts';

const SESSION_REFRESH_TOKEN = 'rt-session-0c6f1d2e';

let upstream: FakeTokenEndpoint;
let deps: TokenRouteDeps;

beforeAll(async () => {
	upstream = await startFakeTokenEndpoint();
});
afterAll(() => upstream.close());
beforeEach(() => {
	upstream.requests.length = 0;
	upstream.respond = json(200, {
		access_token: 'at-1',
		token_type: 'Bearer',
		expires_in: 3600,
		refresh_token: SESSION_REFRESH_TOKEN
	});
	deps = routeDeps(upstream.url);
});
afterEach(() => {
	vi.useRealTimers();
});

function tokenRequests() {
	return upstream.requests.filter((request) => request.path === '/oauth/token');
}

/** An answer with this exact content type and body text. */
function raw(status: number, contentType: string, body: string): Responder {
	return (_request, response: ServerResponse) => {
		response.writeHead(status, { 'content-type': contentType });
		response.end(body);
	};
}

async function signIn(): Promise<string> {
	const response = await handleTokenRequest(call({ body: codeForm() }), deps);
	expect(response.status).toBe(200);
	upstream.requests.length = 0;
	return cookieFrom(response);
}

/** The `Set-Cookie` headers that remove the session cookie. */
function clearings(response: Response): string[] {
	return response.headers
		.getSetCookie()
		.filter((cookie) => /^switchboard-session=;/.test(cookie) && /Max-Age=0/.test(cookie));
}

describe('token-bearing fields in error bodies never reach the browser', () => {
	const nested = (depth: number, inner: unknown): unknown =>
		depth === 0 ? inner : { level: depth, next: nested(depth - 1, inner) };
	const jwt = fakeIdToken({ iss: 'https://issuer.example', sub: 'jwt-subject-secret' });

	it.each([
		[
			'JSON nested more than 8 levels deep',
			'application/json',
			JSON.stringify({
				error: 'invalid_grant',
				detail: nested(12, { refresh_token: 'rt-deep-secret', access_token: 'at-deep-secret' })
			}),
			['rt-deep-secret', 'at-deep-secret']
		],
		[
			'JSON nested thousands of levels deep',
			'application/json',
			`{"error":"invalid_grant","detail":${'['.repeat(5000)}{"refresh_token":"rt-abyss-secret"}${']'.repeat(5000)}}`,
			['rt-abyss-secret']
		],
		[
			'JSON members spelled otherwise, or naming other credentials',
			'application/json',
			JSON.stringify({
				error: 'invalid_request',
				refreshToken: 'rt-camel-secret',
				'Access-Token': 'at-dash-secret',
				client_secret: 'client-secret-value',
				code_verifier: 'verifier-secret-value',
				assertion: 'assertion-secret-value',
				subject_token: 'subject-secret-value',
				code: 'code-secret-value',
				echoed: [{ id_token: jwt }, `Authorization: Bearer bearer-secret-value`]
			}),
			[
				'rt-camel-secret',
				'at-dash-secret',
				'client-secret-value',
				'verifier-secret-value',
				'assertion-secret-value',
				'subject-secret-value',
				'code-secret-value',
				'bearer-secret-value',
				jwt.split('.')[1] ?? jwt
			]
		],
		[
			'an HTML page',
			'text/html; charset=utf-8',
			`<!doctype html><html><head><title>Bad Request</title></head><body>
			<form><input type="hidden" name="refresh_token" value="rt-html-secret"></form>
			<dl><dt>access_token</dt><dd>at-html-secret</dd></dl>
			<pre>id_token: "id-html-secret"</pre></body></html>`,
			['rt-html-secret', 'at-html-secret', 'id-html-secret']
		],
		[
			'plain text with name: "value" and name=value pairs',
			'text/plain',
			`request failed\naccess_token: "at-text-secret"\nrefresh_token=rt-text-secret\nid_token : 'id-text-secret'\n"code_verifier":"verifier-text-secret"`,
			['at-text-secret', 'rt-text-secret', 'id-text-secret', 'verifier-text-secret']
		],
		[
			'a form (query-string) body, names encoded or not',
			'application/x-www-form-urlencoded',
			'error=invalid_grant&refresh%5Ftoken=rt-form-secret&access_token=at-form-secret&Id-Token=id-form-secret',
			['rt-form-secret', 'at-form-secret', 'id-form-secret']
		],
		[
			'JSON followed by something else',
			'application/json',
			'{"error":"invalid_grant","refresh_token":"rt-junk-secret"} and then some',
			['rt-junk-secret']
		],
		[
			'the code this route sent, echoed in a sentence',
			'text/plain',
			'The authorization code the-authorization-code was already redeemed.',
			['the-authorization-code']
		]
	])('%s', async (_name, contentType, body, secrets) => {
		upstream.respond = raw(400, contentType, body);
		const response = await handleTokenRequest(call({ body: codeForm() }), deps);
		expect(response.status).toBe(400);
		expect(response.headers.get('content-type')).not.toMatch(/html/i);
		const text = await response.text();
		const headers = JSON.stringify([...response.headers]);
		for (const secret of secrets) {
			expect(text).not.toContain(secret);
			expect(headers).not.toContain(secret);
		}
	});

	it('keeps what the browser needs to classify the error', async () => {
		upstream.respond = raw(
			400,
			'application/json',
			JSON.stringify({
				error: 'invalid_grant',
				error_description: 'refresh_token=rt-described-secret is revoked',
				detail: nested(40, { refresh_token: 'rt-deeper-secret' })
			})
		);
		const response = await handleTokenRequest(call({ body: codeForm() }), deps);
		const text = await response.text();
		expect(text).not.toContain('rt-described-secret');
		expect(text).not.toContain('rt-deeper-secret');
		expect(JSON.parse(text)).toMatchObject({ error: 'invalid_grant' });
	});
});

describe('an oversized body streamed without a length gets 413', () => {
	let served: ServedRoute;
	beforeAll(async () => {
		served = await serveTokenRoute(routeDeps('http://127.0.0.1:9'));
	});
	afterAll(() => served.close());

	it('answers 413 over a real connection and closes it, without waiting for the rest', async () => {
		const kilobyte = new TextEncoder().encode(`a=${'x'.repeat(1022)}`);
		const exchange = sendChunked(
			served.port,
			'/api/oauth/token',
			browserHeaders(),
			Array.from({ length: 9 }, () => kilobyte),
			false
		);
		const answer = await exchange.answer;
		expect(answer?.status).toBe(413);
		expect(answer?.headers.get('content-type')).toBe('application/json');
		expect(JSON.parse(answer?.body ?? '{}')).toMatchObject({ error: 'invalid_request' });
		await exchange.closed;
	});
});

describe('a session ends only when the refresh token itself is refused', () => {
	it.each([
		['garbage first', (valid: string) => `switchboard-session=v1.garbage; ${valid}`],
		['garbage last', (valid: string) => `${valid}; switchboard-session=not-even-sealed`],
		['an empty duplicate', (valid: string) => `switchboard-session=; ${valid}`]
	])('a duplicate cookie (%s) neither hides nor clears the valid one', async (_name, header) => {
		const cookie = await signIn();
		upstream.respond = json(200, {
			access_token: 'at-2',
			token_type: 'Bearer',
			refresh_token: 'rt-rotated'
		});
		const response = await handleTokenRequest(
			call({ body: refreshForm(), headers: { cookie: header(cookie) } }),
			deps
		);
		expect(response.status).toBe(200);
		expect(new URLSearchParams(tokenRequests()[0]?.body).get('refresh_token')).toBe(
			SESSION_REFRESH_TOKEN
		);
		expect(clearings(response)).toEqual([]);
		expect(response.headers.getSetCookie()[0]).toMatch(/^switchboard-session=v1\./);
	});

	it.each([
		['invalid_scope', json(400, { error: 'invalid_scope', error_description: 'not granted' })],
		['invalid_request', json(400, { error: 'invalid_request' })],
		['invalid_client', json(401, { error: 'invalid_client' })],
		['a 400 without a body', raw(400, 'text/plain', '')],
		['server_error', json(500, { error: 'server_error' })],
		['an HTML 503', raw(503, 'text/html', '<html><title>Unavailable</title></html>')]
	])('keeps the session when a refresh fails with %s', async (_name, responder) => {
		const cookie = await signIn();
		upstream.respond = responder;
		const response = await handleTokenRequest(
			call({ body: `${refreshForm()}&scope=openid`, headers: { cookie } }),
			deps
		);
		expect(response.status).toBeGreaterThanOrEqual(400);
		expect(clearings(response)).toEqual([]);
	});

	it('keeps the session when the sign-in server cannot be reached', async () => {
		const cookie = await signIn();
		const unreachable = {
			...deps,
			authorizationServer: fixedServer(`http://127.0.0.1:${await closedPort()}`)
		};
		const response = await handleTokenRequest(
			call({ body: refreshForm(), headers: { cookie } }),
			unreachable
		);
		expect(response.status).toBe(502);
		expect(clearings(response)).toEqual([]);
	});

	it.each([
		['invalid_grant', { error: 'invalid_grant' }],
		['refresh_token_reused in an error object', { error: { code: 'refresh_token_reused' } }]
	])('clears the session when the refresh token is refused (%s)', async (_name, body) => {
		const cookie = await signIn();
		upstream.respond = json(400, body);
		const response = await handleTokenRequest(
			call({ body: refreshForm(), headers: { cookie } }),
			deps
		);
		expect(response.status).toBe(400);
		expect(clearings(response)).toHaveLength(1);
	});
});

describe('a slow body times out with 408', () => {
	it('answers 408 within 10 s when the body never ends, and contacts no one', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		const stalled = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.enqueue(new TextEncoder().encode('grant_type=authorization_code&'));
			}
		});
		const { request, url, peerAddress } = call();
		const slow = new Request(request.url, {
			method: 'POST',
			headers: request.headers,
			body: stalled,
			duplex: 'half'
		} as RequestInit);
		let answer: Response | undefined;
		void handleTokenRequest({ request: slow, url, peerAddress }, deps).then(
			(response) => (answer = response)
		);
		await vi.advanceTimersByTimeAsync(10_000);
		expect(answer?.status).toBe(408);
		expect(answer?.headers.get('content-type')).toBe('application/json');
		expect(await answer?.json()).toMatchObject({ error: 'request_timeout' });
		expect(tokenRequests()).toEqual([]);
	});

	it('over a real connection, the 408 arrives and the server closes the connection', async () => {
		const served = await serveTokenRoute(deps);
		try {
			vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
			const reached = served.reached();
			const exchange = sendChunked(
				served.port,
				'/api/oauth/token',
				browserHeaders(),
				[new TextEncoder().encode(`grant_type=authorization_code&client_id=${CLIENT_ID}`)],
				false
			);
			await reached;
			await vi.advanceTimersByTimeAsync(10_000);
			const answer = await exchange.answer;
			expect(answer?.status).toBe(408);
			expect(JSON.parse(answer?.body ?? '{}')).toMatchObject({ error: 'request_timeout' });
			await exchange.closed;
		} finally {
			vi.useRealTimers();
			await served.close();
		}
	});
});
