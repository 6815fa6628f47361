/**
 * Security headers as a browser receives them, and the page working under its own policy: a strict
 * script-src with a per-response nonce, connect-src limited to the app and its gateways,
 * frame-ancestors from FRAME_ANCESTORS, no-referrer and nosniff.
 */
import { expect, test, type Page } from '@playwright/test';
import { lastAnswer, send } from './chat-helpers.ts';
import { APP_URL, CROSS_ORIGIN_APP_URL, DEMO_GATEWAY_URL, RELAY_APP_URL } from './servers.ts';

function directive(policy: string, name: string): string[] {
	const found = policy
		.split(';')
		.map((part) => part.trim().split(/\s+/))
		.find(([directiveName]) => directiveName === name);
	return found?.slice(1) ?? [];
}

/** Collects every CSP violation the page reports, from before its first script. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
	await page.addInitScript(() => {
		const seen: string[] = [];
		(window as unknown as { __violations: string[] }).__violations = seen;
		document.addEventListener('securitypolicyviolation', (event) =>
			seen.push(`${event.effectiveDirective} ${event.blockedURI}`)
		);
	});
	return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

test('the page is served with a nonce-based script-src and the fixed protections', async ({
	request
}) => {
	const first = await request.get(`${APP_URL}/`);
	const second = await request.get(`${APP_URL}/`);
	const policy = first.headers()['content-security-policy'] ?? '';
	const scripts = directive(policy, 'script-src');
	expect(scripts[0]).toBe("'self'");
	expect(scripts.some((source) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(source))).toBe(true);
	expect(scripts).not.toContain("'unsafe-inline'");
	expect(scripts).not.toContain("'unsafe-eval'");
	expect(directive(policy, 'object-src')).toEqual(["'none'"]);
	expect(directive(policy, 'base-uri')).toEqual(["'none'"]);
	expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
	expect(directive(policy, 'frame-ancestors')).toEqual(["'self'"]);
	expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
	expect(first.headers()['referrer-policy']).toBe('no-referrer');
	expect(first.headers()['x-content-type-options']).toBe('nosniff');
	// The nonce in the page is the one in the header, and a new one on every response.
	const nonce = scripts.find((source) => source.startsWith("'nonce-"))?.slice(7, -1) ?? '';
	expect(await first.text()).toContain(`nonce="${nonce}"`);
	expect(second.headers()['content-security-policy']).not.toBe(policy);
	// API responses carry the policy too (they are never documents, but frame-ancestors holds).
	const api = await request.get(`${APP_URL}/api/config`);
	expect(api.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
	expect(api.headers()['x-content-type-options']).toBe('nosniff');
});

test('connect-src names the cross-origin gateway; in relay mode only the app itself', async ({
	request
}) => {
	const direct = await request.get(`${CROSS_ORIGIN_APP_URL}/`);
	expect(directive(direct.headers()['content-security-policy'] ?? '', 'connect-src')).toEqual([
		"'self'",
		new URL(DEMO_GATEWAY_URL).origin
	]);
	const relay = await request.get(`${RELAY_APP_URL}/`);
	expect(directive(relay.headers()['content-security-policy'] ?? '', 'connect-src')).toEqual([
		"'self'"
	]);
});

test("a custom gateway's origin is allowed from its cookie; anything else in it is not", async ({
	request
}) => {
	const cookie = `switchboard-gateways=${encodeURIComponent(
		'https://gw.example.com javascript:alert(1) https://other.example:8443/path *'
	)}`;
	const response = await request.get(`${APP_URL}/`, { headers: { cookie } });
	expect(directive(response.headers()['content-security-policy'] ?? '', 'connect-src')).toEqual([
		"'self'",
		'https://gw.example.com'
	]);
});

test('a full chat runs without a single policy violation; an injected script does not run', async ({
	page
}) => {
	const violations = await watchViolations(page);
	await page.goto(`${CROSS_ORIGIN_APP_URL}/`);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	await send(page, 'a markdown answer with code and a table');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	expect(await violations()).toEqual([]);

	const ran = await page.evaluate(async () => {
		const script = document.createElement('script');
		script.textContent = 'window.__injected = true';
		document.body.append(script);
		await new Promise((resolve) => setTimeout(resolve, 50));
		return (window as unknown as { __injected?: boolean }).__injected === true;
	});
	expect(ran).toBe(false);
	expect((await violations()).some((entry) => entry.startsWith('script-src'))).toBe(true);
});

test('a custom gateway added on the page works after the reload the page offers', async ({
	page
}) => {
	const violations = await watchViolations(page);
	await page.goto(`${APP_URL}/`);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	await page.getByRole('button', { name: 'Settings' }).click();
	const dialog = page.getByRole('dialog', { name: 'Settings' });
	await dialog.getByText('Add a gateway').click();
	await dialog.getByLabel('Name').fill('Team gateway');
	await dialog.getByLabel('Base URL').fill(DEMO_GATEWAY_URL);
	await dialog.getByRole('button', { name: 'Add gateway' }).click();
	await dialog.getByRole('button', { name: 'Done' }).click();

	const notice = page.locator('[data-reload-to-connect]');
	await expect(notice).toContainText(`To connect to ${new URL(DEMO_GATEWAY_URL).host}`);
	// Nothing was sent to the gateway the policy does not allow yet.
	expect(await violations()).toEqual([]);

	const reloaded = page.waitForResponse((response) => response.url() === `${APP_URL}/`);
	await notice.getByRole('button', { name: 'Reload now' }).click();
	const policy = (await reloaded).headers()['content-security-policy'] ?? '';
	expect(directive(policy, 'connect-src')).toContain(new URL(DEMO_GATEWAY_URL).origin);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	await expect(notice).toHaveCount(0);
	const calls: string[] = [];
	page.on('request', (request) => calls.push(request.url()));
	await send(page, 'through the team gateway');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	expect(calls.some((url) => url.startsWith(`${DEMO_GATEWAY_URL}/v1/responses`))).toBe(true);
	expect(await violations()).toEqual([]);
});
