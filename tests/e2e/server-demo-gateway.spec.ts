import { expect, test } from '@playwright/test';
import { APP_URL } from './servers.ts';

/**
 * The built-in demo gateway over real HTTP on the production server, called the way the README
 * calls it: `curl -N localhost:3000/demo/v1/responses -H 'content-type: application/json' -d '{…}'`
 * (JSON only: a form or text body is what a page on another site could send without asking, and
 * is refused unread).
 */
const curlLike = (input: string) => ({
	headers: { 'content-type': 'application/json' },
	data: JSON.stringify({ model: 'demo', input, stream: true })
});

test('curl with a JSON body to /demo/v1/responses gets a Responses stream that ends in response.completed', async ({
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

test('a browser on another site cannot make the demo work: a simple cross-site POST is refused unread', async ({
	request
}) => {
	for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
		const response = await request.post(`${APP_URL}/demo/v1/responses`, {
			headers: {
				'content-type': type,
				origin: 'https://elsewhere.example',
				'sec-fetch-site': 'cross-site',
				'sec-fetch-mode': 'no-cors'
			},
			data: JSON.stringify({ model: 'demo', input: '#scenario:huge', stream: true })
		});
		expect(response.status(), type).toBe(415);
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
