/**
 * Every way sign-in fails shows one clear state with the failure kind, and (except for a region
 * refusal) a "Try again". The region and transport failures come from a stand-in authorization
 * server (tests/e2e/support/faulty-authorization-server.ts); the rest from the real one.
 */
import { expect, test, type Page } from '@playwright/test';
import { REGION_LOGIN_MESSAGE } from '../../src/lib/failure/classify-token.ts';
import {
	AUTH_SERVER_URL,
	FAULTY_AUTH_SERVER_URL,
	REGION_APP_URL,
	UNREACHABLE_APP_URL
} from './servers.ts';
import { openApp, signIn, signOut } from './support/sign-in.ts';

function problem(page: Page) {
	return page.locator('[data-sign-in-problem]');
}

async function startSignIn(page: Page): Promise<URL> {
	const authorize = page.waitForRequest((request) =>
		request.url().startsWith(`${AUTH_SERVER_URL}/oauth/authorize`)
	);
	await page.getByRole('button', { name: 'Sign in', exact: true }).click();
	const url = new URL((await authorize).url());
	await page.waitForURL(`${AUTH_SERVER_URL}/interaction/**`);
	return url;
}

test.describe('from the token endpoint', () => {
	test.describe('a region the service does not serve', () => {
		test.use({ baseURL: REGION_APP_URL });
		test('403 unsupported_country_region_territory → region_unsupported, nothing to retry', async ({
			page
		}) => {
			await openApp(page);
			await page.getByRole('button', { name: 'Sign in', exact: true }).click();
			await expect(problem(page)).toHaveAttribute('data-failure-kind', 'region_unsupported');
			await expect(problem(page)).toContainText(REGION_LOGIN_MESSAGE);
			await expect(problem(page).getByRole('button', { name: 'Try again' })).toHaveCount(0);
			expect(page.url()).not.toContain('code=');
			await problem(page).getByRole('button', { name: 'Dismiss' }).click();
			await expect(problem(page)).toHaveCount(0);
		});
	});

	test.describe('a token endpoint that cannot be reached', () => {
		test.use({ baseURL: UNREACHABLE_APP_URL });
		test('a transport failure → token_exchange_failed naming the endpoint, with Try again', async ({
			page
		}) => {
			await openApp(page);
			await page.getByRole('button', { name: 'Sign in', exact: true }).click();
			await expect(problem(page)).toHaveAttribute('data-failure-kind', 'token_exchange_failed');
			await expect(problem(page)).toContainText(
				`Token exchange failed: error sending request for url (${FAULTY_AUTH_SERVER_URL}/reset/oauth/token)`
			);
			const again = page.waitForResponse(
				(response) => response.url().endsWith('/api/oauth/token') && response.status() === 502
			);
			await problem(page).getByRole('button', { name: 'Try again' }).click();
			await again;
			await expect(problem(page)).toHaveAttribute('data-failure-kind', 'token_exchange_failed');
		});
	});
});

test.describe('at the callback', () => {
	test('access_denied with its description, then Try again goes back to the server', async ({
		page
	}) => {
		await openApp(page);
		await startSignIn(page);
		await page.getByRole('button', { name: 'Cancel' }).click();
		await expect(problem(page)).toHaveAttribute('data-failure-kind', 'token_exchange_failed');
		await expect(problem(page)).toContainText('access was denied: The person declined to sign in.');
		await problem(page).getByRole('button', { name: 'Try again' }).click();
		await page.waitForURL(`${AUTH_SERVER_URL}/interaction/**`);
	});

	test('a state that is not this tab’s attempt is refused (state mismatch)', async ({ page }) => {
		await openApp(page);
		await startSignIn(page);
		await page.goto(
			`/auth/callback?code=forged-code&state=forged-state&iss=${encodeURIComponent(AUTH_SERVER_URL)}`
		);
		await expect(problem(page)).toContainText('state mismatch');
		await expect(problem(page).getByRole('button', { name: 'Try again' })).toBeVisible();
		expect(page.url()).not.toContain('forged');
	});

	test('a response without a code is refused', async ({ page }) => {
		await openApp(page);
		const authorize = await startSignIn(page);
		const state = authorize.searchParams.get('state') ?? '';
		await page.goto(
			`/auth/callback?state=${encodeURIComponent(state)}&iss=${encodeURIComponent(AUTH_SERVER_URL)}`
		);
		await expect(problem(page)).toContainText('sent no authorization code');
		await expect(problem(page).getByRole('button', { name: 'Try again' })).toBeVisible();
	});

	test('a replayed code is refused by the server (invalid_grant) and asks to sign in again', async ({
		page
	}) => {
		await openApp(page);
		const callback = page.waitForRequest((request) => request.url().includes('/auth/callback?'));
		await signIn(page);
		const usedCode = new URL((await callback).url()).searchParams.get('code') ?? '';
		expect(usedCode).not.toBe('');
		await signOut(page);

		// A new attempt whose answer carries the old code (as an attacker replaying it would).
		await page.route(`${AUTH_SERVER_URL}/oauth/authorize?**`, async (route) => {
			const state = new URL(route.request().url()).searchParams.get('state') ?? '';
			const replay = new URL('/auth/callback', page.url());
			replay.search = new URLSearchParams({
				code: usedCode,
				state,
				iss: AUTH_SERVER_URL
			}).toString();
			await route.fulfill({ status: 302, headers: { location: replay.href } });
		});
		await page.getByRole('button', { name: 'Sign in', exact: true }).click();
		await expect(problem(page)).toHaveAttribute('data-failure-kind', 'auth_expired');
		await expect(problem(page)).toContainText('no longer valid');
		await expect(problem(page).getByRole('button', { name: 'Try again' })).toBeVisible();
		expect(page.url()).not.toContain(usedCode);
	});
});
