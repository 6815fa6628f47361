/**
 * The connection check in the browser, where CORS is real: a gateway without CORS headers called
 * directly (the failure card leads there, and the check names the origin and the relay), the same
 * gateway through the relay, the built-in demo gateway (also under a sub-path), and a gateway
 * profile on a port where nothing listens.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { closedPort } from '../local-server.ts';
import { chooseModel, forbidDialogs, lastAnswer, send } from './chat-helpers.ts';
import {
	APP_URL,
	DEMO_GATEWAY_URL,
	DIRECT_NO_CORS_APP_URL,
	NO_CORS_GATEWAY_URL,
	RELAY_APP_URL,
	SUB_PATH_APP_URL
} from './servers.ts';

const STEPS = ['reachable', 'cors', 'auth', 'models', 'stream'] as const;

function checkStep(page: Page, name: (typeof STEPS)[number]) {
	return page.locator(`[data-check-step="${name}"]`);
}

async function expectAllPassed(page: Page): Promise<void> {
	for (const name of STEPS) {
		await expect(checkStep(page, name)).toHaveAttribute('data-check-result', 'passed', {
			timeout: 30_000
		});
	}
	await expect(page.getByRole('status').filter({ hasText: 'All steps passed.' })).toBeVisible();
}

/** No serious or critical axe violations (a failed step has the most on screen). */
async function expectAccessible(page: Page): Promise<void> {
	const results = await new AxeBuilder({ page }).analyze();
	const serious = results.violations.filter(
		(violation) => violation.impact === 'serious' || violation.impact === 'critical'
	);
	expect(
		serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)
	).toEqual([]);
}

test('direct to a gateway without CORS: the network card offers the check, which names the origin and the relay; the draft survives', async ({
	page,
	context
}) => {
	forbidDialogs(page);
	await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
		origin: DIRECT_NO_CORS_APP_URL
	});
	await page.goto(`${DIRECT_NO_CORS_APP_URL}/`);
	await chooseModel(page, 'demo');
	await send(page, 'hello without CORS');
	const card = lastAnswer(page).getByRole('alert');
	await expect(card).toHaveAttribute('data-failure-kind', 'network');
	const composer = page.getByRole('textbox', { name: 'Message' });
	await composer.fill('a draft written before checking');

	await card.getByRole('button', { name: 'Check the connection' }).click();
	await expect(page).toHaveURL(`${DIRECT_NO_CORS_APP_URL}/connection`);
	await expect(page.getByRole('heading', { name: 'Connection check' })).toBeVisible();
	await expect(checkStep(page, 'reachable')).toHaveAttribute('data-check-result', 'passed');
	const cors = checkStep(page, 'cors');
	await expect(cors).toHaveAttribute('data-check-result', 'failed');
	await expectAccessible(page);
	await expect(cors.locator('[data-check-problem]')).toHaveText(
		`The gateway does not allow this origin (${DIRECT_NO_CORS_APP_URL}): its answers carry no CORS headers for it, so the browser may not read them.`
	);
	await expect(cors.locator('[data-check-fix]')).toContainText(
		`Set GATEWAY_MODE=relay on the Switchboard server, or allow ${DIRECT_NO_CORS_APP_URL}`
	);
	for (const name of ['auth', 'models', 'stream'] as const) {
		await expect(checkStep(page, name)).toHaveAttribute('data-check-result', 'skipped');
	}
	await expect(page.getByRole('status').first()).toContainText('Failed at "CORS allowed"');

	await page.getByRole('button', { name: 'Copy report' }).click();
	await expect(page.getByRole('button', { name: 'Report copied' })).toBeVisible();
	const report = await page.evaluate(() => navigator.clipboard.readText());
	expect(report).toContain(`Gateway: ${NO_CORS_GATEWAY_URL} (responses route;`);
	expect(report).toContain('2. CORS allowed: failed');

	await page.getByRole('link', { name: 'Back to the chat' }).click();
	await expect(page).toHaveURL(`${DIRECT_NO_CORS_APP_URL}/`);
	await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
		'a draft written before checking'
	);
	await expect(lastAnswer(page).getByRole('alert')).toHaveAttribute('data-failure-kind', 'network');
});

test('the same gateway through the relay: every step passes', async ({ page }) => {
	forbidDialogs(page);
	await page.goto(`${RELAY_APP_URL}/connection`);
	await expectAllPassed(page);
	await expect(checkStep(page, 'reachable').locator('[data-check-note]')).toHaveText(
		`This server answers: it relays to the configured gateway at ${new URL(NO_CORS_GATEWAY_URL).host} (GATEWAY_MODE=relay).`
	);
	await expect(checkStep(page, 'cors').locator('[data-check-note]')).toHaveText(
		"Not needed: the gateway is on this server's origin."
	);
});

