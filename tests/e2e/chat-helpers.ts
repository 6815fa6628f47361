import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { CROSS_ORIGIN_APP_URL, DEMO_GATEWAY_URL } from './servers.ts';

/** Opens the chat and waits until the demo model is chosen. */
export async function openChat(page: Page): Promise<void> {
	await page.goto('/');
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
}

/**
 * Sends `text` as a person does, and returns once it shows as the newest prompt. Until then
 * `lastAnswer` is still the previous answer, and a wait on its status would pass on the old turn:
 * the app shows a prompt only after taking the conversation's lock and reading its last position
 * from IndexedDB, which a loaded machine stretches. (It counts the rendered prompts, so it suits
 * conversations below the message window's 50 rendered rows.)
 */
export async function send(app: Page | FrameLocator, text: string): Promise<void> {
	const composer = app.getByRole('textbox', { name: 'Message' });
	const prompts = app.locator('[data-role="user"]');
	// Counted once the conversation is whole on the page: after a reload its messages' code may
	// still be loading when the composer can already be typed in.
	await expect(composer).toBeEditable();
	await expect(app.locator('[data-messages-loading]')).toHaveCount(0);
	const before = await prompts.count();
	await composer.fill(text);
	await composer.press('Enter');
	await expect(prompts).toHaveCount(before + 1);
}

/**
 * Picks `model` in the model picker, as a person does: opens it from the model button, searches,
 * and clicks the listed model — or, for an id the gateway does not list, the last choice, which
 * uses the id as typed.
 */
export async function chooseModel(page: Page, model: string): Promise<void> {
	const button = page.getByRole('combobox', { name: 'Model', exact: true });
	await button.click();
	const picker = page.getByRole('dialog', { name: 'Choose a model' });
	await picker.getByRole('combobox', { name: 'Search models' }).fill(model);
	const id = JSON.stringify(model);
	await picker.locator(`[data-model-option=${id}], [data-model-typed=${id}]`).click();
	await expect(button).toHaveValue(model);
}

export function lastAnswer(app: Page | FrameLocator): Locator {
	return app.locator('[data-role="assistant"]').last();
}

/** Fails the test if the page ever opens a dialog (a script from a gateway body would). */
export function forbidDialogs(page: Page): void {
	page.on('dialog', (dialog) => {
		throw new Error(`unexpected dialog: ${dialog.message()}`);
	});
}

export async function openSettings(page: Page): Promise<void> {
	await page.getByRole('button', { name: 'Settings' }).click();
	await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
}

export async function closeSettings(page: Page): Promise<void> {
	await page
		.getByRole('dialog', { name: 'Settings' })
		.getByRole('button', { name: 'Done' })
		.click();
	await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();
}

/** Adds the demo gateway again as a custom profile on the Messages route, and selects it. */
export async function useMessagesGateway(page: Page, baseURL: string | undefined): Promise<void> {
	await useDemoGateway(page, baseURL, 'messages');
}

/** Adds the demo gateway again as a custom profile on `route`, and selects it. */
export async function useDemoGateway(
	page: Page,
	baseURL: string | undefined,
	route: 'messages' | 'backend'
): Promise<void> {
	await openSettings(page);
	await addDemoGateway(page, baseURL, route);
	await closeSettings(page);
}

/** In the open Settings: adds the demo gateway as a profile on the Messages route, and selects it. */
export async function addMessagesGateway(page: Page, baseURL: string | undefined): Promise<void> {
	await addDemoGateway(page, baseURL, 'messages');
}

const ROUTE_NAMES = { messages: 'Messages', backend: 'Backend' } as const;

/** In the open Settings: adds the demo gateway as a profile on `route`, and selects it. */
async function addDemoGateway(
	page: Page,
	baseURL: string | undefined,
	route: 'messages' | 'backend'
): Promise<void> {
	const dialog = page.getByRole('dialog', { name: 'Settings' });
	await dialog.getByText('Add a gateway').click();
	await dialog.getByLabel('Name').fill(`Demo (${ROUTE_NAMES[route]})`);
	// The same demo gateway the app already uses, added again as a profile on another route.
	const gateway = baseURL === CROSS_ORIGIN_APP_URL ? DEMO_GATEWAY_URL : `${baseURL ?? ''}/demo`;
	await dialog.getByLabel('Base URL').fill(gateway);
	await dialog.getByLabel('Route').selectOption(route);
	await dialog.getByRole('button', { name: 'Add gateway' }).click();
	const active = dialog.locator('[data-settings-section="gateway"] select').first();
	await expect
		.poll(() => active.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text))
		.toBe(`Demo (${ROUTE_NAMES[route]})`);
}
