/**
 * Installable, and open offline (src/service-worker/, static/manifest.webmanifest): the manifest
 * is served and valid at the root and under BASE_PATH; once the worker is installed, a reload with
 * no network shows the app and its conversations from the cache, while no API answer — the
 * configuration, the gateway, the demo gateway — is ever answered by the worker or stored; a new
 * version is offered and loads only when the person clicks Reload, keeping the draft.
 */
import {
	expect,
	test,
	type APIRequestContext,
	type BrowserContext,
	type Page
} from '@playwright/test';
import { lastAnswer, send } from './chat-helpers.ts';
import { SUB_PATH_APP_URL } from './servers.ts';

/** The sub-path app is one server whichever gateway the project uses: check it once. */
const SUB_PATH_PROJECT = 'built-in demo gateway';

interface ManifestIcon {
	src: string;
	sizes: string;
	type: string;
	purpose?: string;
}
interface Manifest {
	name: string;
	short_name: string;
	start_url: string;
	scope: string;
	display: string;
	theme_color: string;
	background_color: string;
	icons: ManifestIcon[];
}

/** Width and height of a PNG, from its IHDR chunk (@see PNG spec §11.2.2). */
function pngSize(bytes: Buffer): string {
	expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
	return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function openApp(page: Page, appUrl: string): Promise<void> {
	await page.goto(`${appUrl}/`);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
}

async function checkManifest(page: Page, request: APIRequestContext, appUrl: string) {
	await openApp(page, appUrl);
	const manifestUrl = await page
		.locator('link[rel="manifest"]')
		.evaluate((link: HTMLLinkElement) => link.href);
	expect(manifestUrl).toBe(`${appUrl}/manifest.webmanifest`);

	const answer = await request.get(manifestUrl);
	expect(answer.status()).toBe(200);
	expect(answer.headers()['content-type']).toContain('application/manifest+json');
	const manifest = (await answer.json()) as Manifest;
	expect(manifest).toMatchObject({
		name: 'Switchboard',
		short_name: 'Switchboard',
		display: 'standalone'
	});
	expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
	expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

	// Relative to the manifest's own address, so they land on the app wherever it is served.
	const startUrl = new URL(manifest.start_url, manifestUrl).href;
	expect(startUrl).toBe(`${appUrl}/`);
	expect(new URL(manifest.scope, manifestUrl).href).toBe(`${appUrl}/`);
	const start = await request.get(startUrl);
	expect(start.status()).toBe(200);
	expect(start.headers()['content-type']).toContain('text/html');

	// Every icon is there, of the type and size the manifest says.
	const found: string[] = [];
	for (const icon of manifest.icons) {
		const iconUrl = new URL(icon.src, manifestUrl).href;
		expect(iconUrl.startsWith(`${appUrl}/`), iconUrl).toBe(true);
		const image = await request.get(iconUrl);
		expect(image.status(), iconUrl).toBe(200);
		expect(image.headers()['content-type'], iconUrl).toContain(icon.type);
		if (icon.type === 'image/png') expect(pngSize(await image.body()), iconUrl).toBe(icon.sizes);
		found.push(`${icon.type} ${icon.sizes} ${icon.purpose ?? 'any'}`);
	}
	expect(found).toEqual(
		expect.arrayContaining([
			'image/png 192x192 any',
			'image/png 512x512 any',
			'image/png 512x512 maskable',
			'image/svg+xml any any'
		])
	);

	// The page names the manifest's colours for both schemes and an icon for iOS.
	const themes = await page
		.locator('meta[name="theme-color"]')
		.evaluateAll((metas: HTMLMetaElement[]) => metas.map((meta) => meta.media));
	expect(themes.sort()).toEqual(['(prefers-color-scheme: dark)', '(prefers-color-scheme: light)']);
	const touchIcon = await page
		.locator('link[rel="apple-touch-icon"]')
		.evaluate((link: HTMLLinkElement) => link.href);
	const touch = await request.get(touchIcon);
	expect(touch.status()).toBe(200);
	expect(pngSize(await touch.body())).toBe('180x180');

	// Chromium reads the same manifest without an error.
	const cdp = await page.context().newCDPSession(page);
	const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
	expect(read.url).toBe(manifestUrl);
	expect(read.errors).toEqual([]);
	await cdp.detach();
}

test('the manifest is served and valid, its icons and start page load', async ({
	page,
	request,
	baseURL
}) => {
	await checkManifest(page, request, baseURL ?? '');
});

test('the manifest under BASE_PATH starts and scopes the app under the prefix', async ({
	page,
	request
}, testInfo) => {
	test.skip(testInfo.project.name !== SUB_PATH_PROJECT, 'one sub-path server');
	await checkManifest(page, request, SUB_PATH_APP_URL);
});

/**
 * Waits until this page's service worker is active and, after a reload, controls the page (a
 * first visit is not controlled: the worker takes over from the next load on).
 */
async function installWorker(page: Page, appUrl: string): Promise<void> {
	const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
	expect(scope).toBe(`${appUrl}/`);
	await page.reload();
	await expect
		.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null))
		.toBe('activated');
}

/** Every URL in this origin's caches. */
function cachedUrls(page: Page): Promise<string[]> {
	return page.evaluate(async () => {
		const urls: string[] = [];
		for (const name of await caches.keys()) {
			for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
		}
		return urls;
	});
}

