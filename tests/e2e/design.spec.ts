/**
 * Issue 17 item 4, the design as a person meets it: on a 360 px phone the header is one row of
 * controls a finger can hit, the conversation drawer gets out of the way, popovers stay on
 * screen and nothing scrolls sideways; an empty conversation welcomes the person with examples to
 * try and, on the demo gateway, a gallery of failures one click away.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { lastAnswer, openChat, send } from './chat-helpers.ts';
import { APP_URL } from './servers.ts';

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } as const;

const menuButton = (page: Page): Locator => page.getByRole('button', { name: 'Conversations' });
const drawer = (page: Page): Locator => page.getByRole('navigation', { name: 'Conversations' });
const composer = (page: Page): Locator => page.getByRole('textbox', { name: 'Message' });

/** The box of `locator` lies wholly inside the viewport. */
async function expectInsideViewport(page: Page, locator: Locator, what: string): Promise<void> {
	const box = await locator.boundingBox();
	const viewport = page.viewportSize();
	expect(box, `${what} is laid out`).not.toBeNull();
	if (box === null || viewport === null) return;
	expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
	expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
	expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width);
	expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height);
}

/** Each control is at least 44 × 44 CSS px (a finger's target) and wholly on screen. */
async function expectTouchTargets(page: Page, controls: Locator[]): Promise<void> {
	for (const control of controls) {
		await control.scrollIntoViewIfNeeded();
		const box = await control.boundingBox();
		const name = await control.evaluate(
			(element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''
		);
		expect(box, `${name} is laid out`).not.toBeNull();
		expect(box?.width ?? 0, `${name}: width`).toBeGreaterThanOrEqual(44);
		expect(box?.height ?? 0, `${name}: height`).toBeGreaterThanOrEqual(44);
		await expectInsideViewport(page, control, name);
	}
}

/**
 * What a finger hits for each visible control in `scope`: the control itself, or for a checkbox
 * the label around it (the label is what takes the tap). Read-only text (a request id, there to
 * be selected) is not a target.
 */
async function fingerTargets(scope: Locator): Promise<Locator[]> {
	const controls = scope.locator(
		'button, a[href], select, input, textarea:not([readonly]), summary'
	);
	const targets: Locator[] = [];
	for (let index = 0; index < (await controls.count()); index++) {
		const control = controls.nth(index);
		if (!(await control.isVisible())) continue;
		const type = await control.getAttribute('type');
		targets.push(type === 'checkbox' ? control.locator('xpath=ancestor::label[1]') : control);
	}
	return targets;
}

test.describe('on a 360 px phone', () => {
	test.use(PHONE);

	test('the header is one row of 56 px at most, and every control in it is at least 44 × 44', async ({
		page
	}) => {
		await openChat(page);
		const header = page.locator('header').first();
		const row = await header.boundingBox();
		expect(row?.height).toBeLessThanOrEqual(56);
		const controls = header.locator('button, summary, input, [role="combobox"]');
		const count = await controls.count();
		let seen = 0;
		for (let index = 0; index < count; index++) {
			const control = controls.nth(index);
			if (!(await control.isVisible())) continue;
			const box = await control.boundingBox();
			if (box === null || row === null) continue;
			seen++;
			const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
			expect(box.width, `${name}: width`).toBeGreaterThanOrEqual(44);
			expect(box.height, `${name}: height`).toBeGreaterThanOrEqual(44);
			// In the header's one row, and on screen.
			expect(box.y, `${name}: top`).toBeGreaterThanOrEqual(row.y);
			expect(box.y + box.height, `${name}: bottom`).toBeLessThanOrEqual(row.y + row.height);
			expect(box.x + box.width, `${name}: right edge`).toBeLessThanOrEqual(360);
		}
		// The menu, the model, Settings and the key (or account) at least.
		expect(seen).toBeGreaterThanOrEqual(4);
		await expect(menuButton(page)).toBeVisible();
		await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
		await expect(page.getByRole('heading', { name: 'Switchboard', level: 1 })).toBeVisible();
	});

	test("the composer's controls, a pending file's remove button included, are at least 44 × 44", async ({
		page
	}) => {
		await openChat(page);
		await page.locator('input[data-attach]').setInputFiles({
			name: 'notes.pdf',
			mimeType: 'application/pdf',
			buffer: Buffer.from('%PDF-1.4\n%%EOF\n')
		});
		const chip = page.locator('[data-pending-attachment="pdf"]');
		// A small file's size in a unit that shows it.
		await expect(chip).toContainText('notes.pdf');
		await expect(chip).toContainText('15 B');
		const controls = [
			page.locator('button[aria-label="Attach images or PDFs"]'),
			page.locator('label').filter({ has: page.locator('[data-web-search]') }),
			chip.getByRole('button', { name: 'Remove notes.pdf' }),
			page.getByRole('button', { name: 'Send' })
		];
		await expectTouchTargets(page, controls);
	});

	test('ten files wait in one row: the conversation, the header and Send stay in view; removing one keeps the focus in the row', async ({
		page
	}) => {
		await openChat(page);
		await send(page, 'a question before the files #scenario:instant');
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
		await page.locator('input[data-attach]').setInputFiles(
			Array.from({ length: 10 }, (_, index) => ({
				name: `page-${index + 1}.pdf`,
				mimeType: 'application/pdf',
				buffer: Buffer.from('%PDF-1.4\n%%EOF\n')
			}))
		);
		const chips = page.locator('[data-pending-attachment]');
		await expect(chips).toHaveCount(10);
		await expectInsideViewport(page, page.getByRole('button', { name: 'Send' }), 'Send');
		await expectInsideViewport(page, page.getByRole('button', { name: 'Settings' }), 'Settings');
		await expect(lastAnswer(page)).toBeInViewport();
		expect(
			await page.evaluate(() => document.documentElement.scrollHeight - innerHeight),
			'the page scrolls'
		).toBeLessThanOrEqual(0);

		const second = page.getByRole('button', { name: 'Remove page-2.pdf' });
		await second.focus();
		await page.keyboard.press('Enter');
		await expect(chips).toHaveCount(9);
		await expect(page.getByRole('button', { name: 'Remove page-3.pdf' })).toBeFocused();
		// The last one removed: the focus goes to the one before it; the very last, to the composer.
		await page.getByRole('button', { name: 'Remove page-10.pdf' }).focus();
		await page.keyboard.press('Enter');
		await expect(page.getByRole('button', { name: 'Remove page-9.pdf' })).toBeFocused();
	});

	test('the drawer closes when a conversation is chosen or started, on its backdrop and on Escape, and gives focus back', async ({
		page
	}) => {
		await openChat(page);
		await send(page, 'the first conversation #scenario:instant');
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
		const sidebar = page.locator('#sidebar');

		// Closed, it can be neither seen nor reached.
		await expect(drawer(page)).toBeHidden();
		await expect(sidebar).toHaveAttribute('inert', '');

		// Starting a new conversation closes it.
		await menuButton(page).click();
		await expect(drawer(page)).toBeVisible();
		await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
		await drawer(page)
			.getByRole('button', { name: 'New conversation', exact: true })
			.first()
			.click();
		await expect(drawer(page)).toBeHidden();
		await expect(page.locator('[data-empty-state]')).toBeVisible();

		// Choosing a conversation closes it, and that conversation is shown.
		await menuButton(page).click();
		await drawer(page).locator('[data-select]', { hasText: 'the first conversation' }).click();
		await expect(drawer(page)).toBeHidden();
		await expect(page.locator('[data-role="user"]')).toContainText('the first conversation');
		await expect(menuButton(page)).toBeFocused();

		// A press on the backdrop, beside the drawer, closes it.
		await menuButton(page).click();
		await expect(drawer(page)).toBeVisible();
		await page.locator('[data-drawer-backdrop]').click({ position: { x: 340, y: 400 } });
		await expect(drawer(page)).toBeHidden();
		await expect(menuButton(page)).toBeFocused();

		// Escape closes it; focus, which went into the drawer, comes back to the menu button.
		await menuButton(page).click();
		await expect(drawer(page)).toBeVisible();
		await expect(sidebar).not.toHaveAttribute('inert');
		await expect(page.locator('#sidebar :focus')).toHaveCount(1);
		// While it is open, Tab stays out of the page dimmed behind it.
		for (let press = 0; press < 14; press++) {
			await page.keyboard.press('Tab');
			const outside = await page.evaluate(() => {
				const focused = document.activeElement;
				const inDrawer = document.getElementById('sidebar')?.contains(focused) === true;
				return focused === null || focused === document.body || inDrawer ? null : focused.outerHTML;
			});
			expect(outside, 'focus behind the open drawer').toBeNull();
		}
		await page.locator('#sidebar [data-drawer-close]').focus();
		await page.keyboard.press('Escape');
		await expect(drawer(page)).toBeHidden();
		await expect(menuButton(page)).toBeFocused();
		await expect(sidebar).toHaveAttribute('inert', '');
	});

	test("the drawer's controls and each conversation's open, rename and delete are at least 44 × 44", async ({
		page
	}) => {
		await openChat(page);
		await send(page, 'a conversation to rename #scenario:instant');
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
		await menuButton(page).click();
		await expect(drawer(page)).toBeVisible();
		const sidebar = page.locator('#sidebar');
		const row = drawer(page).locator('[data-conversation]').first();
		await expect(row.getByRole('button', { name: /^Rename/ })).toBeVisible();
		await expect(row.getByRole('button', { name: /^Delete/ })).toBeVisible();
		const controls = [
			// Close, New conversation, each row's open, rename and delete, export, import.
			...(await sidebar.locator('button:visible').all()),
			sidebar.getByRole('searchbox', { name: 'Search conversations' }),
			sidebar.locator('label:has(input[type="file"])')
		];
		expect(controls.length).toBeGreaterThanOrEqual(8);
		await expectTouchTargets(page, controls);

		// Renaming: the new name's field and Save, in the row, are as easy to hit.
		await row.getByRole('button', { name: /^Rename/ }).click();
		const renaming = [
			row.getByRole('textbox', { name: 'New name' }),
			row.getByRole('button', { name: 'Save' })
		];
		await expectTouchTargets(page, renaming);
		await row.getByRole('textbox', { name: 'New name' }).fill('Renamed on a phone');
		await row.getByRole('button', { name: 'Save' }).click();
		await expect(row.locator('[data-select]')).toHaveText('Renamed on a phone');

		// Rows do not overlap: the second conversation's row starts below the first one's controls.
		await drawer(page).getByRole('button', { name: 'New conversation', exact: true }).click();
		await send(page, 'a second conversation #scenario:instant');
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
		await menuButton(page).click();
		const rows = drawer(page).locator('[data-conversation]');
		await expect(rows).toHaveCount(2);
		const first = await rows
			.nth(0)
			.getByRole('button', { name: /^Delete/ })
			.boundingBox();
		const second = await rows
			.nth(1)
			.getByRole('button', { name: /^Delete/ })
			.boundingBox();
		expect((second?.y ?? 0) - (first?.y ?? 0)).toBeGreaterThanOrEqual(44);
	});

	test("an answer's actions and versions, its code's Copy, the prompt editor, a failure card, the API-key popover and Settings are all at least 44 × 44", async ({
		page
	}) => {
		// Three turns, a popover and Settings, each measured: 12 s on a quiet machine, and past the
		// 30 s default in a CI run sharing the machine with another test run (2 December).
		test.slow();
		await openChat(page);
		await send(page, 'a table and code please #scenario:instant');
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
		await page.locator('[data-message-action="regenerate"]').last().click();
		await expect(page.locator('[data-versions="2/2"]')).toBeVisible();
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
		const answerControls = page.locator('[data-message-action], .md-copy');
		// Copy, Copy text, Regenerate, ‹ and › on the answer; Copy and Edit on the prompt; the code's Copy.
		// Awaited, as every other check here is: a count taken at once, right after the turn
		// completed, found 7 on a busy machine (a standalone run on 2 December).
		await expect.poll(() => answerControls.count()).toBeGreaterThanOrEqual(8);
		await expectTouchTargets(page, await answerControls.all());

		await page.locator('[data-message-action="edit"]').last().click();
		const editor = page.locator('[data-prompt-editor]');
		await expect(editor).toBeVisible();
		await expectTouchTargets(page, await fingerTargets(editor));
		await editor.getByRole('button', { name: 'Cancel' }).click();
		await expect(editor).toBeHidden();

		await send(page, '#scenario:insufficient-balance');
		const card = lastAnswer(page).locator('[data-failure-kind]');
		await expect(card).toBeVisible();
		const cardTargets = await fingerTargets(card);
		// Its action, the request id's Copy and the gateway's details at least.
		expect(cardTargets.length).toBeGreaterThanOrEqual(3);
		await expectTouchTargets(page, cardTargets);

		await page.locator('[data-api-key-menu]').click();
		const popover = page.locator('[data-popover]');
		await expect(popover.getByLabel('API key for this gateway')).toBeVisible();
		await expectTouchTargets(page, await fingerTargets(popover));
		await page.keyboard.press('Escape');
		await expect(popover).toBeHidden();

		await page.getByRole('button', { name: 'Settings' }).click();
		const settings = page.getByRole('dialog', { name: 'Settings' });
		await expect(settings).toBeVisible();
		await settings.getByText('Add a gateway').click();
		await expect(settings.getByRole('button', { name: 'Add gateway' })).toBeVisible();
		const settingsTargets = await fingerTargets(settings);
		expect(settingsTargets.length).toBeGreaterThanOrEqual(12);
		await expectTouchTargets(page, settingsTargets);
	});

	test('the API-key popover, the model list and Settings stay inside the viewport', async ({
		page
	}) => {
		await openChat(page);
		await page.locator('[data-api-key-menu]').click();
		const popover = page.locator('[data-popover]');
		await expect(popover.getByLabel('API key for this gateway')).toBeVisible();
		await expectInsideViewport(page, popover, 'the API-key popover');
		await page.keyboard.press('Escape');
		await expect(popover).toBeHidden();

		await page.getByRole('combobox', { name: 'Model', exact: true }).click();
		const option = page.locator('[data-model-option="demo"]');
		await expect(option).toBeVisible();
		await expectInsideViewport(page, option, 'the model list');
		await page.keyboard.press('Escape');
		await expect(option).toBeHidden();

		await page.getByRole('button', { name: 'Settings' }).click();
		const settings = page.getByRole('dialog', { name: 'Settings' });
		await expect(settings).toBeVisible();
		const box = await settings.boundingBox();
		expect(box?.x).toBeGreaterThanOrEqual(0);
		expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
		// Nothing in it is wider than it: no sideways scroll, the gateway list and the form to add
		// one (its fields and its button) whole on screen.
		const sideways = (): Promise<number> =>
			settings.evaluate((element) => element.scrollWidth - element.clientWidth);
		expect(await sideways(), 'Settings scrolls sideways').toBe(0);
		const use = settings.getByRole('combobox', { name: 'Use' });
		await expectInsideViewport(page, use, 'Use');
		// The gateway in use is read whole, not cut off inside its list box.
		const unshown = await use.evaluate((select: HTMLSelectElement) => {
			const style = getComputedStyle(select);
			const context = document.createElement('canvas').getContext('2d');
			if (context === null) return -1;
			context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
			const text = context.measureText(select.selectedOptions[0]?.text ?? '').width;
			const room = select.clientWidth - parseFloat(style.paddingLeft) - 24; // 24: the arrow
			return Math.max(0, Math.ceil(text - room));
		});
		expect(unshown, 'pixels of the gateway name cut off').toBe(0);
		await settings.getByText('Add a gateway').click();
		const add = settings.getByRole('button', { name: 'Add gateway' });
		await add.scrollIntoViewIfNeeded();
		expect(await sideways(), 'Settings scrolls sideways with the form open').toBe(0);
		await expectInsideViewport(page, add, 'Add gateway');
	});

	test('an answer with code and a table, and a failure card, never make the page scroll sideways', async ({
		page
	}) => {
		await openChat(page);
		await expect(composer(page)).toHaveAttribute('placeholder', /\S/);
		// The placeholder is read whole: the field is as wide as the composer.
		const field = await composer(page).boundingBox();
		expect(field?.width).toBeGreaterThan(300);

		await send(page, 'a table and code please #scenario:instant');
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
		await expect(lastAnswer(page).locator('table')).toBeVisible();
		await send(page, '#scenario:insufficient-balance');
		const card = lastAnswer(page).locator('[data-failure-kind]');
		await expect(card).toBeVisible();
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
			360
		);
		const main = page.getByRole('main');
		expect(await main.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);

		// The request id is shown whole, not cut at the card's edge.
		const id = card.getByRole('textbox', { name: 'Request id' });
		await expect(id).toHaveValue(/\S/);
		expect(
			await id.evaluate(
				(element) =>
					element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight
			)
		).toBe(true);
		await expectInsideViewport(page, id, 'the request id');
	});
});

