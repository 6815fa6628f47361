/**
 * Relay mode (GATEWAY_MODE=relay) against a gateway that sends no CORS headers at all (the demo
 * gateway with DEMO_GATEWAY_CORS=off on another origin): the app on RELAY_APP_URL reaches it
 * through its own `/api/relay/**`, so the browser talks to nothing but the app's origin, streams
 * arrive as they are produced, and a proxy's error page is classified for what it is. The same
 * gateway called directly (DIRECT_NO_CORS_APP_URL) fails as a network error: why the relay exists.
 */
import { expect, test, type Page } from '@playwright/test';
import { chooseModel, forbidDialogs, lastAnswer, send } from './chat-helpers.ts';
import { DIRECT_NO_CORS_APP_URL, NO_CORS_GATEWAY_URL, RELAY_APP_URL } from './servers.ts';
import { watchFailureCards } from './support/cards-seen.ts';

const RELAY_ORIGIN = new URL(RELAY_APP_URL).origin;

/** Every http(s) URL any page, popup or frame of the context requests, from now on. */
function recordRequests(page: Page): string[] {
	const urls: string[] = [];
	page.context().on('request', (request) => {
		const url = request.url();
		if (url.startsWith('http:') || url.startsWith('https:')) urls.push(url);
	});
	return urls;
}

async function openRelayChat(page: Page): Promise<void> {
	await page.goto(`${RELAY_APP_URL}/`);
	// The model list came through the relay: the gateway's models are offered.
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
}

test('the chat works end to end through the relay, and the browser calls only its own origin', async ({
	page
}) => {
	forbidDialogs(page);
	const urls = recordRequests(page);
	await openRelayChat(page);

	// Slow pacing: the answer is on screen part-way, so the stream was not held back anywhere.
	await send(page, 'hello through the relay #scenario:slow:60');
	const answer = lastAnswer(page);
	await expect(answer).toContainText('You said “hello through the relay”');
	await expect(answer).toHaveAttribute('data-turn-status', 'streaming');
	await expect(answer).toHaveAttribute('data-turn-status', 'completed', { timeout: 20_000 });
	await expect(answer).toContainText('to see how Switchboard handles a failure');

	expect(urls.length).toBeGreaterThan(3);
	expect(urls.filter((url) => new URL(url).origin !== RELAY_ORIGIN)).toEqual([]);
	expect(urls.some((url) => url.startsWith(new URL(NO_CORS_GATEWAY_URL).origin))).toBe(false);
	expect(urls).toContain(`${RELAY_APP_URL}/api/relay/v1/models`);
	expect(urls).toContain(`${RELAY_APP_URL}/api/relay/v1/responses`);
});

test("a proxy's 522 page arrives through the relay: classified origin_timeout, with its request id", async ({
	page
}) => {
	forbidDialogs(page);
	await openRelayChat(page);
	await send(page, '#scenario:origin-timeout');
	const card = lastAnswer(page).getByRole('alert');
	// Called directly, this page (no CORS headers) can only be a network error.
	await expect(card).toHaveAttribute('data-failure-kind', 'origin_timeout');
	await expect(card.getByRole('textbox', { name: 'Request id' })).toHaveValue(/^req_demo_/);
	await card.getByText('Details from the gateway').click();
	await expect(card.locator('[data-failure-raw]')).toContainText(
		'<title>gw.example.com | 522: Connection timed out</title>'
	);
	// Shown as text, never rendered: nothing of the page's markup became elements.
	await expect(card.locator('h1, title, script, [href*="cloudflare"]')).toHaveCount(0);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'failed');
});

test('a gateway that redirects plain http to https: the card says so, and Try again completes the answer', async ({
	page
}) => {
	forbidDialogs(page);
	const urls = recordRequests(page);
	await openRelayChat(page);
	// The first request gets nginx's 301 to https (as if GATEWAY_URL said http:// by mistake); once
	// whoever runs the app has fixed it, the same turn goes through.
	await send(page, `moved ${Date.now()} #scenario:moved-to-https:once`);
	const answer = lastAnswer(page);
	const card = answer.getByRole('alert');
	await expect(card).toHaveAttribute('data-failure-kind', 'not_found');
	await expect(card.locator('[data-failure-detail]')).toHaveText(
		"The gateway redirects to the same address over https (301 Moved Permanently): the gateway's address should begin with https://."
	);
	// What helps with an address: the check, another gateway, and trying again; no model picker.
	await expect(card.locator('[data-action]')).toHaveCount(3);
	await expect(card.locator('[data-action="connection_check"]')).toBeVisible();
	await expect(card.locator('[data-action="switch_gateway"]')).toBeVisible();
	await expect(card.locator('[data-action="choose_model"]')).toHaveCount(0);
	// The browser never went to the https address: the relay kept the Location to itself.
	expect(urls.filter((url) => url.startsWith('https:'))).toEqual([]);

	await card.locator('[data-action="retry"]').click();
	await expect(answer).toHaveAttribute('data-turn-status', 'completed');
	await expect(answer).toContainText('You said “moved');
	await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a rate limit through the relay shows its Retry-After countdown and request id', async ({
	page
}) => {
	await openRelayChat(page);
	const seen = await watchFailureCards(page);
	await send(page, 'hello #scenario:rate-limited');
	const card = lastAnswer(page).getByRole('alert');
	await expect(card).toHaveAttribute('data-failure-kind', 'rate_limited');
	await expect
		.poll(() => seen.countdowns())
		.toEqual(expect.arrayContaining([expect.stringContaining('Attempt 2 in')]));
	await expect(card.getByRole('textbox', { name: 'Request id' })).toHaveValue(/\S/);
	await card.getByRole('button', { name: 'Cancel' }).click();
});

