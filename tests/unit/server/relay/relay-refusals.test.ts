import { beforeEach, describe, expect, it } from 'vitest';
import { closedPort } from '../../../local-server.ts';
import { classifyHttp } from '../../../../src/lib/failure/index.ts';
import {
	rawRequest,
	RELAY,
	relayFixture,
	relaySettings,
	startRelay,
	tcpServer
} from './relay-harness.ts';

const fixture = relayFixture('/gw', { maxRequestBytes: 1024 });

beforeEach(() => {
	fixture.upstream.handle((_, res) => res.end('ok'));
});

/** POSTs `count` chunks of 256 × `letter` to the relay's responses path, streamed (no length). */
function postChunked(relayUrl: string, count: number, letter: string): Promise<Response> {
	const chunks = Array.from({ length: count }, () => letter.repeat(256));
	const body = new ReadableStream<Uint8Array>({
		pull(controller) {
			const next = chunks.shift();
			if (next === undefined) controller.close();
			else controller.enqueue(new TextEncoder().encode(next));
		}
	});
	return fetch(`${relayUrl}${RELAY}/v1/responses`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body,
		duplex: 'half'
	} as RequestInit);
}

describe('relay mode off', () => {
	it('answers 404 to everything under /api/relay and reaches nothing', async () => {
		const off = await startRelay({
			gatewayMode: 'direct',
			gatewayUrl: fixture.upstream.url,
			accountHeader: 'service-account-id'
		});
		try {
			for (const method of ['GET', 'POST', 'OPTIONS', 'DELETE']) {
				const answer = await rawRequest(off.url, { path: `${RELAY}/v1/models`, method });
				expect(answer.status, method).toBe(404);
				expect(answer.body.toString()).toContain('relay is off');
			}
			expect(fixture.upstream.received).toHaveLength(0);
		} finally {
			await off.close();
		}
	});
});

describe('methods', () => {
	it.each(['PUT', 'PATCH', 'DELETE', 'PROPFIND'])(
		'refuses %s with 405 and Allow, without reaching the gateway',
		async (method) => {
			const answer = await rawRequest(fixture.relay.url, {
				path: `${RELAY}/v1/responses/r1`,
				method
			});
			expect(answer.status).toBe(405);
			expect(answer.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
			expect(fixture.upstream.received).toHaveLength(0);
		}
	);

	it('answers OPTIONS itself with Allow and no CORS, so a preflight from elsewhere fails', async () => {
		const answer = await rawRequest(fixture.relay.url, {
			path: `${RELAY}/v1/responses`,
			method: 'OPTIONS',
			headers: {
				origin: 'https://elsewhere.example',
				'access-control-request-method': 'POST',
				'access-control-request-headers': 'authorization,content-type'
			}
		});
		expect(answer.status).toBe(204);
		expect(answer.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
		expect(
			Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))
		).toEqual([]);
		expect(fixture.upstream.received).toHaveLength(0);
	});
});

describe('paths that would leave GATEWAY_URL', () => {
	it.each([
		`${RELAY}/v1%2f..%2f..%2fadmin`,
		`${RELAY}/v1%2F..%2F..%2Fadmin`,
		`${RELAY}/..%5c..%5cadmin`,
		`${RELAY}/%252e%252e/admin`,
		`${RELAY}//evil.example/v1/models`,
		`${RELAY}/http:%2f%2fevil.example/x`,
		`${RELAY}/https:evil.example`,
		`${RELAY}/v1/%00`
	])('refuses %s with 400 and reaches nothing', async (path) => {
		const answer = await rawRequest(fixture.relay.url, { path });
		expect(answer.status).toBe(400);
		expect(answer.headers['switchboard-relay-error']).toBe('path_refused');
		expect(fixture.upstream.received).toHaveLength(0);
	});

	it.each([
		`${RELAY}/../admin`,
		`${RELAY}/v1/../../admin`,
		`${RELAY}/%2e%2e/admin`,
		`${RELAY}/%2E./admin`,
		`${RELAY}/v1/..\\..\\admin`
	])(
		'%s: dot segments never reach the gateway (resolved before the relay, or refused)',
		async (path) => {
			const answer = await rawRequest(fixture.relay.url, { path });
			expect([400, 404]).toContain(answer.status);
			expect(fixture.upstream.received).toHaveLength(0);
		}
	);

	it('serves the gateway root and a trailing slash under GATEWAY_URL only', async () => {
		await rawRequest(fixture.relay.url, { path: `${RELAY}` });
		await rawRequest(fixture.relay.url, { path: `${RELAY}/v1/models/` });
		expect(fixture.upstream.received.map((received) => received.url)).toEqual([
			'/gw/',
			'/gw/v1/models/'
		]);
	});
});

