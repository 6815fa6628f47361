/**
 * The relay under attack: what a hostile or failing gateway, and a hostile page elsewhere, can make
 * of `/api/relay/**`. Each finding of the security review has its test here:
 * - a gateway's answer can never become a document of the app's origin (sandbox CSP, attachment,
 *   nosniff; the app hook's own-policy marker stripped from upstream answers);
 * - `;` path parameters, in any encoding, are refused;
 * - only this app's own pages are answered (Fetch metadata, Origin, a JSON body);
 * - a gateway that never answers, or stalls mid-body, is cut off with a clear error;
 * - a pooled connection the gateway closed is retried once, transparently;
 * - an oversized upload always gets its 413.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Running } from '../../../local-server.ts';
import { classifyHttp } from '../../../../src/lib/failure/index.ts';
import { withSecurityHeaders } from '../../../../src/lib/server/security-headers.ts';
import { OWN_POLICY_HEADER } from '../../../../src/lib/server/remote-image-frame.ts';
import {
	rawRequest,
	RELAY,
	relayFixture,
	relaySettings,
	startRelay,
	tcpServer,
	type RelayServer
} from './relay-harness.ts';

const fixture = relayFixture('/gw', { maxRequestBytes: 1024 });

beforeEach(() => {
	fixture.upstream.handle((_, res) => res.end('ok'));
});

const HOSTILE_PAGE = `<!doctype html><script src="./js"></script><script>fetch('/api/oauth/token')</script>`;

describe("a gateway's answer never becomes a document of the app's origin", () => {
	it('an HTML answer is sandboxed, downloaded and never sniffed', async () => {
		fixture.upstream.handle((_, res) => {
			res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
			res.end(HOSTILE_PAGE);
		});
		const answer = await rawRequest(fixture.relay.url, { path: `${RELAY}/v1/models` });
		expect(answer.status).toBe(200);
		expect(answer.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
		expect(answer.headers['content-disposition']).toBe('attachment');
		expect(answer.headers['x-content-type-options']).toBe('nosniff');
		// The bytes are the gateway's, untouched: the browser's client still reads its body.
		expect(answer.body.toString()).toBe(HOSTILE_PAGE);
	});

	it("the app's hook keeps the relay's sandbox policy, not the page policy", async () => {
		const response = await fetch(`${fixture.relay.url}${RELAY}/v1/models`);
		const served = withSecurityHeaders(response, "default-src 'self'; script-src 'self'");
		expect(served.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
		expect(served.headers.has(OWN_POLICY_HEADER)).toBe(false);
	});

	it("a gateway cannot send the hook's own-policy marker to lift the app's policy", async () => {
		fixture.upstream.handle((_, res) => {
			res.writeHead(200, {
				'content-type': 'text/html',
				[OWN_POLICY_HEADER]: '1',
				'content-security-policy': "script-src 'unsafe-inline'"
			});
			res.end(HOSTILE_PAGE);
		});
		const answer = await rawRequest(fixture.relay.url, { path: `${RELAY}/v1/models` });
		expect(answer.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
		// Only the relay's own marker is there, and the hook removes it (test above).
		expect(answer.rawHeaders.filter((name) => name.toLowerCase() === OWN_POLICY_HEADER)).toEqual([
			OWN_POLICY_HEADER
		]);
	});

	it("the relay's own refusals carry the same protections", async () => {
		const answer = await rawRequest(fixture.relay.url, { path: `${RELAY}/v1%2f..%2fadmin` });
		expect(answer.status).toBe(400);
		expect(answer.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
		expect(answer.headers['content-disposition']).toBe('attachment');
	});

	it('only an allow-list of response headers passes: no Refresh, Link, Origin-Trial or public caching', async () => {
		fixture.upstream.handle((_, res) => {
			res.writeHead(200, {
				'content-type': 'text/event-stream',
				refresh: '0; url=https://evil.example/',
				link: '<https://evil.example/x.js>; rel=preload; as=script',
				'origin-trial': 'AnyTokenFromTheGateway',
				'cache-control': 'public, max-age=31536000',
				'x-powered-by': 'gateway',
				'x-request-id': 'req_1',
				'retry-after': '3',
				'anthropic-ratelimit-requests-remaining': '9'
			});
			res.end('data: {}\n\n');
		});
		const answer = await rawRequest(fixture.relay.url, { path: `${RELAY}/v1/models` });
		for (const name of ['refresh', 'link', 'origin-trial', 'x-powered-by'])
			expect(answer.headers[name], name).toBeUndefined();
		expect(answer.headers['cache-control']).toBe('no-store');
		expect(answer.headers['x-request-id']).toBe('req_1');
		expect(answer.headers['retry-after']).toBe('3');
		expect(answer.headers['anthropic-ratelimit-requests-remaining']).toBe('9');
	});
});

describe('path parameters', () => {
	it.each([
		`${RELAY}/..;/admin`,
		`${RELAY}/v1;jsessionid=1/models`,
		`${RELAY}/v1/models;x`,
		`${RELAY}/v1%3b/models`,
		`${RELAY}/v1%3B/models`,
		`${RELAY}/v1%253B/models`
	])('refuses %s with 400 and reaches nothing', async (path) => {
		const answer = await rawRequest(fixture.relay.url, { path });
		expect(answer.status).toBe(400);
		expect(answer.headers['switchboard-relay-error']).toBe('path_refused');
		expect(fixture.upstream.received).toHaveLength(0);
	});
});

describe("only this app's own pages", () => {
	const json = { 'content-type': 'application/json' };

	it.each([
		['another site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
		['a sibling subdomain', { 'sec-fetch-site': 'same-site', origin: 'https://a.example' }],
		['a typed or bookmarked address', { 'sec-fetch-site': 'none' }],
		['another origin, no Fetch metadata', { origin: 'https://evil.example' }]
	])('refuses %s with 403 and reaches nothing', async (_, headers) => {
		const answer = await rawRequest(
			fixture.relay.url,
			{ path: `${RELAY}/v1/responses`, method: 'POST', headers: { ...json, ...headers } },
			'{}'
		);
		expect(answer.status).toBe(403);
		expect(answer.headers['switchboard-relay-error']).toBe('cross_site');
		expect(fixture.upstream.received).toHaveLength(0);
	});

	it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
		'refuses a %s body (what a cross-site form or no-cors fetch can send) with 415',
		async (type) => {
			const answer = await rawRequest(
				fixture.relay.url,
				{ path: `${RELAY}/v1/responses`, method: 'POST', headers: { 'content-type': type } },
				'{"model":"x"}'
			);
			expect(answer.status).toBe(415);
			expect(answer.headers['switchboard-relay-error']).toBe('body_not_json');
			expect(fixture.upstream.received).toHaveLength(0);
		}
	);

	it("answers the app's own page: same-origin fetch metadata and Origin, a JSON body", async () => {
		const answer = await rawRequest(
			fixture.relay.url,
			{
				path: `${RELAY}/v1/responses`,
				method: 'POST',
				headers: {
					'content-type': 'application/json; charset=utf-8',
					'sec-fetch-site': 'same-origin',
					origin: fixture.relay.url
				}
			},
			'{}'
		);
		expect(answer.status).toBe(200);
		expect(fixture.upstream.received).toHaveLength(1);
	});

	it('answers a same-origin GET, which carries no Origin', async () => {
		const answer = await rawRequest(fixture.relay.url, {
			path: `${RELAY}/v1/models`,
			headers: { 'sec-fetch-site': 'same-origin' }
		});
		expect(answer.status).toBe(200);
	});
});

describe('a gateway that does not answer', () => {
	let silent: Running;
	let relay: RelayServer;
	beforeAll(async () => {
		// Accepts the connection, then sends headers only for `/stall` and never a byte more.
		silent = await tcpServer((socket) => {
			socket.once('data', (data) => {
				if (data.toString().startsWith('GET /stall'))
					socket.write(
						'HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n5\r\ndata:\r\n'
					);
			});
		});
		relay = await startRelay(relaySettings(silent.url), {
			firstByteTimeoutMs: 300,
			idleTimeoutMs: 300
		});
	});
	afterAll(async () => {
		await relay.close();
		await silent.close();
	});

	it('no answer in time: 504, which the classifier reads as a gateway timeout', async () => {
		const response = await fetch(`${relay.url}${RELAY}/v1/models`);
		expect(response.status).toBe(504);
		expect(response.headers.get('switchboard-relay-error')).toBe('upstream_timeout');
		const text = await response.text();
		expect(text).toContain('0.3 seconds');
		expect(classifyHttp(504, response.headers, text).kind).toBe('origin_timeout');
	});

	it('a body that stalls is cut: the browser sees a broken stream, never a clean end', async () => {
		const response = await fetch(`${relay.url}${RELAY}/stall`);
		expect(response.status).toBe(200);
		await expect(response.text()).rejects.toThrow();
	});
});

describe('a pooled connection the gateway closed', () => {
	let flaky: Running;
	let relay: RelayServer;
	const seen: string[] = [];
	beforeAll(async () => {
		// The first connection answers once and keeps alive, then drops the next request unanswered
		// (a gateway closing an idle connection just as it is reused); later connections answer.
		flaky = await tcpServer((socket, index) => {
			let requests = 0;
			socket.on('data', (data) => {
				const text = data.toString();
				if (!text.includes('\r\n\r\n')) return;
				seen.push(`${index}:${text.split(' ')[0]}`);
				requests += 1;
				if (index === 0 && requests > 1) {
					socket.destroy();
					return;
				}
				socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nkeep-alive: timeout=60\r\n\r\nok');
			});
		});
		relay = await startRelay(relaySettings(flaky.url));
	});
	afterAll(async () => {
		await relay.close();
		await flaky.close();
	});

	it('is retried once on a new connection, with the body, and the browser never knows', async () => {
		expect((await fetch(`${relay.url}${RELAY}/v1/models`)).status).toBe(200);
		const response = await fetch(`${relay.url}${RELAY}/v1/responses`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{"model":"demo"}'
		});
		expect(response.status).toBe(200);
		expect(await response.text()).toBe('ok');
		expect(seen).toEqual(['0:GET', '0:POST', '1:POST']);
	});
});

describe('an oversized upload', () => {
	/**
	 * Sends `bytes` with their length declared, as a browser does; resolves with the status and
	 * whether the upload broke (a reset or a broken pipe: what a browser reports as a network
	 * error, losing the 413).
	 */
	function bigUpload(url: string, bytes: number): Promise<{ status: number; broke: boolean }> {
		return new Promise((resolve) => {
			let status = 0;
			let broke = false;
			const request = httpRequest(
				`${url}${RELAY}/v1/responses`,
				{
					method: 'POST',
					agent: false,
					headers: { 'content-type': 'application/json', 'content-length': String(bytes) }
				},
				(response) => {
					status = response.statusCode ?? 0;
					response.resume();
				}
			);
			request.once('error', () => {
				broke = true;
			});
			request.once('close', () => resolve({ status, broke }));
			const chunk = Buffer.alloc(64 * 1024, 'x');
			let sent = 0;
			const pump = (): void => {
				while (sent < bytes && !request.destroyed) {
					sent += chunk.length;
					if (!request.write(chunk)) {
						request.once('drain', pump);
						return;
					}
				}
				if (!request.destroyed) request.end();
			};
			pump();
		});
	}

	it('always gets its 413, the upload read to its end, never a broken pipe', async () => {
		const answers = [];
		for (let round = 0; round < 5; round += 1)
			answers.push(await bigUpload(fixture.relay.url, 8 * 1024 * 1024));
		expect(answers).toEqual(Array.from({ length: 5 }, () => ({ status: 413, broke: false })));
		expect(fixture.upstream.received).toHaveLength(0);
	});
});