test('the same gateway without the relay is unusable: every call is a network error', async ({
	page
}) => {
	const corsRefusals: string[] = [];
	page.on('console', (message) => {
		if (message.text().includes('CORS policy')) corsRefusals.push(message.text());
	});
	await page.goto(`${DIRECT_NO_CORS_APP_URL}/`);
	await chooseModel(page, 'demo');
	await send(page, 'hello directly');
	const card = lastAnswer(page).getByRole('alert');
	await expect(card).toHaveAttribute('data-failure-kind', 'network');
	// The browser refused the answer for want of CORS headers (not the app's own policy).
	expect(corsRefusals.some((text) => text.includes(new URL(NO_CORS_GATEWAY_URL).origin))).toBe(
		true
	);

	// Meanwhile the relay app, on the very same gateway, answers.
	await openRelayChat(page);
	await send(page, 'hello through the relay');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
});

test('the built relay: sandboxed answers, no CORS, other sites, methods and paths refused, and off where relay mode is off', async ({
	request
}) => {
	const models = await request.get(`${RELAY_APP_URL}/api/relay/v1/models`);
	expect(models.status()).toBe(200);
	// Through the app's hook, a relayed answer keeps the relay's sandbox: never a document here.
	expect(models.headers()['content-security-policy']).toBe("sandbox; default-src 'none'");
	expect(models.headers()['content-disposition']).toBe('attachment');
	expect(models.headers()['x-switchboard-own-csp']).toBeUndefined();
	expect(
		((await models.json()) as { data: { id: string }[] }).data.map((model) => model.id)
	).toContain('demo');
	expect(
		Object.keys(models.headers()).filter((name) => name.startsWith('access-control-'))
	).toEqual([]);
	expect(models.headers()['x-request-id']).toMatch(/^req_demo_/);

	// A trailing slash is the gateway's business, not redirected away by the app.
	const slash = await request.get(`${RELAY_APP_URL}/api/relay/v1/models/`, { maxRedirects: 0 });
	expect(slash.status()).toBe(404);
	expect(await slash.text()).toContain('Invalid URL (GET /v1/models/)');

	const put = await request.put(`${RELAY_APP_URL}/api/relay/v1/models`);
	expect(put.status()).toBe(405);
	expect(put.headers()['allow']).toBe('GET, HEAD, POST, OPTIONS');

	const preflight = await request.fetch(`${RELAY_APP_URL}/api/relay/v1/responses`, {
		method: 'OPTIONS',
		headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' }
	});
	expect(preflight.status()).toBe(204);
	expect(preflight.headers()['access-control-allow-origin']).toBeUndefined();

	// Another site's page, or an address opened outside the app, is not answered.
	for (const headers of [
		{ origin: 'https://elsewhere.example' },
		{ 'sec-fetch-site': 'cross-site' },
		{ 'sec-fetch-site': 'none' }
	]) {
		const foreign = await request.get(`${RELAY_APP_URL}/api/relay/v1/models`, { headers });
		expect(foreign.status()).toBe(403);
	}
	const form = await request.post(`${RELAY_APP_URL}/api/relay/v1/responses`, {
		headers: { 'content-type': 'text/plain' },
		data: '{"model":"demo","input":"hi"}'
	});
	expect(form.status()).toBe(415);

	const parameter = await request.get(`${RELAY_APP_URL}/api/relay/..;/v1/models`);
	expect(parameter.status()).toBe(400);

	const escape = await request.get(`${RELAY_APP_URL}/api/relay/v1%2f..%2f..%2fadmin`);
	expect(escape.status()).toBe(400);
	expect(escape.headers()['switchboard-relay-error']).toBe('path_refused');

	const off = await request.get(`${DIRECT_NO_CORS_APP_URL}/api/relay/v1/models`);
	expect(off.status()).toBe(404);
	expect(off.headers()['switchboard-relay-error']).toBe('relay_off');
});