describe('request body cap', () => {
	it('refuses a declared body over the cap with 413, before contacting the gateway', async () => {
		const answer = await rawRequest(
			fixture.relay.url,
			{
				path: `${RELAY}/v1/responses`,
				method: 'POST',
				headers: { 'content-type': 'application/json' }
			},
			'x'.repeat(1025)
		);
		expect(answer.status).toBe(413);
		expect(answer.body.toString()).toContain('Request body too large');
		expect(classifyHttp(413, new Headers(), answer.body.toString()).kind).toBe('request_too_large');
		expect(fixture.upstream.received).toHaveLength(0);
	});

	it('stops a chunked body at the cap with 413; the gateway never gets all of it', async () => {
		let cut = false;
		fixture.upstream.handle((req, res) => {
			req.on('data', () => undefined);
			req.once('end', () => res.end('got it all'));
			req.once('close', () => {
				cut = !req.complete;
			});
		});
		const response = await postChunked(fixture.relay.url, 8, 'y');
		expect(response.status).toBe(413);
		expect(response.headers.get('switchboard-relay-error')).toBe('body_too_large');
		await expect.poll(() => cut).toBe(true);
	});

	it("refuses with 413 when the server's own body limit (BODY_SIZE_LIMIT) stops the body", async () => {
		const limited = await startRelay(relaySettings(fixture.upstream.url), {}, 512);
		try {
			fixture.upstream.handle((req, res) => {
				req.resume();
				req.once('end', () => res.end('got it'));
			});
			const response = await postChunked(limited.url, 4, 'z');
			expect(response.status).toBe(413);
			expect(await response.text()).toContain('the limit of this server');
		} finally {
			await limited.close();
		}
	});

	it('refuses a body sent without Content-Type rather than dropping it', async () => {
		const answer = await rawRequest(
			fixture.relay.url,
			{ path: `${RELAY}/v1/responses`, method: 'POST' },
			'{"model":"demo"}'
		);
		expect(answer.status).toBe(415);
		expect(answer.body.toString()).toContain('only JSON request bodies (application/json)');
		expect(fixture.upstream.received).toHaveLength(0);
	});
});

describe('when the gateway cannot be reached', () => {
	it('answers 502 naming the gateway host, which the classifier reads as a bad gateway', async () => {
		const port = await closedPort();
		const unreachable = await startRelay(relaySettings(`http://127.0.0.1:${port}/gw`));
		try {
			const response = await fetch(`${unreachable.url}${RELAY}/v1/responses`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{}'
			});
			const body = await response.text();
			expect(response.status).toBe(502);
			expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
			expect(response.headers.get('switchboard-relay-error')).toBe('upstream_unreachable');
			expect(body).toBe(
				`Bad gateway: the relay could not reach the gateway 127.0.0.1:${port} (connection refused).\n`
			);
			expect(body).not.toMatch(/ECONNREFUSED|at .*\.ts|Error:/);
			const failure = classifyHttp(502, response.headers, body);
			expect(failure.kind).toBe('bad_gateway');
			expect(failure.message).toContain(`127.0.0.1:${port}`);
		} finally {
			await unreachable.close();
		}
	});

	it('answers 504 when the connection is not up within the connect timeout (TLS never completes)', async () => {
		const silent = await tcpServer(() => undefined);
		const slow = await startRelay(relaySettings(`https://127.0.0.1:${silent.port}`), {
			connectTimeoutMs: 200
		});
		try {
			const response = await fetch(`${slow.url}${RELAY}/v1/models`);
			const body = await response.text();
			expect(response.status).toBe(504);
			expect(body).toBe(
				`Gateway timeout: the relay could not connect to the gateway 127.0.0.1:${silent.port} within 0.2 seconds.\n`
			);
			expect(classifyHttp(504, response.headers, body).kind).toBe('origin_timeout');
		} finally {
			await slow.close();
			await silent.close();
		}
	});

	it('does not cut a gateway that connected but takes longer than the connect timeout to answer', async () => {
		const patient = await startRelay(relaySettings(fixture.upstream.url), { connectTimeoutMs: 50 });
		try {
			fixture.upstream.handle((_, res) => {
				setTimeout(() => res.end('worth the wait'), 300);
			});
			const response = await fetch(`${patient.url}${RELAY}/v1/models`);
			expect(response.status).toBe(200);
			expect(await response.text()).toBe('worth the wait');
		} finally {
			await patient.close();
		}
	});

	it('answers 502 when the gateway does not speak HTTP', async () => {
		const garbage = await tcpServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'));
		const confused = await startRelay(relaySettings(garbage.url));
		try {
			const response = await fetch(`${confused.url}${RELAY}/v1/models`);
			const body = await response.text();
			expect(response.status).toBe(502);
			expect(body).toMatch(
				/^Bad gateway: the relay could not reach the gateway 127\.0\.0\.1:\d+ \(/
			);
		} finally {
			await confused.close();
			await garbage.close();
		}
	});

	it('answers 502 when the gateway answers with a status no browser can be given', async () => {
		const odd = await tcpServer((socket) => {
			socket.once('data', () =>
				socket.end('HTTP/1.1 999 Odd\r\ncontent-length: 2\r\nconnection: close\r\n\r\nhi')
			);
		});
		const relayToOdd = await startRelay(relaySettings(odd.url));
		try {
			const response = await fetch(`${relayToOdd.url}${RELAY}/v1/models`);
			expect(response.status).toBe(502);
			expect(await response.text()).toContain('answered with the invalid status 999');
		} finally {
			await relayToOdd.close();
			await odd.close();
		}
	});

	it('breaks the stream, never ends it cleanly, when the gateway drops the connection mid-answer', async () => {
		fixture.upstream.handle((_, res) => {
			res.writeHead(200, { 'content-type': 'text/event-stream' });
			res.write('event: response.created\ndata: {}\n\n', () => res.destroy());
		});
		const response = await fetch(`${fixture.relay.url}${RELAY}/v1/responses`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}'
		});
		expect(response.status).toBe(200);
		await expect(response.text()).rejects.toThrow();
	});
});
