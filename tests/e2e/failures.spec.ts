import { expect, test, type Page } from '@playwright/test';
import { chooseModel, forbidDialogs, lastAnswer, openChat, send } from './chat-helpers.ts';
import { failChunksContaining } from './support/unreachable-code.ts';
import { watchFailureCards } from './support/cards-seen.ts';
import { watchTurnRequests, type TurnRequests } from './support/turn-requests.ts';

/**
 * Every row of the seed table (docs/reference/failures.md) end to end: the demo gateway produces
 * it, the browser shows a failure card of the right kind. Through the cross-origin gateway, pages
 * that come from a proxy carry no CORS headers, so the browser can only see a network failure:
 * that is what production looks like, and the app must still say something useful.
 */
interface Row {
	scenario: string;
	model?: string;
	kind: string;
	/** The kind when the gateway is on another origin, if it differs. */
	crossOriginKind?: string;
}

const SEED_ROWS: Row[] = [
	{ scenario: 'encrypted-content-unsupported', kind: 'encrypted_content_unsupported' },
	{ scenario: 'context-too-large', kind: 'context_too_large' },
	{ scenario: 'thinking-block-invalid', kind: 'thinking_block_invalid' },
	{ scenario: 'thinking-mode-unsupported', kind: 'thinking_mode_unsupported' },
	{ scenario: 'model-retired', kind: 'model_retired' },
	{ scenario: 'long-context-required', kind: 'long_context_required' },
	{ scenario: 'insufficient-balance', kind: 'insufficient_balance' },
	{ scenario: 'region-unsupported', kind: 'region_unsupported' },
	{ scenario: 'asset-timeout', kind: 'asset_timeout', crossOriginKind: 'network' },
	{
		scenario: 'classifier-unavailable',
		model: 'codex-auto-review',
		kind: 'classifier_unavailable'
	},
	{ scenario: 'upstream-failed', kind: 'upstream_failed' },
	{ scenario: 'failed-mid-stream', kind: 'upstream_failed' },
	{ scenario: 'bad-gateway', kind: 'bad_gateway', crossOriginKind: 'network' },
	{ scenario: 'model-unavailable', kind: 'model_unavailable' },
	{ scenario: 'origin-timeout', kind: 'origin_timeout', crossOriginKind: 'network' },
	{ scenario: 'token-exchange-failed', kind: 'token_exchange_failed' },
	{ scenario: 'payment-authorization-failed', kind: 'payment_authorization_failed' }
];

for (const row of SEED_ROWS) {
	const kinds =
		row.crossOriginKind === undefined
			? row.kind
			: `${row.kind}, ${row.crossOriginKind} cross-origin`;
	test(`#scenario:${row.scenario} shows its failure card (${kinds})`, async ({ page }, info) => {
		forbidDialogs(page);
		const crossOrigin = info.project.name === 'cross-origin gateway';
		const kind = crossOrigin ? (row.crossOriginKind ?? row.kind) : row.kind;
		await openChat(page);
		if (row.model !== undefined) await chooseModel(page, row.model);
		await send(page, `hello #scenario:${row.scenario}`);

		const card = lastAnswer(page).getByRole('alert');
		await expect(card).toHaveAttribute('data-failure-kind', kind);
		await expect(card.locator('[data-failure-title]')).not.toBeEmpty();
		await expect(card.locator('[data-failure-detail]')).not.toBeEmpty();
		// Nothing from a body becomes markup: no headings, scripts or links from an error page.
		await expect(card.locator('h1, title, script, center, [href*="cloudflare"]')).toHaveCount(0);
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', /^(failed|interrupted)$/);
	});
}

/**
 * Moves the page's clock past the connect timeout and stops it there: the network card's
 * automatic retry is due within a second, which a loaded machine can spend before a check of the
 * card begins. Held, the card stays until the test moves or resumes the clock.
 */
async function pastConnectTimeoutAndHold(page: Page): Promise<void> {
	await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 31_000);
}

test('a connect timeout (net::ERR_CONNECTION_TIMED_OUT) shows a network card that says so', async ({
	page
}) => {
	await page.clock.install();
	await openChat(page);
	// The connect timer is armed just before the request leaves: wait for the request, then move
	// the page's clock past the timeout.
	const requested = page.waitForRequest(
		(request) => request.method() === 'POST' && request.url().endsWith('/v1/responses')
	);
	await send(page, 'hello #scenario:connection-timeout');
	await requested;
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'streaming');
	await pastConnectTimeoutAndHold(page);
	const card = lastAnswer(page).getByRole('alert').filter({ hasText: 'timed out' });
	await expect(card).toHaveAttribute('data-failure-kind', 'network');
});