test('the built-in demo gateway: every step passes, and "Run again" runs them again', async ({
	page
}) => {
	forbidDialogs(page);
	await page.goto(`${APP_URL}/connection`);
	await expectAllPassed(page);
	await expect(checkStep(page, 'reachable').locator('[data-check-note]')).toHaveText(
		'This server answers: it runs the built-in demo gateway.'
	);
	await expect(checkStep(page, 'models').locator('[data-check-note]')).toContainText(
		'The gateway lists'
	);
	const streamed = page.waitForRequest(
		(request) => request.method() === 'POST' && request.url().endsWith('/demo/v1/responses')
	);
	await page.getByRole('button', { name: 'Run again' }).click();
	await streamed;
	await expectAllPassed(page);
});

test('under a sub-path (BASE_PATH): the page, its probes and the way back stay under it', async ({
	page
}) => {
	forbidDialogs(page);
	await page.goto(`${SUB_PATH_APP_URL}/connection`);
	await expectAllPassed(page);
	await page.getByRole('link', { name: 'Back to the chat' }).click();
	await expect(page).toHaveURL(`${SUB_PATH_APP_URL}/`);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
});

/** Adds a gateway profile in Settings (it becomes the active one) and closes Settings. */
async function addGateway(page: Page, name: string, baseUrl: string): Promise<void> {
	await page.getByRole('button', { name: 'Settings' }).click();
	const dialog = page.getByRole('dialog', { name: 'Settings' });
	await dialog.getByText('Add a gateway').click();
	await dialog.getByLabel('Name').fill(name);
	await dialog.getByLabel('Base URL').fill(baseUrl);
	await dialog.getByRole('button', { name: 'Add gateway' }).click();
	const active = dialog.locator('[data-settings-section="gateway"] select').first();
	await expect
		.poll(() => active.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text))
		.toContain(name);
	await dialog.getByRole('button', { name: 'Done' }).click();
}

test('a gateway profile on a port where nothing listens fails at "reachable", in plain words', async ({
	page
}) => {
	forbidDialogs(page);
	const port = await closedPort();
	const gateway = `http://127.0.0.1:${port}`;
	await page.goto(`${APP_URL}/`);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	await addGateway(page, 'Nothing here', gateway);

	// A fresh load: the page's policy now allows the profile's origin (a reload is what it asks).
	await page.goto(`${APP_URL}/connection`);
	const reachable = checkStep(page, 'reachable');
	await expect(reachable).toHaveAttribute('data-check-result', 'failed', { timeout: 20_000 });
	await expect(reachable.locator('[data-check-problem]')).toHaveText(
		`The browser could not connect to 127.0.0.1:${port}: nothing answered there, its name did not resolve, or a secure connection could not be made.`
	);
	await expect(reachable.locator('[data-check-fix]')).toContainText(
		`the gateway's base URL in Settings (now ${gateway})`
	);
	for (const name of ['cors', 'auth', 'models', 'stream'] as const) {
		await expect(checkStep(page, name)).toHaveAttribute('data-check-result', 'skipped');
	}
});

test('a long conversation reopened on a gateway that cannot be reached shows its card in view', async ({
	page
}) => {
	forbidDialogs(page);
	const port = await closedPort();
	await page.goto(`${APP_URL}/`);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	for (const turn of [1, 2, 3, 4]) {
		await send(page, `turn ${turn} of a long conversation #scenario:instant`);
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	}
	await addGateway(page, 'Nothing here', `http://127.0.0.1:${port}`);

	// Reloaded, the conversation opens at its end; the card about the gateway is seen there.
	await page.reload();
	await expect(lastAnswer(page)).toContainText('turn 4 of a long conversation');
	const card = page.locator('[data-failure-kind="network"]');
	await expect(card).toBeVisible({ timeout: 20_000 });
	await expect(card).toBeInViewport();
});

test("a gateway added on this page, before a reload: the page's own policy blocks it, and the check says to reload", async ({
	page
}) => {
	forbidDialogs(page);
	await page.goto(`${APP_URL}/`);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	// The standalone demo gateway: it answers, with CORS; only this page's policy stands between.
	await addGateway(page, 'Standalone demo', DEMO_GATEWAY_URL);
	await send(page, 'hello before reloading');
	const card = lastAnswer(page).getByRole('alert');
	await expect(card).toHaveAttribute('data-failure-kind', 'network');
	await card.getByRole('button', { name: 'Check the connection' }).click();

	const reachable = checkStep(page, 'reachable');
	await expect(reachable).toHaveAttribute('data-check-result', 'failed');
	await expect(reachable.locator('[data-check-problem]')).toHaveText(
		`This app's Content-Security-Policy does not allow connections to ${new URL(DEMO_GATEWAY_URL).host}.`
	);
	await expect(reachable.locator('[data-check-fix]')).toContainText('Reload this page');

	await page.reload();
	await expectAllPassed(page);
});
