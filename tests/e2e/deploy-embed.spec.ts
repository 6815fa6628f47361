/**
 * Embedding (issue 8, point 4): the app in an iframe of an intranet page. The embedding host
 * (tests/e2e/support/embedding-host.ts) serves one page under two origins: `localhost:4187`,
 * which FRAME_ANCESTORS allows and which is another site than the app on 127.0.0.1 (a cross-site
 * frame: the SameSite=Strict session cookie is never sent, storage is blocked or partitioned),
 * and `127.0.0.1:4187`, which it does not allow. The framed app runs under BASE_PATH=/tools/chat on the built-in demo gateway, with
 * AUTH_URL → the test authorization server.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
	chromium,
	expect,
	test as base,
	type FrameLocator,
	type Locator,
	type Page
} from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.ts';
import { lastAnswer, send } from './chat-helpers.ts';
import {
	AUTH_SERVER_URL,
	EMBEDDING_HOST_URL,
	FOREIGN_EMBEDDING_HOST_URL,
	FRAMED_APP_URL
} from './servers.ts';

/**
 * What the browser does with storage in a frame of another site. Browsers differ — Chromium as
 * installed here blocks it (third-party cookies blocked), others partition or share it — so each
 * test says which it runs under: a profile whose third-party cookie setting is fixed.
 */
type ThirdPartyStorage = 'allowed' | 'blocked';

const test = base.extend<{ thirdPartyStorage: ThirdPartyStorage }>({
	thirdPartyStorage: ['blocked', { option: true }],
	context: async ({ thirdPartyStorage }, use, testInfo) => {
		const profile = testInfo.outputPath('profile');
		mkdirSync(path.join(profile, 'Default'), { recursive: true });
		// Chromium's cookie controls: 0 allows third-party cookies (and storage), 1 blocks them.
		const preferences = {
			profile: { cookie_controls_mode: thirdPartyStorage === 'allowed' ? 0 : 1 }
		};
		writeFileSync(path.join(profile, 'Default', 'Preferences'), JSON.stringify(preferences));
		const context = await chromium.launchPersistentContext(profile, {
			...chromiumLaunchOptions,
			headless: true
		});
		await use(context);
		await context.close();
	},
	page: async ({ context }, use) => {
		await use(context.pages()[0] ?? (await context.newPage()));
	}
});

const APP_ORIGIN = new URL(FRAMED_APP_URL).origin;

function embedded(host: string): string {
	return `${host}/?src=${encodeURIComponent(`${FRAMED_APP_URL}/`)}`;
}

/** The embedding page, and the app inside its frame once the chat is ready. */
async function openEmbedded(page: Page): Promise<FrameLocator> {
	await page.goto(embedded(EMBEDDING_HOST_URL));
	const app = page.frameLocator('iframe[title="Switchboard"]');
	await expect(app.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	await expect(app.locator('[data-auth-status]')).toHaveAttribute('data-auth-status', 'signed_out');
	return app;
}

function conversationList(app: FrameLocator | Page): Locator {
	return app.getByRole('navigation', { name: 'Conversations' });
}

/** Clicks `button` in the frame and returns the sign-in window it opens. */
async function openSignInWindow(page: Page, button: Locator): Promise<Page> {
	const opened = page.waitForEvent('popup');
	await button.click();
	return opened;
}

/**
 * Completes the test authorization server's login form in the sign-in window, and waits until
 * the window has closed itself (after handing the result to the frame).
 */
async function logIn(signInWindow: Page, account: string): Promise<void> {
	await signInWindow.waitForURL(`${AUTH_SERVER_URL}/interaction/**`);
	await signInWindow.getByLabel('Account').fill(account);
	const closed = signInWindow.waitForEvent('close');
	await signInWindow.getByRole('button', { name: 'Continue' }).click();
	await closed;
}

/** Records, in the frame, the address of every window it opens (the attempt nonce is in it). */
async function recordOpenedWindows(page: Page): Promise<void> {
	await page.context().addInitScript(() => {
		const record = window as unknown as { openedWindows: string[] };
		record.openedWindows = [];
		const open = window.open.bind(window);
		window.open = (url, ...rest) => {
			record.openedWindows.push(String(url));
			return open(url, ...rest);
		};
	});
}

/** The nonce of the last sign-in window the framed app opened. */
async function lastNonce(page: Page): Promise<string> {
	const frame = page.frames().find((candidate) => candidate.url().startsWith(FRAMED_APP_URL));
	const opened = await frame?.evaluate(
		() => (window as unknown as { openedWindows: string[] }).openedWindows
	);
	const url = new URL(opened?.at(-1) ?? '', FRAMED_APP_URL);
	expect(url.pathname).toBe(`${new URL(FRAMED_APP_URL).pathname}/auth/popup`);
	return url.hash.slice(1);
}

/** Uncaught errors in the page or its frame: the app breaking, not a refused request. */
function watchUncaughtErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	return errors;
}

