import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { classifyHttp } from '../../../../src/lib/failure/index.ts';
import { ERROR_SCENARIOS } from '../../../../src/lib/server/demo-gateway/index.ts';
import { gate, rawRequest, readBody, RELAY, relayFixture } from './relay-harness.ts';

// GATEWAY_URL with a path of its own: the relay's path is appended to it.
const fixture = relayFixture('/gw');

const decoder = new TextDecoder();

describe('what reaches the gateway', () => {
	it("appends the path to GATEWAY_URL's, passes the query, and forwards the gateway headers", async () => {
		fixture.upstream.handle(async (req, res, received) => {
			received.body = await readBody(req);
			res.end('{}');
		});
		const response = await fetch(`${fixture.relay.url}${RELAY}/v1/responses?trace=1&x=%2F`, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				accept: 'text/event-stream',
				authorization: 'Bearer at-123',
				'service-account-id': 'acct_42',
				session_id: 's-1',
				cookie: '__Host-switchboard-session=sealed',
				origin: fixture.relay.url,
				'x-forwarded-for': '192.0.2.7'
			},
			body: '{"model":"demo"}'
		});
		expect(response.status).toBe(200);
		const [received] = fixture.upstream.received;
		expect(received?.method).toBe('POST');
		expect(received?.url).toBe('/gw/v1/responses?trace=1&x=%2F');
		expect(received?.body.toString()).toBe('{"model":"demo"}');
		expect(received?.headers).toMatchObject({
			host: `127.0.0.1:${fixture.upstream.port}`,
			'content-type': 'application/json',
			accept: 'text/event-stream',
			authorization: 'Bearer at-123',
			'service-account-id': 'acct_42',
			session_id: 's-1',
			'content-length': '16',
			via: '1.1 switchboard-relay'
		});
		// Never the browser's cookies, origin, or the client's address.
		expect(received?.headers).not.toHaveProperty('cookie');
		expect(received?.headers).not.toHaveProperty('origin');
		expect(received?.headers).not.toHaveProperty('x-forwarded-for');
		expect(received?.headers).not.toHaveProperty('forwarded');
	});

	it('streams the request body: the gateway reads its start before the browser has sent the rest', async () => {
		const firstChunkArrived = gate();
		fixture.upstream.handle(async (req, res, received) => {
			req.once('data', () => firstChunkArrived.open());
			received.body = await readBody(req);
			res.end('done');
		});
		const encoder = new TextEncoder();
		let sendRest = (): void => undefined;
		const body = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.enqueue(encoder.encode('{"part":1,'));
				sendRest = () => {
					controller.enqueue(encoder.encode('"part":2}'));
					controller.close();
				};
			}
		});
		const pending = fetch(`${fixture.relay.url}${RELAY}/v1/responses`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body,
			duplex: 'half'
		} as RequestInit);
		// A relay that buffered the body would wait for the rest, and this would never resolve.
		await firstChunkArrived.promise;
		sendRest();
		const response = await pending;
		expect(await response.text()).toBe('done');
		expect(fixture.upstream.received[0]?.body.toString()).toBe('{"part":1,"part":2}');
		expect(fixture.upstream.received[0]?.headers['transfer-encoding']).toBe('chunked');
	});

	it('sends /v1/models as a GET with no body', async () => {
		fixture.upstream.handle((_, res) => {
			res.setHeader('content-type', 'application/json');
			res.end('{"object":"list","data":[{"id":"demo"}]}');
		});
		const response = await fetch(`${fixture.relay.url}${RELAY}/v1/models`, {
			headers: { authorization: 'Bearer sk', 'anthropic-version': '2023-06-01' }
		});
		expect(await response.json()).toEqual({ object: 'list', data: [{ id: 'demo' }] });
		expect(fixture.upstream.received[0]?.method).toBe('GET');
		expect(fixture.upstream.received[0]?.headers['anthropic-version']).toBe('2023-06-01');
		expect(fixture.upstream.received[0]?.headers).not.toHaveProperty('content-length');
	});
});

