/**
 * Intranet deployments have no way out: everything the app needs is served by the app. A full
 * session (sign-in, chat with code highlighting and an image, settings, export, a reload) makes
 * requests to the app, the gateway and the authorization server only — recorded for every page,
 * popup and frame of the browser context.
 */
import { expect, test } from '@playwright/test';
import { lastAnswer, send } from './chat-helpers.ts';
import { AUTH_SERVER_URL, SIGN_IN_APP_URL } from './servers.ts';
import { signIn } from './support/sign-in.ts';

test('a full session requests nothing from any host but the app, gateway and sign-in server', async ({
	context,
	page
}) => {
	const allowed = new Set([new URL(SIGN_IN_APP_URL).host, new URL(AUTH_SERVER_URL).host]);
	const seen: string[] = [];
	context.on('request', (request) => seen.push(request.url()));

	await page.goto(`${SIGN_IN_APP_URL}/`);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	await signIn(page);

	// Markdown with code (the highlighter loads), then an image.
	await send(page, 'show me some code #scenario:instant');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await page.getByRole('button', { name: 'Settings' }).click();
	await page.getByLabel('Image generation').check();
	await page
		.getByRole('dialog', { name: 'Settings' })
		.getByRole('button', { name: 'Done' })
		.click();
	await send(page, 'draw a lighthouse');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await expect(lastAnswer(page).getByRole('img', { name: 'Generated image 1' })).toBeVisible();

	const downloading = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Export as Markdown' }).click();
	await downloading;
	await page.reload();
	await expect(page.locator('[data-account-menu]')).toBeVisible();
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');

	const http = seen.filter((url) => url.startsWith('http:') || url.startsWith('https:'));
	expect(http.length).toBeGreaterThan(10);
	expect(http.filter((url) => !allowed.has(new URL(url).host))).toEqual([]);
	// The highlighter and the app's own styles and fonts came from the app.
	expect(http.some((url) => url.includes('/_app/immutable/'))).toBe(true);
});
