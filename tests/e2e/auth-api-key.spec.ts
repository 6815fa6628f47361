/**
 * API-key mode (no AUTH_URL): the key is masked, kept for the page unless the person chooses to
 * remember it, sent as a Bearer token, and "Forget key" removes it from the device.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { lastAnswer, send } from './chat-helpers.ts';
import { APP_URL, DEPLOY_PORTS, SUB_PATH } from './servers.ts';
import { openApp } from './support/sign-in.ts';

test.use({ baseURL: APP_URL });

const KEY = 'sk-test-0123456789abcdefWXYZ';
const SUB_PATH_APP_ORIGIN = `http://127.0.0.1:${DEPLOY_PORTS.subPathApp}`;

test('a pasted key is masked, sent as Bearer, and remembered only when asked', async ({ page }) => {
	await openApp(page);
	await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
	await page.getByText('Use an API key').click();
	await expect(page.locator('[data-shared-machine-warning]')).toContainText(
		'shared or public computer'
	);
	await page.getByLabel('API key for this gateway').fill(KEY);
	await page.getByRole('button', { name: 'Use key' }).click();
	await expect(page.locator('[data-api-key-masked]')).toHaveText('••••WXYZ');
	await expect(page.locator('body')).not.toContainText(KEY);

	const gateway = page.waitForRequest((request) => request.url().includes('/demo/v1/responses'));
	await send(page, 'hello');
	expect((await gateway).headers()['authorization']).toBe(`Bearer ${KEY}`);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(KEY);

	// Not remembered: gone after a reload.
	await page.reload();
	await expect(page.getByText('Use an API key')).toBeVisible();

	// Remembered: kept across reloads, until "Forget key".
	await page.getByText('Use an API key').click();
	await page.getByLabel('API key for this gateway').fill(KEY);
	await page.getByLabel('Remember on this device').check();
	await page.getByRole('button', { name: 'Use key' }).click();
	await page.reload();
	await expect(page.getByText('API key ••••WXYZ')).toBeVisible();
	expect(await page.evaluate(() => JSON.stringify(localStorage))).toContain(KEY);
	await page.getByText('API key ••••WXYZ').click();
	await page.getByRole('button', { name: 'Forget key' }).click();
	expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(KEY);
	await expect(page.getByText('Use an API key')).toBeVisible();
});

/**
 * Two deployments on one origin, as an intranet host serves them: `/tools/chat/**` is the
 * BASE_PATH=/tools/chat app, everything else the app at the root. They share the origin's
 * localStorage; each has its own gateway (here the demo under its own path).
 */
async function oneOriginTwoApps(): Promise<{ url: string; close: () => Promise<void> }> {
	const server = createServer((req, res) => {
		const app = (req.url ?? '/').startsWith(SUB_PATH) ? SUB_PATH_APP_ORIGIN : APP_URL;
		const upstream = request(
			new URL(req.url ?? '/', app),
			{ method: req.method ?? 'GET', headers: req.headers },
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			}
		);
		upstream.on('error', () => res.destroy());
		res.on('close', () => upstream.destroy());
		req.pipe(upstream);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		close: () => new Promise((resolve) => server.close(() => resolve()))
	};
}

test('a key remembered in one app is not sent by another app on the same origin', async ({
	page
}) => {
	const front = await oneOriginTwoApps();
	try {
		await page.goto(`${front.url}/`);
		await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
		await page.getByText('Use an API key').click();
		await page.getByLabel('API key for this gateway').fill(KEY);
		await page.getByLabel('Remember on this device').check();
		await page.getByRole('button', { name: 'Use key' }).click();
		await expect(page.getByText('API key ••••WXYZ')).toBeVisible();

		// The other app, same origin: no key of its own yet, and none is sent to its gateway.
		await page.goto(`${front.url}${SUB_PATH}/`);
		await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
		await expect(page.getByText('Use an API key')).toBeVisible();
		const gateway = page.waitForRequest((sent) =>
			sent.url().startsWith(`${front.url}${SUB_PATH}/demo/v1/responses`)
		);
		await send(page, 'hello from the other app');
		expect((await gateway).headers()['authorization']).toBeUndefined();
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');

		// The first app still has its key.
		await page.goto(`${front.url}/`);
		await expect(page.getByText('API key ••••WXYZ')).toBeVisible();
	} finally {
		await front.close();
	}
});
