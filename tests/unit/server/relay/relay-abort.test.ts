import { Agent, request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { gate, readBody, RELAY, relayFixture } from './relay-harness.ts';

const fixture = relayFixture();

/**
 * A browser that stops: the relay must cancel its request to the gateway, or the gateway goes on
 * generating (and billing) an answer nobody reads. Each test waits for the gateway to see its
 * side closed; without propagation that never happens and the test fails on its timeout.
 */
describe('the browser goes away', () => {
	it('mid-stream: the request to the gateway is cancelled', async () => {
		fixture.upstream.handle((_, res) => {
			res.writeHead(200, { 'content-type': 'text/event-stream' });
			// Keeps streaming until someone hangs up.
			res.write('event: response.created\ndata: {}\n\n');
		});
		const controller = new AbortController();
		const response = await fetch(`${fixture.relay.url}${RELAY}/v1/responses`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
			signal: controller.signal
		});
		const reader = (response.body as ReadableStream<Uint8Array>).getReader();
		await reader.read();
		controller.abort();
		const received = fixture.upstream.received[0];
		expect(await received?.closedEarly).toBe(true);
	});

	it('before the gateway has answered at all: the waiting request is cancelled too', async () => {
		const bodyRead = gate();
		fixture.upstream.handle(async (req) => {
			await readBody(req);
			bodyRead.open();
			// Never answers: a gateway holding its headers while a model queues.
		});
		const controller = new AbortController();
		const pending = fetch(`${fixture.relay.url}${RELAY}/v1/responses`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{"model":"demo"}',
			signal: controller.signal
		}).catch((error: unknown) => error);
		await bodyRead.promise;
		controller.abort();
		await pending;
		expect(await fixture.upstream.received[0]?.closedEarly).toBe(true);
	});

	it('a GET (the model list) waiting for its answer is cancelled when the browser leaves', async () => {
		const arrived = gate();
		fixture.upstream.handle(() => arrived.open());
		const controller = new AbortController();
		const pending = fetch(`${fixture.relay.url}${RELAY}/v1/models`, {
			signal: controller.signal
		}).catch((error: unknown) => error);
		await arrived.promise;
		controller.abort();
		await pending;
		expect(await fixture.upstream.received[0]?.closedEarly).toBe(true);
	});
});

describe('a kept-alive connection', () => {
	it('carries request after request without the relay piling listeners on its socket', async () => {
		fixture.upstream.handle((_, res) => res.end('ok'));
		const agent = new Agent({ keepAlive: true, maxSockets: 1 });
		fixture.relay.socketCloseListeners.length = 0;
		try {
			for (let index = 0; index < 15; index += 1) {
				await new Promise<void>((resolve, reject) => {
					const request = httpRequest(
						`${fixture.relay.url}${RELAY}/v1/models`,
						{ agent },
						(response) => {
							response.resume();
							response.once('end', resolve);
						}
					);
					request.once('error', reject);
					request.end();
				});
			}
		} finally {
			agent.destroy();
		}
		expect(fixture.relay.socketCloseListeners).toHaveLength(15);
		// One connection throughout, and the same number of listeners on it at every request.
		expect(new Set(fixture.relay.socketCloseListeners).size).toBe(1);
	});
});