/** Is `url` an answer of an API, the relay, the demo gateway or another origin (the gateway)? */
function isApiAnswer(url: string, appUrl: string): boolean {
	if (!url.startsWith(`${appUrl}/`)) return !url.startsWith('data:') && !url.startsWith('blob:');
	return /^\/(api|demo|auth)(\/|$)/.test(url.slice(appUrl.length));
}

/** The API answers the worker answered, from now on (it should answer none). */
function recordApiAnswersFromWorker(context: BrowserContext, appUrl: string): string[] {
	const fromWorker: string[] = [];
	context.on('response', (response) => {
		if (isApiAnswer(response.url(), appUrl) && response.fromServiceWorker()) {
			fromWorker.push(response.url());
		}
	});
	return fromWorker;
}

async function offlineJourney(page: Page, context: BrowserContext, appUrl: string): Promise<void> {
	const fromWorker = recordApiAnswersFromWorker(context, appUrl);
	await openApp(page, appUrl);
	await send(page, 'remember me offline');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await installWorker(page, appUrl);
	// The reload reopened the conversation: its prompt is back before the next one is sent (the
	// send helper counts the prompts shown; counted before the reopen, it would count one short).
	await expect(page.locator('[data-role="user"]')).toHaveText(['remember me offline']);

	// With the worker in control, the configuration, the model list and a streamed answer still
	// come from the server and the gateway, past the worker.
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	await send(page, 'and this one too');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');

	// The cache holds the shell under the app's own prefix, and no API answer of any kind.
	const cached = await cachedUrls(page);
	expect(cached).toContain(`${appUrl}/`);
	expect(cached).toContain(`${appUrl}/manifest.webmanifest`);
	expect(cached.some((url) => url.startsWith(`${appUrl}/_app/immutable/`))).toBe(true);
	expect(cached.filter((url) => !url.startsWith(`${appUrl}/`))).toEqual([]);
	expect(cached.filter((url) => isApiAnswer(url, appUrl))).toEqual([]);
	expect(cached).not.toContain(`${appUrl}/api/config`);

	// No network: the page and its scripts come from the worker, the configuration from nowhere.
	await context.setOffline(true);
	const configFailed = page.waitForEvent(
		'requestfailed',
		(request) => request.url() === `${appUrl}/api/config`
	);
	const reloaded = await page.reload();
	expect(reloaded?.fromServiceWorker()).toBe(true);
	await configFailed;
	await expect(page.getByRole('heading', { name: 'Switchboard', level: 1 })).toBeVisible();
	// The page says it is offline, where it is seen (not above the conversation, which opens at
	// its end), and shows what is in this browser.
	const offline = page.getByRole('alert').filter({ hasText: 'You are offline' });
	await expect(offline).toBeInViewport();
	const list = page.getByRole('navigation', { name: 'Conversations' });
	await expect(
		list.getByRole('button', { name: 'remember me offline', exact: true })
	).toBeVisible();
	await expect(page.locator('[data-role="user"]')).toHaveText([
		'remember me offline',
		'and this one too'
	]);

	expect(fromWorker).toEqual([]);
	expect((await cachedUrls(page)).filter((url) => isApiAnswer(url, appUrl))).toEqual([]);

	// Back online: the page connects by itself, and the next prompt is answered.
	await context.setOffline(false);
	await expect(offline).toHaveCount(0);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	await send(page, 'back online');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
}

test('installed, the app opens offline with its conversations; no API answer is cached', async ({
	page,
	context,
	baseURL
}) => {
	await offlineJourney(page, context, baseURL ?? '');
});

test('under BASE_PATH, the app opens offline too, from caches under the prefix', async ({
	page,
	context
}, testInfo) => {
	test.skip(testInfo.project.name !== SUB_PATH_PROJECT, 'one sub-path server');
	await offlineJourney(page, context, SUB_PATH_APP_URL);
});

test('a new version is offered, and loads only when the person clicks Reload; the draft stays', async ({
	page,
	baseURL
}) => {
	// Two worker installs and a reload: more than the default budget on a busy machine.
	test.setTimeout(60_000);
	const appUrl = baseURL ?? '';
	await openApp(page, appUrl);
	await send(page, 'before the update');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await installWorker(page, appUrl);
	await page.getByRole('textbox', { name: 'Message' }).fill('a draft across the update');
	await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));

	// A new version of the worker script: the same file at another address is, to the browser,
	// a new worker for the same registration. It installs and waits.
	await page.evaluate(
		async ({ script, scope }) => {
			await navigator.serviceWorker.register(script, { scope });
		},
		{ script: `${appUrl}/service-worker.js?next`, scope: `${appUrl}/` }
	);
	const notice = page.locator('[data-app-update]');
	await expect(notice).toHaveAttribute('data-app-update', 'ready');
	await expect(notice).toContainText('A new version of Switchboard is ready');

	// Nothing reloaded on its own: the page is the same one, the draft still in its composer.
	expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true);

	// Reload: the new version takes over, then the page reloads, under its control.
	const reloaded = page.waitForEvent('load');
	await notice.getByRole('button', { name: 'Reload' }).click();
	await reloaded;
	expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
	await expect
		.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
		.toBe(`${appUrl}/service-worker.js?next`);
	await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
		'a draft across the update'
	);
});