describe('what comes back', () => {
	it('streams an event stream chunk by chunk: the first event arrives before the gateway has finished', async () => {
		const finish = gate();
		fixture.upstream.handle(async (_, res) => {
			res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
			res.write('event: response.created\ndata: {"n":1}\n\n');
			await finish.promise;
			res.end('event: response.completed\ndata: {"n":2}\n\n');
		});
		const response = await fetch(`${fixture.relay.url}${RELAY}/v1/responses`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}'
		});
		expect(response.headers.get('content-type')).toBe('text/event-stream');
		const reader = (response.body as ReadableStream<Uint8Array>).getReader();
		const first = await reader.read();
		// A buffering relay would hold this until the gateway ended, which waits for this test.
		expect(decoder.decode(first.value)).toBe('event: response.created\ndata: {"n":1}\n\n');
		finish.open();
		let rest = '';
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			rest += decoder.decode(value, { stream: true });
		}
		expect(rest).toBe('event: response.completed\ndata: {"n":2}\n\n');
	});

	it("passes a proxy's 522 HTML page unchanged, with its request ids, so the classifier sees it", async () => {
		const page = ERROR_SCENARIOS['origin-timeout'].body;
		fixture.upstream.handle((_, res) => {
			res.writeHead(522, {
				'content-type': 'text/html; charset=UTF-8',
				'x-request-id': 'req_522',
				'cf-ray': '8c1f2a3b4d5e6f70-FRA'
			});
			res.end(page);
		});
		const response = await fetch(`${fixture.relay.url}${RELAY}/v1/responses`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}'
		});
		const body = await response.text();
		expect(response.status).toBe(522);
		expect(body).toBe(page);
		expect(response.headers.get('x-request-id')).toBe('req_522');
		expect(response.headers.get('cf-ray')).toBe('8c1f2a3b4d5e6f70-FRA');
		const failure = classifyHttp(response.status, response.headers, body);
		expect(failure.kind).toBe('origin_timeout');
		expect(failure.requestId).toBe('req_522');
	});

	it('passes a 429 with Retry-After and the gateway request id headers', async () => {
		const body = JSON.stringify({
			error: {
				message: 'Rate limit reached',
				type: 'rate_limit_error',
				code: 'rate_limit_exceeded'
			}
		});
		fixture.upstream.handle((_, res) => {
			res.writeHead(429, {
				'content-type': 'application/json',
				'retry-after': '20',
				'x-oneapi-request-id': '20260908170256208508264'
			});
			res.end(body);
		});
		const response = await fetch(`${fixture.relay.url}${RELAY}/v1/responses`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}'
		});
		expect(response.status).toBe(429);
		expect(await response.text()).toBe(body);
		expect(response.headers.get('retry-after')).toBe('20');
		const failure = classifyHttp(429, response.headers, body);
		expect(failure).toMatchObject({
			kind: 'rate_limited',
			retryAfterMs: 20_000,
			requestId: '20260908170256208508264'
		});
	});

	it('passes an empty 502 from a proxy as it is', async () => {
		fixture.upstream.handle((_, res) => {
			res.writeHead(502, { 'x-request-id': 'req_502' });
			res.end();
		});
		const response = await fetch(`${fixture.relay.url}${RELAY}/v1/responses`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}'
		});
		expect(response.status).toBe(502);
		expect(await response.text()).toBe('');
		expect(response.headers.has('switchboard-relay-error')).toBe(false);
		expect(classifyHttp(502, response.headers, '').kind).toBe('bad_gateway');
	});

	it('never passes cookies back, nor CORS, HSTS or other headers that would act on this origin', async () => {
		fixture.upstream.handle((_, res) => {
			res.setHeader('set-cookie', [
				'gw=1; Path=/',
				'__Host-switchboard-session=forged; Path=/; Secure'
			]);
			res.setHeader('access-control-allow-origin', '*');
			res.setHeader('access-control-allow-credentials', 'true');
			res.setHeader('strict-transport-security', 'max-age=63072000');
			res.setHeader('clear-site-data', '"storage"');
			res.setHeader('www-authenticate', 'Basic realm="gw"');
			res.setHeader('x-request-id', 'req_1');
			res.end('ok');
		});
		const answer = await rawRequest(fixture.relay.url, { path: `${RELAY}/v1/models` });
		expect(answer.status).toBe(200);
		expect(answer.headers['x-request-id']).toBe('req_1');
		const names = Object.keys(answer.headers);
		expect(names).not.toContain('set-cookie');
		expect(names.filter((name) => name.startsWith('access-control-'))).toEqual([]);
		expect(names).not.toContain('strict-transport-security');
		expect(names).not.toContain('clear-site-data');
		expect(names).not.toContain('www-authenticate');
	});

	it('strips hop-by-hop fields and those the gateway’s Connection header names', async () => {
		fixture.upstream.handle((_, res) => {
			// Even a field the allow-list passes is dropped when Connection names it.
			res.setHeader('connection', 'x-ratelimit-hop');
			res.setHeader('x-ratelimit-hop', 'internal');
			res.setHeader('keep-alive', 'timeout=99');
			res.setHeader('proxy-authenticate', 'Basic realm="p"');
			res.setHeader('x-ratelimit-kept', 'yes');
			res.end('ok');
		});
		const answer = await rawRequest(fixture.relay.url, { path: `${RELAY}/v1/models` });
		expect(answer.headers['x-ratelimit-kept']).toBe('yes');
		expect(answer.headers).not.toHaveProperty('x-ratelimit-hop');
		expect(answer.headers).not.toHaveProperty('proxy-authenticate');
		expect(answer.headers['keep-alive']).not.toBe('timeout=99');
	});

	it('passes compressed bytes and their Content-Encoding untouched', async () => {
		const compressed = gzipSync('{"data":[]}');
		fixture.upstream.handle((req, res) => {
			expect(req.headers['accept-encoding']).toBe('gzip');
			res.writeHead(200, {
				'content-type': 'application/json',
				'content-encoding': 'gzip',
				'content-length': String(compressed.byteLength)
			});
			res.end(compressed);
		});
		const answer = await rawRequest(fixture.relay.url, {
			path: `${RELAY}/v1/models`,
			headers: { 'accept-encoding': 'gzip' }
		});
		expect(answer.headers['content-encoding']).toBe('gzip');
		expect(answer.body.equals(compressed)).toBe(true);
	});

	it('answers HEAD and 204 without a body, headers intact', async () => {
		fixture.upstream.handle((req, res) => {
			res.writeHead(req.method === 'HEAD' ? 200 : 204, {
				'x-request-id': 'req_h',
				...(req.method === 'HEAD' ? { 'content-length': '42' } : {})
			});
			res.end();
		});
		const head = await fetch(`${fixture.relay.url}${RELAY}/v1/models`, { method: 'HEAD' });
		expect(head.status).toBe(200);
		expect(head.headers.get('content-length')).toBe('42');
		expect(fixture.upstream.received[0]?.method).toBe('HEAD');
		const empty = await fetch(`${fixture.relay.url}${RELAY}/v1/models`);
		expect(empty.status).toBe(204);
		expect(empty.headers.get('x-request-id')).toBe('req_h');
	});
});

