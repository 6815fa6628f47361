import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	corsFromEnv,
	startDemoGateway,
	type RunningGateway
} from '../../../../src/lib/server/demo-gateway/standalone.ts';
import { collect, responsesBody } from '../demo-gateway-helpers.ts';

/**
 * The standalone demo gateway with DEMO_GATEWAY_CORS=off: a bare upstream that sends no CORS
 * headers at all, the kind of gateway relay mode exists for (the deployment e2e uses it).
 */
let gateway: RunningGateway;

beforeAll(async () => {
	gateway = await startDemoGateway(0, '127.0.0.1', { cors: false });
});
afterAll(async () => {
	await gateway.close();
});

const origin = { origin: 'http://app.test' };
const corsNames = (headers: Headers): string[] =>
	[...headers.keys()].filter((name) => name.startsWith('access-control-'));

describe('DEMO_GATEWAY_CORS=off', () => {
	it('answers a preflight with no CORS headers, so a browser on another origin is refused', async () => {
		const response = await fetch(`${gateway.url}/v1/responses`, {
			method: 'OPTIONS',
			headers: {
				...origin,
				'access-control-request-method': 'POST',
				'access-control-request-headers': 'authorization,content-type'
			}
		});
		expect(corsNames(response.headers)).toEqual([]);
	});

	it('streams turns, lists models and sends errors without CORS headers, request ids kept', async () => {
		const turn = await fetch(`${gateway.url}/v1/responses`, {
			method: 'POST',
			headers: { ...origin, 'content-type': 'application/json' },
			body: JSON.stringify(responsesBody('hello'))
		});
		expect(corsNames(turn.headers)).toEqual([]);
		const { events } = await collect(turn.body);
		expect(events.at(-1)?.type).toBe('response.completed');

		const models = await fetch(`${gateway.url}/v1/models`, { headers: origin });
		expect(models.status).toBe(200);
		expect(corsNames(models.headers)).toEqual([]);

		const failure = await fetch(`${gateway.url}/v1/responses`, {
			method: 'POST',
			headers: { ...origin, 'content-type': 'application/json' },
			body: JSON.stringify(responsesBody('#scenario:insufficient-balance'))
		});
		expect(failure.status).toBe(402);
		expect(corsNames(failure.headers)).toEqual([]);
		expect(failure.headers.get('x-request-id')).toMatch(/^req_demo_/);
	});
});

describe('corsFromEnv', () => {
	it.each([
		[undefined, true],
		['', true],
		['on', true],
		['TRUE', true],
		['off', false],
		[' Off ', false],
		['false', false],
		['0', false],
		['no', false]
	])('reads %j as %s', (value, expected) => {
		expect(corsFromEnv(value)).toBe(expected);
	});

	it('refuses anything else, naming the variable', () => {
		expect(() => corsFromEnv('sometimes')).toThrow(/DEMO_GATEWAY_CORS must be on or off/);
	});
});
