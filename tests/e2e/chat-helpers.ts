import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the chat and waits until the demo model is chosen. */
export async function openChat(page: Page): Promise<void> {
	await page.goto('/');
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
}

export async function send(page: Page, text: string): Promise<void> {
	const composer = page.getByRole('textbox', { name: 'Message' });
	await composer.fill(text);
	await composer.press('Enter');
}

export async function chooseModel(page: Page, model: string): Promise<void> {
	await page.getByRole('combobox', { name: 'Model' }).fill(model);
}

export function lastAnswer(page: Page): Locator {
	return page.locator('[data-role="assistant"]').last();
}

/** Fails the test if the page ever opens a dialog (a script from a gateway body would). */
export function forbidDialogs(page: Page): void {
	page.on('dialog', (dialog) => {
		throw new Error(`unexpected dialog: ${dialog.message()}`);
	});
}