/**
 * Sends a prompt the gateway never answers, on a page whose clock the test moves (past the connect
 * timeout, to bring the card up); resolves once its request waits.
 */
async function sendUnanswered(page: Page): Promise<TurnRequests> {
	await page.clock.install();
	await openChat(page);
	const requests = watchTurnRequests(page);
	await send(page, 'hello #scenario:connection-timeout');
	await expect.poll(() => requests.count()).toBe(1);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'streaming');
	return requests;
}

test('once its automatic retry replaces the card, the answer still says which failure it retries', async ({
	page
}) => {
	const requests = await sendUnanswered(page);
	// Frame by frame, what a glance sees: the reason is painted with the wait, never after it.
	const firstFrame = page.evaluate(
		() =>
			new Promise<{ wait: string; reason: string | null }>((resolve) => {
				const look = (): void => {
					const answer = [...document.querySelectorAll('[data-role="assistant"]')].at(-1);
					const wait = answer?.querySelector('[data-turn-wait="connecting"]')?.textContent;
					if (wait?.includes('attempt 2') === true) {
						const reason = answer?.querySelector('[data-turn-retry-after]')?.textContent;
						resolve({ wait, reason: reason ?? null });
					} else requestAnimationFrame(look);
				};
				requestAnimationFrame(look);
			})
	);
	await page.clock.fastForward(31_000);
	// The card's countdown runs out by itself; the second attempt waits for the gateway again.
	await expect.poll(() => requests.count(), { timeout: 15_000 }).toBe(2);
	await expect(lastAnswer(page).getByRole('alert')).toHaveCount(0);
	await expect(lastAnswer(page).locator('[data-turn-retry-after="network"]')).toHaveText(
		'Trying again after: The connection to the gateway timed out.'
	);
	await expect(lastAnswer(page).locator('[data-turn-wait="connecting"]')).toContainText(
		'attempt 2'
	);
	expect((await firstFrame).reason).toBe(
		'Trying again after: The connection to the gateway timed out.'
	);
	// A screen reader is told too: the status is not inside the part of the answer marked busy
	// (announcements there may wait until the answer ends), while the answer being written is.
	const reason = lastAnswer(page).locator('[data-turn-retry-after]');
	expect(await reason.evaluate((status) => status.closest('[aria-busy="true"]') === null)).toBe(
		true
	);
	await expect(lastAnswer(page).locator('[aria-busy="true"]')).toHaveCount(1);
});

test("the countdown's Try now goes on with the same retry: its attempt and its reason", async ({
	page
}) => {
	const requests = await sendUnanswered(page);
	await pastConnectTimeoutAndHold(page);
	const card = lastAnswer(page).getByRole('alert');
	// The pointer on the card holds its countdown as a person's would (the stopped clock already
	// keeps it from running out): only Try now sends the retry.
	await card.hover();
	await expect(card.locator('[data-retry-held]')).toBeVisible();
	await card.locator('[data-retry-countdown] [data-action="retry"]').click();
	await expect.poll(() => requests.count()).toBe(2);
	await expect(lastAnswer(page).locator('[data-turn-retry-after="network"]')).toHaveText(
		'Trying again after: The connection to the gateway timed out.'
	);
	await expect(lastAnswer(page).locator('[data-turn-wait="connecting"]')).toContainText(
		'attempt 2'
	);
});

test('the 522 page is shown as text behind a disclosure, never rendered', async ({
	page
}, info) => {
	forbidDialogs(page);
	await openChat(page);
	await send(page, '#scenario:origin-timeout');
	const card = lastAnswer(page).getByRole('alert');
	if (info.project.name === 'cross-origin gateway') {
		// Cross-origin, the page has no CORS headers: its body never reaches the app at all.
		await expect(card).toHaveAttribute('data-failure-kind', 'network');
		await expect(card.locator('[data-failure-title]')).toHaveText("Can't reach the gateway");
		return;
	}
	await expect(card).toHaveAttribute('data-failure-kind', 'origin_timeout');
	await card.getByText('Details from the gateway').click();
	await expect(card.locator('[data-failure-raw]')).toContainText(
		'<title>gw.example.com | 522: Connection timed out</title>'
	);
	await expect(card.locator('[data-failure-raw]')).toContainText('<script>window.__cf = 1;');
});

