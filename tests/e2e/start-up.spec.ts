/**
 * Start-up (docs/start-up.md): the page carries the configuration `/api/config` would answer and
 * starts with it, asking the server for nothing more; a page without it (static hosting, the
 * shell the service worker stored) asks `/api/config` as before. A returning visit starts with the
 * model list the gateway answered last time, and takes the fresh one when it comes.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { lastAnswer, send } from './chat-helpers.ts';
import { gate } from './support/gate.ts';
import { fetchRouted } from './support/fetch-routed.ts';

const INLINED = /<script type="application\/json" id="switchboard-config">[^<]*<\/script>/;

/** Every URL the page requests, from now on. */
function recordRequests(page: Page): string[] {
	const urls: string[] = [];
	page.on('request', (request) => urls.push(request.url()));
	return urls;
}

async function composerUsable(page: Page): Promise<void> {
	await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
	await expect(page.getByRole('combobox', { name: 'Model', exact: true })).toHaveValue('demo');
}

test('the page carries the configuration /api/config answers, and makes no /api/config request', async ({
	page,
	request,
	baseURL
}) => {
	const urls = recordRequests(page);
	await page.goto('/');
	await composerUsable(page);
	const inlined = JSON.parse(
		(await page.locator('#switchboard-config').textContent()) ?? 'null'
	) as unknown;
	const answered = (await (await request.get('/api/config')).json()) as unknown;
	expect(inlined).toEqual(answered);
	await send(page, 'hello from an inlined configuration');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	expect(urls).not.toContain(`${baseURL}/api/config`);
	expect(urls.some((url) => url.endsWith('/v1/models'))).toBe(true);
});

test('a page without the inlined configuration asks /api/config and works as before', async ({
	page,
	baseURL
}) => {
	// What static hosting serves: the page as built, no configuration in it. The element is taken
	// out as the parser adds it, before any script of the page runs. (Not by answering the page
	// from the test: Chromium then gives the page no address space, and refuses it the
	// cross-origin gateway on localhost.)
	await page.addInitScript(() => {
		new MutationObserver((records, observer) => {
			for (const record of records)
				for (const node of record.addedNodes)
					if (node instanceof Element && node.id === 'switchboard-config') {
						node.remove();
						(window as unknown as { __inlineRemoved: boolean }).__inlineRemoved = true;
						observer.disconnect();
					}
		}).observe(document, { childList: true, subtree: true });
	});
	const urls = recordRequests(page);
	await page.goto('/');
	await composerUsable(page);
	await expect(page.locator('#switchboard-config')).toHaveCount(0);
	expect(
		await page.evaluate(() => (window as unknown as { __inlineRemoved?: boolean }).__inlineRemoved)
	).toBe(true);
	expect(urls).toContain(`${baseURL}/api/config`);
	await send(page, 'hello from a fetched configuration');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
});

test('the shell the service worker stores carries no configuration', async ({ request }) => {
	const page = await (await request.get('/')).text();
	const stored = await (
		await request.get('/', { headers: { 'x-switchboard-stored-shell': '1' } })
	).text();
	expect(page).toMatch(INLINED);
	expect(stored).not.toMatch(INLINED);
	expect(stored).not.toContain('switchboard-config"');
});

test('a returning visit starts with the model list from last time and takes the fresh one when it comes', async ({
	page
}) => {
	await page.goto('/');
	await composerUsable(page);
	await send(page, 'remember my models');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');

	// The gateway's next list is held back (and shorter): the page must not wait for it.
	const models = gate();
	await page.route(
		(url) => url.pathname.endsWith('/v1/models'),
		async (route) => {
			await models.opened;
			const fetched = await fetchRouted(route);
			if (fetched === null) return;
			await route.fulfill({
				response: fetched.response,
				body: JSON.stringify({ object: 'list', data: [{ id: 'demo', object: 'model' }] })
			});
		}
	);
	const asked = page.waitForRequest((request) => request.url().endsWith('/v1/models'));
	await page.reload();
	await asked;
	await composerUsable(page);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	const picker = page.getByRole('combobox', { name: 'Model', exact: true });
	await picker.click();
	const dialog = page.getByRole('dialog', { name: 'Choose a model' });
	await expect(dialog.locator('[data-model-option="demo-adaptive"]')).toBeVisible();
	await page.keyboard.press('Escape');
	await expect(dialog).toBeHidden();

	const fresh = page.waitForResponse((response) => response.url().endsWith('/v1/models'));
	models.open();
	await fresh;
	await picker.click();
	await expect(dialog.locator('[data-model-option="demo"]')).toBeVisible();
	await expect(dialog.locator('[data-model-option="demo-adaptive"]')).toHaveCount(0);
	await expect(picker).toHaveValue('demo');
});

test('a prompt typed on a fresh page leaves without waiting for code: sending loads while the person types', async ({
	page
}) => {
	const waitedFor = await scriptsFetchedBySend(page, (composer) =>
		composer.pressSequentially('no waiting for code')
	);
	expect(waitedFor, 'scripts fetched between the click on Send and the request').toEqual([]);
});

