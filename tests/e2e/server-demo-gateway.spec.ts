import { expect, test } from '@playwright/test';
import { APP_URL } from './servers.ts';

/**
 * The built-in demo gateway over real HTTP on the production server, called the way the README
 * and the issue call it: `curl -N -X POST localhost:3000/demo/v1/responses -d '{…}'`, which sends
 * a form content type and no Origin header.
 */
const curlLike = (input: string) => ({
	headers: { 'content-type': 'application/x-www-form-urlencoded' },
	data: JSON.stringify({ model: 'demo', input, stream: true })
});

test('curl -d to /demo/v1/responses gets a Responses stream that ends in response.completed', async ({
	request
}) => {
	const response = await request.post(`${APP_URL}/demo/v1/responses`, curlLike('hi'));
	expect(response.status()).toBe(200);
	expect(response.headers()['content-type']).toContain('text/event-stream');
	const events = (await response.text()).match(/^event: .+$/gm) ?? [];
	expect(events[0]).toBe('event: response.created');
	expect(events.at(-1)).toBe('event: response.completed');
});

test('the same request with #scenario: tokens produces the seed failures', async ({ request }) => {
	for (const [scenario, status] of [
		['insufficient-balance', 402],
		['origin-timeout', 522],
		['model-unavailable', 503]
	] as const) {
		const response = await request.post(
			`${APP_URL}/demo/v1/responses`,
			curlLike(`#scenario:${scenario}`)
		);
		expect(response.status()).toBe(status);
	}
});

test('GET /healthz answers 200 ok and /api/config carries no secret', async ({ request }) => {
	const health = await request.get(`${APP_URL}/healthz`);
	expect(health.status()).toBe(200);
	expect(await health.text()).toBe('ok');
	const config = await request.get(`${APP_URL}/api/config`);
	expect(await config.json()).toMatchObject({ gateway: { url: '/demo', demo: true } });
	expect(await config.text()).not.toMatch(/secret/i);
});