test.describe('third-party storage allowed', () => {
	test.use({ thirdPartyStorage: 'allowed' });

	test('embedded by an allowed origin: the chat works and keeps its history in the frame', async ({
		page
	}) => {
		const errors = watchUncaughtErrors(page);
		const app = await openEmbedded(page);
		await send(app, 'hello from the portal');
		await expect(lastAnswer(app)).toHaveAttribute('data-turn-status', 'completed');
		await expect(lastAnswer(app)).toContainText('You said “hello from the portal”');
		await expect(app.locator('[data-storage-problem]')).toHaveCount(0);

		await page.reload();
		await expect(
			conversationList(app).getByRole('button', { name: 'hello from the portal', exact: true })
		).toBeVisible();
		await expect(lastAnswer(app)).toContainText('You said “hello from the portal”');
		await expect(app.getByRole('alert')).toHaveCount(0);
		expect(errors).toEqual([]);
	});
});

test.describe('third-party storage blocked', () => {
	test.use({ thirdPartyStorage: 'blocked' });

	test('embedded by an allowed origin: the chat works, and says history is not being saved', async ({
		page
	}) => {
		const errors = watchUncaughtErrors(page);
		const app = await openEmbedded(page);
		// Storage, Web Locks and sessionStorage all refuse here; none of it stops the chat.
		await expect(app.locator('[data-storage-problem]')).toHaveAttribute(
			'data-storage-problem',
			'unavailable'
		);
		await send(app, 'hello from the portal');
		await expect(lastAnswer(app)).toHaveAttribute('data-turn-status', 'completed');
		await expect(lastAnswer(app)).toContainText('You said “hello from the portal”');
		await expect(app.getByRole('alert')).toHaveCount(0);
		expect(errors).toEqual([]);
	});
});

test('embedded by an origin FRAME_ANCESTORS does not list: the browser refuses the frame', async ({
	page
}) => {
	const refusals: string[] = [];
	page.on('console', (message) => {
		if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
	});
	const answered = page.waitForResponse((response) => response.url().startsWith(FRAMED_APP_URL));
	await page.goto(embedded(FOREIGN_EMBEDDING_HOST_URL));

	// The app did answer — with a policy that names who may frame it, and not this page.
	const policy = (await answered).headers()['content-security-policy'] ?? '';
	expect(policy).toMatch(/frame-ancestors 'self' http:\/\/localhost:4187(;|$)/);
	await expect.poll(() => refusals.length).toBeGreaterThan(0);
	expect(refusals[0]).toContain(`Framing '${APP_ORIGIN}/' violates`);
	// And the browser showed none of it.
	const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
	expect(frame?.url()).not.toContain(APP_ORIGIN);
	await expect(
		page.frameLocator('iframe[title="Switchboard"]').getByRole('heading', { name: 'Switchboard' })
	).toHaveCount(0);
});

for (const thirdPartyStorage of ['blocked', 'allowed'] as const) {
	test.describe(`sign-in, third-party storage ${thirdPartyStorage}`, () => {
		test.use({ thirdPartyStorage });

		test('signs in from inside the frame through a window of its own, and chats signed in', async ({
			page,
			context
		}) => {
			const app = await openEmbedded(page);
			const signInWindow = await openSignInWindow(
				page,
				app.getByRole('button', { name: 'Sign in', exact: true })
			);
			await expect(
				app.getByText('Finish signing in in the window that opened, or close it to cancel.')
			).toBeVisible();
			await logIn(signInWindow, 'ada');

			const account = app.locator('[data-account-menu]');
			await account.locator('summary').click();
			await expect(account).toContainText('ada@example.test');
			await expect(account.locator('[data-account-id]')).toHaveText('acct_ada');
			await account.locator('summary').click();
			// The portal page never left; the session cookie was set first-party, by the window.
			expect(page.url()).toBe(embedded(EMBEDDING_HOST_URL));
			const cookie = (await context.cookies(`${FRAMED_APP_URL}/api/oauth/token`)).find(
				(candidate) => candidate.name === 'switchboard-session'
			);
			expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

			// Requests from the frame carry the access token the window handed over.
			const gatewayRequest = page.waitForRequest((request) => request.url().includes('/demo/v1/'));
			await send(app, 'signed in, inside the portal');
			expect((await gatewayRequest).headers()['authorization']).toMatch(/^Bearer \S+/);
			await expect(lastAnswer(app)).toHaveAttribute('data-turn-status', 'completed');
		});
	});
}