describe('redirects are passed back, never followed', () => {
	it('rewrites a Location under GATEWAY_URL to the same place under the relay', async () => {
		fixture.upstream.handle((_, res) => {
			res.writeHead(308, { location: '/gw/v1/models/' });
			res.end('moved');
		});
		const answer = await rawRequest(fixture.relay.url, { path: `${RELAY}/v1/models` });
		expect(answer.status).toBe(308);
		expect(answer.headers.location).toBe('../../../api/relay/v1/models/');
		expect(answer.body.toString()).toBe('moved');
		expect(fixture.upstream.received).toHaveLength(1);
	});

	it('drops a Location that leaves GATEWAY_URL, keeping the status and body', async () => {
		fixture.upstream.handle((_, res) => {
			res.writeHead(302, { location: 'https://sso.example.com/login?next=/gw' });
			res.end('sign in first');
		});
		const answer = await rawRequest(fixture.relay.url, { path: `${RELAY}/v1/models` });
		expect(answer.status).toBe(302);
		expect(answer.headers).not.toHaveProperty('location');
		expect(answer.body.toString()).toBe('sign in first');
		expect(fixture.upstream.received).toHaveLength(1);
		// Where it went is not said, only that it left for somewhere else.
		expect(answer.headers['switchboard-relay-redirect']).toBe('elsewhere');
		expect(JSON.stringify(answer.headers)).not.toContain('sso.example.com');
	});

	it('says "https" for a redirect to the very same address over https, as nginx sends one', async () => {
		fixture.upstream.handle((req, res) => {
			res.writeHead(301, { location: `https://127.0.0.1${req.url ?? ''}` });
			res.end('<html><head><title>301 Moved Permanently</title></head></html>');
		});
		const answer = await rawRequest(fixture.relay.url, {
			path: `${RELAY}/v1/responses?stream=1`
		});
		expect(answer.status).toBe(301);
		expect(answer.headers).not.toHaveProperty('location');
		expect(answer.headers['switchboard-relay-redirect']).toBe('https');
		const failure = classifyHttp(
			answer.status,
			new Headers({ 'switchboard-relay-redirect': 'https' }),
			answer.body.toString()
		);
		expect(failure.kind).toBe('not_found');
		expect(failure.message).toMatch(/should begin with https:\/\//);
	});

	it('adds no word to a redirect it passes on, nor to a gateway that sends the header itself', async () => {
		fixture.upstream.handle((_, res) => {
			res.writeHead(200, { 'switchboard-relay-redirect': 'https', 'content-type': 'text/plain' });
			res.end('ok');
		});
		const plain = await rawRequest(fixture.relay.url, { path: `${RELAY}/v1/models` });
		expect(plain.headers).not.toHaveProperty('switchboard-relay-redirect');
		fixture.upstream.handle((_, res) => {
			res.writeHead(308, { location: '/gw/v1/models/' });
			res.end();
		});
		const within = await rawRequest(fixture.relay.url, { path: `${RELAY}/v1/models` });
		expect(within.headers).not.toHaveProperty('switchboard-relay-redirect');
	});
});
