/**
 * Proactive refresh: with 20-second access tokens (client `switchboard-short`), the app refreshes
 * before expiry on its own — through the cookie, never sending a refresh token — and stays
 * signed in and able to chat.
 */
import { expect, test } from '@playwright/test';
import { lastAnswer, send } from './chat-helpers.ts';
import { SHORT_TOKEN_APP_URL } from './servers.ts';
import { accountMenu, openApp, signIn, tokenGrant } from './support/sign-in.ts';

test.use({ baseURL: SHORT_TOKEN_APP_URL });

test('refreshes a short-lived access token before it expires, and keeps working', async ({
	page
}) => {
	test.setTimeout(60_000);
	await openApp(page);
	await signIn(page);
	const refresh = page.waitForRequest((request) => tokenGrant(request) === 'refresh_token', {
		timeout: 40_000
	});
	const answered = page.waitForResponse(
		(response) => tokenGrant(response.request()) === 'refresh_token',
		{ timeout: 40_000 }
	);
	const form = new URLSearchParams((await refresh).postData() ?? '');
	expect(form.has('refresh_token')).toBe(false);
	expect((await answered).status()).toBe(200);
	await expect(accountMenu(page)).toBeVisible();
	const gateway = page.waitForRequest((request) => request.url().includes('/demo/v1/responses'));
	await send(page, 'after the refresh');
	expect((await gateway).headers()['authorization']).toMatch(/^Bearer /);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
});