test('a refused token inside the frame: "Sign in again" renews through the window, without a form', async ({
	page
}) => {
	const app = await openEmbedded(page);
	const first = await openSignInWindow(
		page,
		app.getByRole('button', { name: 'Sign in', exact: true })
	);
	await logIn(first, 'grace');
	await expect(app.locator('[data-account-menu]')).toBeVisible();

	// The gateway refuses the token; the frame cannot refresh (its requests carry no cookie).
	await send(app, `first ${Date.now()} #scenario:auth-expired:once`);
	const card = lastAnswer(app).getByRole('alert');
	await expect(card).toHaveAttribute('data-failure-kind', 'auth_expired');
	await app.getByRole('textbox', { name: 'Message' }).fill('a draft to keep');

	const toAuthorizationServer: string[] = [];
	page.context().on('request', (request) => {
		if (request.url().startsWith(AUTH_SERVER_URL)) toAuthorizationServer.push(request.url());
	});
	const renewal = await openSignInWindow(page, card.getByRole('button', { name: 'Sign in again' }));
	if (!renewal.isClosed()) await renewal.waitForEvent('close');
	expect(toAuthorizationServer, 'no login form: the window renewed with its cookie').toEqual([]);
	await expect(app.locator('[data-account-menu]')).toBeVisible();
	await expect(app.getByRole('textbox', { name: 'Message' })).toHaveValue('a draft to keep');
	await expect(app.locator('[data-role="user"]').first()).toContainText('first');
	// Signed in again: the failed turn went out again by itself, and completed.
	await expect(lastAnswer(app)).toHaveAttribute('data-turn-status', 'completed');
	await expect(app.locator('[data-role="assistant"]')).toHaveCount(1);
});

test('signing out inside the frame ends the session for the app too: the next sign-in asks again', async ({
	page,
	context
}) => {
	const app = await openEmbedded(page);
	const signInButton = app.getByRole('button', { name: 'Sign in', exact: true });
	await logIn(await openSignInWindow(page, signInButton), 'ada');
	const account = app.locator('[data-account-menu]');
	await account.locator('summary').click();

	// The frame cannot reach the first-party cookie: a window of the app's own clears it.
	const signOutWindow = await openSignInWindow(page, app.getByRole('button', { name: 'Sign out' }));
	if (!signOutWindow.isClosed()) await signOutWindow.waitForEvent('close');
	await expect(signInButton).toBeVisible();
	const cookies = await context.cookies(`${FRAMED_APP_URL}/api/oauth/token`);
	expect(cookies.map((cookie) => cookie.name)).not.toContain('switchboard-session');

	const again = await openSignInWindow(page, signInButton);
	await again.waitForURL(`${AUTH_SERVER_URL}/interaction/**`);
	await expect(again.getByLabel('Account')).toBeVisible();
});

test('closing the sign-in window before finishing: back to signed out, no error', async ({
	page
}) => {
	const app = await openEmbedded(page);
	const signInWindow = await openSignInWindow(
		page,
		app.getByRole('button', { name: 'Sign in', exact: true })
	);
	await signInWindow.waitForURL(`${AUTH_SERVER_URL}/interaction/**`);
	await signInWindow.close();
	await expect(app.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
	await expect(app.getByRole('alert')).toHaveCount(0);
});

test('a sign-in result posted by the embedding page is ignored, even with the real nonce', async ({
	page
}) => {
	await recordOpenedWindows(page);
	const app = await openEmbedded(page);
	const signInWindow = await openSignInWindow(
		page,
		app.getByRole('button', { name: 'Sign in', exact: true })
	);
	const nonce = await lastNonce(page);

	// The portal page (another origin) forges the window's answer with the attempt's own nonce.
	await page.evaluate((attemptNonce) => {
		document.querySelector('iframe')?.contentWindow?.postMessage(
			{
				type: 'switchboard:sign-in-result',
				nonce: attemptNonce,
				result: {
					ok: true,
					tokens: {
						accessToken: 'forged-token',
						expiresIn: 3600,
						claims: { sub: 'mallory', email: 'mallory@evil.test', name: 'Mallory' }
					}
				}
			},
			'*'
		);
	}, nonce);
	await expect(app.locator('[data-auth-status]')).toHaveAttribute('data-auth-status', 'in_popup');

	// The genuine answer still counts: had the forgery been taken, the frame would have closed
	// its gate and shown Mallory.
	await logIn(signInWindow, 'lin');
	const account = app.locator('[data-account-menu]');
	await account.locator('summary').click();
	await expect(account).toContainText('lin@example.test');
	await expect(app.getByText('Mallory')).toHaveCount(0);
});
