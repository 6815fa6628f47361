import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { lastAnswer, openChat, openSettings, send } from './chat-helpers.ts';
import { gate } from './support/gate.ts';

/**
 * Issue 17 item 7: axe finds nothing at all (every impact, not only serious) in the states a person
 * spends their time in — empty, an answer with code and a table, a failure card with its raw
 * details open, Settings, and the 360 px drawer — in light and in dark. And focus is where the
 * person will type next: the composer, on load and after Stop.
 */

async function violations(page: Page): Promise<string[]> {
	const results = await new AxeBuilder({ page }).analyze();
	return results.violations.map(
		(v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`
	);
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

// axe reads the whole page several times per test: on a loaded two-core machine that alone can
// take longer than the default 30 s.
test.slow();

for (const colorScheme of ['light', 'dark'] as const) {
	test.describe(`${colorScheme}`, () => {
		test.use({ colorScheme });

		test('empty, answered, failure card and Settings have no axe violations', async ({ page }) => {
			await page.setViewportSize({ width: 1200, height: 800 });
			await openChat(page);
			expect(await violations(page), 'empty conversation').toEqual([]);

			await send(page, 'a table and code please #scenario:instant');
			await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
			expect(await violations(page), 'answered').toEqual([]);

			await send(page, '#scenario:insufficient-balance');
			const card = lastAnswer(page).locator('[data-failure-kind]');
			await expect(card).toBeVisible();
			const details = card.locator('details');
			if ((await details.count()) > 0) await details.locator('summary').click();
			expect(await violations(page), 'failure card').toEqual([]);

			await openSettings(page);
			expect(await violations(page), 'settings').toEqual([]);
		});

		test('at 360 px: the chat, a failure card and the open drawer have no axe violations', async ({
			page
		}) => {
			await page.setViewportSize({ width: 360, height: 740 });
			await openChat(page);
			await send(page, '#scenario:insufficient-balance');
			const card = lastAnswer(page).locator('[data-failure-kind]');
			await expect(card).toBeVisible();
			const details = card.locator('details');
			if ((await details.count()) > 0) await details.locator('summary').click();
			expect(await violations(page), 'mobile card').toEqual([]);

			await page.getByRole('button', { name: 'Conversations' }).click();
			await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
			expect(await violations(page), 'mobile drawer').toEqual([]);
		});
	});
}

test('the raw details of a failure can be scrolled from the keyboard at 360 px', async ({
	page
}) => {
	await page.setViewportSize({ width: 360, height: 740 });
	await openChat(page);
	await send(page, '#scenario:html-200');
	const card = lastAnswer(page).locator('[data-failure-kind]');
	await expect(card).toBeVisible();
	await card.locator('details summary').click();
	const raw = card.locator('[data-failure-raw]');
	await raw.focus();
	await expect(raw).toBeFocused();
	const scrollable = await raw.evaluate((el) => el.scrollHeight > el.clientHeight);
	if (scrollable) {
		await page.keyboard.press('PageDown');
		await expect.poll(() => raw.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
	}
});

test('the composer has focus on load, after Stop, and after starting a new conversation', async ({
	page
}) => {
	await openChat(page);
	await expect(composer(page)).toBeFocused();

	await send(page, 'take your time #scenario:slow');
	const stop = page.getByRole('button', { name: 'Stop' });
	await expect(stop).toBeVisible();
	await stop.click();
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'cancelled');
	await expect(composer(page)).toBeFocused();

	await page.getByRole('button', { name: 'New conversation' }).click();
	await expect(composer(page)).toBeFocused();
});

test('the composer takes no focus the person put elsewhere while the page was loading', async ({
	page
}) => {
	// The model list held: the composer stays disabled (no model yet) while the person searches.
	const models = gate();
	await page.route('**/v1/models', async (route) => {
		await models.opened;
		await route.continue();
	});
	await page.goto('/');
	await expect(composer(page)).toBeDisabled();
	const search = page.getByRole('searchbox', { name: 'Search conversations' });
	await search.click();
	await page.keyboard.type('lig');
	models.open();
	await expect(composer(page)).toBeEnabled();
	// The composer's own focus comes in the frame after it is enabled: two frames later, it has.
	await page.evaluate(
		() =>
			new Promise<void>((resolve) =>
				requestAnimationFrame(() => requestAnimationFrame(() => resolve()))
			)
	);
	await expect(search).toBeFocused();
	await page.keyboard.type('hthouse');
	await expect(search).toHaveValue('lighthouse');
});

test('the composer is inside a landmark named for it', async ({ page }) => {
	await openChat(page);
	const landmark = page.getByRole('form', { name: 'Message' });
	await expect(landmark.getByRole('textbox', { name: 'Message' })).toBeVisible();
});

test('every control of an answer can be reached and used with the keyboard alone', async ({
	page
}) => {
	await openChat(page);
	await send(page, 'keyboard #scenario:instant');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	// Tab from the composer backwards until the answer's copy action has focus: it is in the order.
	// The actions sit beside the answer (a sibling of [data-role="assistant"]); the last copy is its.
	const copy = page.locator('[data-message-action="copy"]').last();
	await composer(page).focus();
	let reached = false;
	for (let i = 0; i < 40 && !reached; i++) {
		await page.keyboard.press('Shift+Tab');
		reached = await copy.evaluate((el) => el === document.activeElement);
	}
	expect(reached, 'the copy action is in the tab order').toBe(true);
	await expect(copy).toBeVisible();
});

test('a toggle and a file picker drawn as labels show the focus ring when reached by Tab', async ({
	page
}) => {
	await openChat(page);
	/** The ring of the label around the focused (visually hidden) input. */
	const ringAroundFocus = (): Promise<{ input: string; outline: string }> =>
		page.evaluate(() => {
			const input = document.activeElement;
			const label = input?.closest('label');
			return {
				input: input?.outerHTML.slice(0, 60) ?? '',
				outline: label ? getComputedStyle(label).outlineStyle : 'no label'
			};
		});

	await page.locator('button[aria-label="Attach images or PDFs"]').focus();
	await page.keyboard.press('Tab');
	await expect(page.locator('[data-web-search]')).toBeFocused();
	expect((await ringAroundFocus()).outline, 'Web search').toBe('solid');

	await page.getByRole('button', { name: 'Export all' }).focus();
	await page.keyboard.press('Tab');
	await expect(page.getByLabel('Import…')).toBeFocused();
	expect((await ringAroundFocus()).outline, 'Import…').toBe('solid');
});

test('the focus is never dropped to the page: after Regenerate, and after deleting a conversation', async ({
	page
}) => {
	await openChat(page);
	const composer = page.getByRole('textbox', { name: 'Message', exact: true });
	await send(page, 'first conversation #scenario:instant');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');

	// Regenerate is disabled while it answers: the focus goes to the composer, not to <body>.
	const regenerate = page.locator('[data-message-action="regenerate"]').last();
	await regenerate.focus();
	await page.keyboard.press('Enter');
	await expect(composer).toBeFocused();
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');

	await page.getByRole('button', { name: 'New conversation', exact: true }).first().click();
	await send(page, 'second conversation #scenario:instant');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	const list = page.getByRole('navigation', { name: 'Conversations' });

	// ✕ on the first row: the row that takes its place has the focus.
	await list.getByRole('button', { name: 'Delete second conversation' }).focus();
	await page.keyboard.press('Enter');
	await expect(list.locator('[data-select]', { hasText: 'first conversation' })).toBeFocused();
	// ✕ on the last one left: New conversation has it.
	await page.keyboard.press('Tab');
	await page.keyboard.press('Tab');
	await expect(list.getByRole('button', { name: 'Delete first conversation' })).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(list.getByRole('button', { name: 'New conversation', exact: true })).toBeFocused();
});