test.describe('on a touch tablet, wider than a phone', () => {
	test.use({ viewport: { width: 1024, height: 768 }, isMobile: true, hasTouch: true });

	test('a finger still gets 44 × 44: the answer, its code, the prompt editor and its discard question', async ({
		page
	}) => {
		await openChat(page);
		// The coarse pointer, not the width, is what makes these targets grow here.
		expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
		await send(page, 'a table and code please #scenario:instant');
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
		const answerControls = page.locator('[data-message-action], .md-copy');
		expect(await answerControls.count()).toBeGreaterThanOrEqual(5);
		await expectTouchTargets(page, await answerControls.all());

		await page.locator('[data-message-action="edit"]').last().click();
		const editor = page.locator('[data-prompt-editor]');
		await expectTouchTargets(page, await fingerTargets(editor));
		await editor.getByRole('textbox').pressSequentially(' changed');
		await editor.getByRole('textbox').press('Escape');
		await expect(editor.getByRole('button', { name: 'Keep editing' })).toBeVisible();
		await expectTouchTargets(page, await fingerTargets(editor));
	});
});

test('an empty conversation welcomes the person, and an example fills the composer without sending it', async ({
	page
}) => {
	await openChat(page);
	const welcome = page.locator('[data-empty-state]');
	await expect(welcome).toBeVisible();
	await expect(welcome.getByRole('heading', { name: 'Welcome to Switchboard' })).toBeVisible();
	await expect(welcome).toContainText('demo');
	const examples = welcome.locator('[data-example-prompt]');
	expect(await examples.count()).toBeGreaterThanOrEqual(3);

	const example = examples.nth(1);
	const prompt = await example.innerText();
	await example.click();
	await expect(composer(page)).toHaveValue(prompt);
	await expect(composer(page)).toBeFocused();
	// Not sent: the conversation is still empty, until the person sends it.
	await expect(page.locator('[data-role="user"]')).toHaveCount(0);
	await expect(welcome).toBeVisible();

	await composer(page).press('Enter');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await expect(welcome).toBeHidden();
});

