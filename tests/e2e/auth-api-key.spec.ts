/**
 * API-key mode (no AUTH_URL): the key is masked, kept for the page unless the person chooses to
 * remember it, sent as a Bearer token, and "Forget key" removes it from the device.
 */
import { expect, test } from '@playwright/test';
import { lastAnswer, send } from './chat-helpers.ts';
import { APP_URL } from './servers.ts';
import { openApp } from './support/sign-in.ts';

test.use({ baseURL: APP_URL });

const KEY = 'sk-test-0123456789abcdefWXYZ';

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
