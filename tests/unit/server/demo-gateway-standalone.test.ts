import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	startDemoGateway,
	type RunningGateway
} from '../../../src/lib/server/demo-gateway/standalone.ts';
import { collect, responsesBody } from './demo-gateway-helpers.ts';

let gateway: RunningGateway;

beforeAll(async () => {
	gateway = await startDemoGateway(0);
});
afterAll(async () => {
	await gateway.close();
});

const origin = { origin: 'http://app.test' };

describe('standalone demo gateway over real HTTP', () => {
	it('answers a CORS preflight for the headers a client sends, like new-api', async () => {
		const response = await fetch(`${gateway.url}/v1/responses`, {
			method: 'OPTIONS',
			headers: {
				...origin,
				'access-control-request-method': 'POST',
				'access-control-request-headers': 'authorization,content-type,session_id'
			}
		});
		expect(response.status).toBe(204);
		expect(response.headers.get('access-control-allow-origin')).toBe('*');
		expect(response.headers.get('access-control-allow-headers')).toBe(
			'authorization,content-type,session_id'
		);
	});

	it('lets a browser call the Messages route directly: its headers pass the preflight', async () => {
		const asked = [
			'anthropic-beta',
			'anthropic-dangerous-direct-browser-access',
			'anthropic-version',
			'authorization',
			'x-api-key'
		];
		const response = await fetch(`${gateway.url}/v1/messages`, {
			method: 'OPTIONS',
			headers: {
				...origin,
				'access-control-request-method': 'POST',
				'access-control-request-headers': asked.join(',')
			}
		});
		expect(response.status).toBe(204);
		expect(response.headers.get('access-control-allow-origin')).toBe('*');
		expect(response.headers.get('access-control-allow-methods')).toContain('POST');
		const allowed = (response.headers.get('access-control-allow-headers') ?? '')
			.split(',')
			.map((name) => name.trim().toLowerCase());
		for (const name of asked) expect(allowed).toContain(name);
	});

	it('answers a preflight that names no headers with an explicit list, since * excludes authorization', async () => {
		const response = await fetch(`${gateway.url}/v1/messages`, {
			method: 'OPTIONS',
			headers: { ...origin, 'access-control-request-method': 'POST' }
		});
		const allowed = (response.headers.get('access-control-allow-headers') ?? '')
			.split(',')
			.map((name) => name.trim().toLowerCase());
		for (const name of [
			'authorization',
			'content-type',
			'x-api-key',
			'anthropic-version',
			'anthropic-beta',
			'anthropic-dangerous-direct-browser-access'
		])
			expect(allowed).toContain(name);
	});

	it('streams a turn cross-origin with CORS headers', async () => {
		const response = await fetch(`${gateway.url}/v1/responses`, {
			method: 'POST',
			headers: { ...origin, 'content-type': 'application/json' },
			body: JSON.stringify(responsesBody('hello'))
		});
		expect(response.headers.get('access-control-allow-origin')).toBe('*');
		const { events } = await collect(response.body);
		expect(events.at(-1)?.type).toBe('response.completed');
	});

	it('sends gateway errors with CORS headers but proxy pages without, as in production', async () => {
		const gatewayError = await fetch(`${gateway.url}/v1/responses`, {
			method: 'POST',
			headers: { ...origin, 'content-type': 'application/json' },
			body: JSON.stringify(responsesBody('#scenario:insufficient-balance'))
		});
		expect(gatewayError.status).toBe(402);
		expect(gatewayError.headers.get('access-control-allow-origin')).toBe('*');
		const proxyPage = await fetch(`${gateway.url}/v1/responses`, {
			method: 'POST',
			headers: { ...origin, 'content-type': 'application/json' },
			body: JSON.stringify(responsesBody('#scenario:origin-timeout'))
		});
		expect(proxyPage.status).toBe(522);
		expect(proxyPage.headers.get('access-control-allow-origin')).toBeNull();
		const statusTextOnly = await fetch(`${gateway.url}/v1/responses`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(responsesBody('#scenario:bad-gateway'))
		});
		expect(statusTextOnly.status).toBe(502);
		expect(statusTextOnly.statusText).toBe('Bad Gateway');
		expect(await statusTextOnly.text()).toBe('');
	});

	it('lets a client that gives up on connection-timeout go, and keeps serving', async () => {
		const attempt = fetch(`${gateway.url}/v1/responses`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(responsesBody('#scenario:connection-timeout')),
			signal: AbortSignal.timeout(300)
		});
		await expect(attempt).rejects.toMatchObject({ name: 'TimeoutError' });
		const next = await fetch(`${gateway.url}/v1/models`);
		expect(next.status).toBe(200);
	});

	it('stops writing when the client leaves mid-stream', async () => {
		const controller = new AbortController();
		const response = await fetch(`${gateway.url}/v1/responses`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(responsesBody('#scenario:slow')),
			signal: controller.signal
		});
		const reader = response.body?.getReader();
		await reader?.read();
		controller.abort();
		await expect(reader?.read()).rejects.toMatchObject({ name: 'AbortError' });
		expect((await fetch(`${gateway.url}/v1/models`)).status).toBe(200);
	});
});