test('on the demo gateway the failure gallery sends a scenario in one click and its card appears', async ({
	page,
	baseURL
}) => {
	await openChat(page);
	const gallery = page.locator('[data-failure-gallery]');
	if (baseURL !== APP_URL) {
		// Another gateway (even one that plays the demo's scenarios) is not offered the gallery.
		await expect(page.locator('[data-empty-state]')).toBeVisible();
		await expect(gallery).toHaveCount(0);
		return;
	}
	await gallery.getByText('See how failures look').click();
	const scenario = gallery.locator('[data-scenario="insufficient-balance"]');
	await expect(scenario).toBeVisible();
	await expect(gallery.locator('[data-scenario]')).not.toHaveCount(0);
	await scenario.click();
	await expect(page.locator('[data-role="user"]')).toContainText('#scenario:insufficient-balance');
	await expect(
		lastAnswer(page).locator('[data-failure-kind="insufficient_balance"]')
	).toBeVisible();
});

test('"Use an API key" is a quiet link on the demo gateway and a button on another', async ({
	page,
	baseURL
}) => {
	await openChat(page);
	const key = page.locator('[data-api-key-menu]');
	await expect(key).toHaveText('Use an API key');
	const border = await key.evaluate((element) => getComputedStyle(element).borderTopWidth);
	expect(border).toBe(baseURL === APP_URL ? '0px' : '1px');
});