test('a prompt that comes without a key (dictation, a drop, autofill) loads what a send needs as well', async ({
	page
}) => {
	// Text put in whole: an input event, and no key or pointer before the click on Send.
	const waitedFor = await scriptsFetchedBySend(page, (composer) =>
		composer.fill('no key before it')
	);
	expect(waitedFor, 'scripts fetched between the click on Send and the request').toEqual([]);
});

test('a first visit loads the conversation list’s rows while the first prompt is typed, not with the page', async ({
	page
}) => {
	const rowsCode: string[] = [];
	page.on('response', async (response) => {
		if (!/\/_app\/immutable\/.+\.js$/.test(response.url())) return;
		// The rows' chunk (ConversationRows.svelte): `data-snippet` is in no other.
		if ((await response.text()).includes('data-snippet')) rowsCode.push(response.url());
	});
	await page.goto('/');
	await composerUsable(page);
	await page.waitForLoadState('networkidle');
	const sidebar = page.locator('#sidebar');
	await expect(sidebar.getByText('No saved conversations yet.')).toBeVisible();
	expect(rowsCode, 'the rows’ code, loaded before any interaction').toEqual([]);

	await page.getByRole('textbox', { name: 'Message' }).fill('the first one');
	await expect.poll(() => rowsCode).toHaveLength(1);
	// From here, whether the list ever waits for its code (a busy area where the row will be).
	await page.evaluate(() => {
		const list = document.getElementById('sidebar');
		const seen = { busy: false };
		(window as unknown as { __listWaited: typeof seen }).__listWaited = seen;
		new MutationObserver(() => {
			if (list?.querySelector('[aria-busy="true"]')) seen.busy = true;
		}).observe(list ?? document, { subtree: true, childList: true, attributes: true });
	});
	await page.getByRole('button', { name: 'Send' }).click();
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await expect(sidebar.locator('li[data-conversation]')).toHaveCount(1);
	await expect(sidebar.getByRole('button', { name: 'the first one', exact: true })).toHaveAttribute(
		'aria-current',
		'true'
	);
	const waited = await page.evaluate(
		() => (window as unknown as { __listWaited: { busy: boolean } }).__listWaited.busy
	);
	expect(waited, 'the new conversation’s row waited for its code').toBe(false);
	expect(rowsCode).toHaveLength(1);
});

/**
 * On a fresh page, puts a prompt in with `enter`, lets the page settle, clicks Send and waits for
 * the answer: every script fetched from the click until the turn's request left.
 */
async function scriptsFetchedBySend(
	page: Page,
	enter: (composer: Locator) => Promise<void>
): Promise<string[]> {
	await page.goto('/');
	await composerUsable(page);
	const inFlight = new Set<Request>();
	page.on('request', (request) => inFlight.add(request));
	page.on('requestfinished', (request) => inFlight.delete(request));
	page.on('requestfailed', (request) => inFlight.delete(request));
	await enter(page.getByRole('textbox', { name: 'Message' }));
	// The first interaction asks for what a send needs when the page is next idle
	// (first-interaction.ts); an idle callback asked for after it runs after that one, and the
	// modules it asked for are then on their way. The click comes once they are in.
	await page.evaluate(
		() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 }))
	);
	await expect.poll(() => inFlight.size).toBe(0);
	const clickedAt = await page.evaluate(() => performance.now());
	await page.getByRole('button', { name: 'Send' }).click();
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	return page.evaluate((clicked) => {
		const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
		const turn = entries.find(
			(entry) => entry.startTime >= clicked && /\/v1\/(?:responses|messages)$/.test(entry.name)
		);
		if (turn === undefined) return ['(no turn request)'];
		return entries
			.filter(
				(entry) =>
					entry.startTime >= clicked &&
					entry.startTime <= turn.startTime &&
					new URL(entry.name).pathname.endsWith('.js')
			)
			.map((entry) => new URL(entry.name).pathname);
	}, clickedAt);
}

test('the JavaScript a fresh page loads before the first interaction stays within 80 KB gzip', async ({
	page
}) => {
	// Issue 18's first-load budget, kept by every change (`npm run bench:size` reports what it is
	// made of). Every script the page and its frames fetch until the network is quiet, measured as
	// bench:size measures it: gzip -9 of the file as served, decoded.
	const scripts = new Map<string, Promise<Buffer>>();
	page.on('response', (response) => {
		if (new URL(response.url()).pathname.endsWith('.js'))
			scripts.set(response.url(), response.body());
	});
	await page.goto('/');
	await composerUsable(page);
	await page.waitForLoadState('networkidle');
	const sizes = await Promise.all(
		[...scripts.values()].map(async (body) => {
			const code = (await body).toString('utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '');
			return gzipSync(code, { level: 9 }).length;
		})
	);
	expect(sizes.length).toBeGreaterThan(0);
	expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(80 * 1024);
});
