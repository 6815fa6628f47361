/**
 * One build, served under BASE_PATH=/tools/chat at run time (the same `build/` the other projects
 * serve at `/`): every request the page makes stays under the prefix, the chat works, reloads and
 * downloads work, and sign-in's redirect URI carries the prefix.
 */
import { expect, test, type Page } from '@playwright/test';
import { lastAnswer, send } from './chat-helpers.ts';
import {
	AUTH_SERVER_URL,
	DEPLOY_PORTS,
	FRAMED_APP_URL,
	SUB_PATH,
	SUB_PATH_APP_URL
} from './servers.ts';

const ORIGIN = `http://127.0.0.1:${DEPLOY_PORTS.subPathApp}`;

/** Every URL the page requests, from now on. */
function recordRequests(page: Page): string[] {
	const urls: string[] = [];
	page.on('request', (request) => urls.push(request.url()));
	return urls;
}

async function openUnderSubPath(page: Page, url = `${SUB_PATH_APP_URL}/`): Promise<void> {
	await page.goto(url);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
}

test('the chat works under the sub-path, and every request stays under it', async ({ page }) => {
	const urls = recordRequests(page);
	await openUnderSubPath(page);
	await send(page, 'hello from a sub-path');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await expect(lastAnswer(page)).toContainText(/\w+/);

	const ours = urls.filter((url) => url.startsWith(ORIGIN));
	expect(ours.length).toBeGreaterThan(3);
	const outside = ours.filter((url) => !new URL(url).pathname.startsWith(`${SUB_PATH}/`));
	expect(outside).toEqual([]);
	// Scripts and the gateway call went through the prefix; the configuration came inlined in the
	// page (src/lib/config/inline-config.ts), with the prefix in it, and was not asked for again.
	expect(ours.some((url) => url.includes(`${SUB_PATH}/_app/immutable/`))).toBe(true);
	expect(ours).not.toContain(`${SUB_PATH_APP_URL}/api/config`);
	const inlined = JSON.parse(
		(await page.locator('#switchboard-config').textContent()) ?? 'null'
	) as { basePath: string; gateway: { url: string } };
	expect(inlined.basePath).toBe(SUB_PATH);
	expect(inlined.gateway.url).toBe(`${SUB_PATH}/demo`);
	expect(ours.some((url) => url.startsWith(`${SUB_PATH_APP_URL}/demo/v1/responses`))).toBe(true);
});

test('a reload under the sub-path keeps the conversation', async ({ page }) => {
	await openUnderSubPath(page);
	await send(page, 'remember me under the prefix');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await page.reload();
	await expect(
		page.locator('[data-role="user"]', { hasText: 'remember me under the prefix' })
	).toBeVisible();
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
});

test('downloads work under the sub-path', async ({ page }) => {
	await openUnderSubPath(page);
	await send(page, 'something to export');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	const downloading = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Export as Markdown' }).click();
	const download = await downloading;
	expect(download.suggestedFilename()).toMatch(/\.md$/);
});

test('the prefix without its slash redirects to it; paths outside it are not the app', async ({
	request
}) => {
	const bare = await request.get(`${ORIGIN}${SUB_PATH}`, { maxRedirects: 0 });
	expect(bare.status()).toBe(308);
	expect(bare.headers()['location']).toBe(`${SUB_PATH}/`);

	const root = await request.get(`${ORIGIN}/`);
	expect(root.status()).toBe(404);
	expect(await root.text()).toContain(`served under ${SUB_PATH}/`);
	expect((await request.get(`${ORIGIN}/api/config`)).status()).toBe(404);
	expect((await request.get(`${ORIGIN}${SUB_PATH}x/`)).status()).toBe(404);

	// SvelteKit's own redirects (a trailing slash) come back with the prefix.
	const slash = await request.get(`${SUB_PATH_APP_URL}/auth/callback/`, { maxRedirects: 0 });
	expect(slash.status()).toBe(308);
	expect(slash.headers()['location']).toBe(`${SUB_PATH}/auth/callback`);

	const config = (await (await request.get(`${SUB_PATH_APP_URL}/api/config`)).json()) as {
		basePath: string;
		gateway: { url: string };
	};
	expect(config.basePath).toBe(SUB_PATH);
	expect(config.gateway.url).toBe(`${SUB_PATH}/demo`);
});

test('sign-in under the sub-path sends and returns to the prefixed callback', async ({ page }) => {
	await page.goto(`${FRAMED_APP_URL}/`);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	const authorizing = page.waitForRequest((request) =>
		request.url().startsWith(`${AUTH_SERVER_URL}/oauth/authorize`)
	);
	await page.getByRole('button', { name: 'Sign in', exact: true }).click();
	const redirectUri = new URL((await authorizing).url()).searchParams.get('redirect_uri');
	expect(redirectUri).toBe(`${FRAMED_APP_URL}/auth/callback`);
	await page.waitForURL(`${AUTH_SERVER_URL}/interaction/**`);
	await page.getByLabel('Account').fill('ada');
	await page.getByRole('button', { name: 'Continue' }).click();
	await expect(page.locator('[data-account-menu]')).toBeVisible();
	expect(page.url()).toBe(`${FRAMED_APP_URL}/`);
	// The session survives a reload: the cookie's path and the token route are under the prefix.
	await page.reload();
	await expect(page.locator('[data-account-menu]')).toBeVisible();
});

test('a long conversation is not refused by the server’s body limit', async ({ request }) => {
	// adapter-node's own default (512 KB) would answer 413 before the route; ours is 32 MB.
	const input = [{ role: 'user', content: 'x'.repeat(2 * 1024 * 1024) }];
	const response = await request.post(`${SUB_PATH_APP_URL}/demo/v1/responses`, {
		data: { model: 'demo', input, stream: false }
	});
	expect(response.status()).toBe(200);
});