test('the request id is shown with a copy button', async ({ page, context }) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	await openChat(page);
	await send(page, '#scenario:model-unavailable');
	const card = lastAnswer(page).getByRole('alert');
	const id = card.getByRole('textbox', { name: 'Request id' });
	await expect(id).toHaveValue(/^req_demo_/);
	await card.getByRole('button', { name: 'Copy' }).click();
	await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await id.inputValue());
	// The "(request id: …)" suffix is not repeated in the sentence shown.
	await expect(card.locator('[data-failure-detail]')).not.toContainText('request id');
});

test('a retired model offers a one-click switch to its successor, which then answers', async ({
	page
}) => {
	await openChat(page);
	await chooseModel(page, 'demo-legacy');
	await send(page, 'hello');
	const card = lastAnswer(page).getByRole('alert');
	await expect(card).toHaveAttribute('data-failure-kind', 'model_retired');
	await card.getByRole('button', { name: 'Switch to demo' }).click();
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await expect(lastAnswer(page)).toContainText('You said “hello”');
	await expect(page.locator('[data-role="assistant"]')).toHaveCount(1);
});

test('a rate limit retries by itself with a visible countdown, then stops after bounded attempts', async ({
	page
}) => {
	await openChat(page);
	const seen = await watchFailureCards(page);
	await send(page, 'hello #scenario:rate-limited');
	const card = lastAnswer(page).getByRole('alert');
	await expect(card).toHaveAttribute('data-failure-kind', 'rate_limited');
	await expect
		.poll(() => seen.countdowns())
		.toEqual(expect.arrayContaining([expect.stringContaining('Attempt 2 in')]));
	// Three attempts in all (Retry-After 2.5 s each), then the app stops and leaves the button.
	await expect(card.locator('[data-retry-countdown]')).toHaveCount(0, { timeout: 15_000 });
	await expect(card.getByRole('button', { name: 'Try again' })).toBeVisible();
	await expect(page.locator('[data-role="assistant"]')).toHaveCount(1);
});

test('an automatic retry can be cancelled', async ({ page }) => {
	await openChat(page);
	await send(page, 'hello #scenario:rate-limited');
	const card = lastAnswer(page).getByRole('alert');
	await card.getByRole('button', { name: 'Cancel' }).click();
	await expect(card.locator('[data-retry-countdown]')).toHaveCount(0);
	await expect(card.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('a failure card is reachable by keyboard', async ({ page }) => {
	await openChat(page);
	await chooseModel(page, 'demo-legacy');
	await send(page, 'hello');
	const card = lastAnswer(page).getByRole('alert');
	await expect(card).toHaveAttribute('data-failure-kind', 'model_retired');
	await card.getByRole('button', { name: 'Switch to demo' }).focus();
	await page.keyboard.press('Tab');
	await expect(card.getByRole('button', { name: 'Choose another model' })).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(page.getByRole('combobox', { name: 'Search models' })).toBeFocused();
});

test('if the failure card cannot be loaded, the failure still shows: its message, kind and Try again', async ({
	page
}) => {
	// The app server "goes away" for the failure card's code only: its chunk cannot be fetched.
	await failChunksContaining(page, 'data-sign-in-problem');
	await openChat(page);
	const posts: string[] = [];
	page.on('request', (request) => {
		if (request.method() === 'POST' && request.url().includes('/v1/responses'))
			posts.push(request.url());
	});
	// A kind the app does not retry by itself, so that only the fallback's button resends.
	await send(page, 'hello #scenario:model-unavailable');
	const card = lastAnswer(page).getByRole('alert');
	await expect(card).toHaveAttribute('data-failure-kind', 'model_unavailable');
	await expect(card).toContainText('could not be reached to show the details');
	await expect(card).not.toBeEmpty();
	expect(posts).toHaveLength(1);
	await card.getByRole('button', { name: 'Try again' }).click();
	await expect.poll(() => posts.length).toBe(2);
	await expect(lastAnswer(page).getByRole('alert')).toHaveAttribute(
		'data-failure-kind',
		'model_unavailable'
	);
});
