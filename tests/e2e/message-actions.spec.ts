import { expect, test, type Locator, type Page } from '@playwright/test';
import { lastAnswer, openChat, send, useMessagesGateway } from './chat-helpers.ts';
import { allowStorageFaults, startStorageFault } from './support/storage-faults.ts';

/**
 * Message actions as a person uses them: copy an answer, regenerate it and step between the
 * versions (after a reload too), edit an earlier prompt into a new branch and go back to the old
 * one, and continue an answer they stopped.
 */

const answers = (page: Page): Locator => page.locator('[data-role="assistant"]');
const prompts = (page: Page): Locator => page.locator('[data-role="user"]');

/** The actions row under message `message` (its list row holds both). */
const actionsOf = (message: Locator): Locator =>
	message.locator('xpath=ancestor::li[1]').locator('[data-message-actions]');

const unique = (label: string): string => `${label} ${Math.random().toString(36).slice(2, 8)}`;

test('copy gives the answer as markdown and as the text on screen', async ({ page, context }) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	await openChat(page);
	await send(page, `${unique('copy me')} #scenario:instant`);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	const actions = actionsOf(lastAnswer(page));

	await lastAnswer(page).hover();
	await actions.locator('[data-message-action="copy"]').click();
	await expect(actions.locator('[data-message-action="copy"]')).toHaveText('Copied');
	const markdown = await page.evaluate(() => navigator.clipboard.readText());
	// The demo answer has a table and a fenced code block: the markdown keeps their syntax.
	expect(markdown).toContain('```');
	expect(markdown).toContain('| ');

	await actions.locator('[data-message-action="copy-text"]').click();
	const text = await page.evaluate(() => navigator.clipboard.readText());
	expect(text).toContain('You said');
	expect(text).not.toContain('```');
	// The code block's head (its language and its Copy button) is not part of the text.
	expect(text).not.toMatch(/^(Copy|Copied|ts|typescript)$/m);
});

test('regenerate keeps every answer: ‹ › steps between them, and a reload keeps them', async ({
	page
}) => {
	await openChat(page);
	// The first answer is cut; the same prompt then gets the whole answer.
	await send(page, `${unique('versions')} #scenario:cut:once`);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'interrupted');
	// The cut answer's card would retry by itself; call that off to keep this answer as it is.
	const cancel = lastAnswer(page).getByRole('button', { name: /Cancel|Don’t retry/ });
	if (await cancel.isVisible()) await cancel.click();

	await actionsOf(lastAnswer(page)).locator('[data-message-action="regenerate"]').click();
	await expect(answers(page)).toHaveCount(1);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	const versions = actionsOf(lastAnswer(page)).locator('[data-versions]');
	await expect(versions).toHaveAttribute('data-versions', '2/2');

	await versions.getByRole('button', { name: 'Previous version' }).click();
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'interrupted');
	await expect(actionsOf(lastAnswer(page)).locator('[data-versions]')).toHaveAttribute(
		'data-versions',
		'1/2'
	);

	await page.reload();
	await expect(answers(page)).toHaveCount(1);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'interrupted');
	await actionsOf(lastAnswer(page)).getByRole('button', { name: 'Next version' }).click();
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await expect(actionsOf(lastAnswer(page)).locator('[data-versions]')).toHaveAttribute(
		'data-versions',
		'2/2'
	);
});

test('editing an earlier prompt starts a new branch; the old one stays one step away', async ({
	page
}) => {
	await openChat(page);
	const first = unique('alpha');
	const second = unique('beta');
	await send(page, `${first} #scenario:instant`);
	await expect(answers(page)).toHaveCount(1);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await send(page, `${second} #scenario:instant`);
	await expect(answers(page)).toHaveCount(2);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');

	await actionsOf(prompts(page).first()).locator('[data-message-action="edit"]').click();
	const editor = page.getByRole('textbox', { name: 'Edit your message' });
	await expect(editor).toBeFocused();
	const edited = unique('gamma');
	await editor.fill(`${edited} #scenario:instant`);
	await editor.press('Enter');

	await expect(prompts(page)).toHaveCount(1);
	await expect(prompts(page).first()).toHaveText(`${edited} #scenario:instant`);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await expect(lastAnswer(page)).toContainText(`You said “${edited}”`);
	const switcher = actionsOf(prompts(page).first()).locator('[data-versions]');
	await expect(switcher).toHaveAttribute('data-versions', '2/2');

	await switcher.getByRole('button', { name: 'Previous version' }).click();
	await expect(prompts(page)).toHaveCount(2);
	await expect(prompts(page).nth(1)).toHaveText(`${second} #scenario:instant`);

	// After a reload the old branch is still the one shown, and the new one one step away.
	await page.reload();
	await expect(prompts(page)).toHaveCount(2);
	await actionsOf(prompts(page).first()).getByRole('button', { name: 'Next version' }).click();
	await expect(prompts(page)).toHaveCount(1);
	await expect(prompts(page).first()).toHaveText(`${edited} #scenario:instant`);
});

test('a version chosen a moment before a reload is the one shown after it, its write cut off', async ({
	page
}) => {
	await allowStorageFaults(page);
	await openChat(page);
	const first = unique('epsilon');
	await send(page, `${first} #scenario:instant`);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await actionsOf(lastAnswer(page)).locator('[data-message-action="regenerate"]').click();
	const switcher = actionsOf(lastAnswer(page)).locator('[data-versions]');
	await expect(switcher).toHaveAttribute('data-versions', '2/2');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');

	// The version's write is under way when the reload tears it down (storage-faults.ts).
	await startStorageFault(page, 'hold-records');
	await switcher.getByRole('button', { name: 'Previous version' }).click();
	await expect(switcher).toHaveAttribute('data-versions', '1/2');
	await page.reload();
	await expect(actionsOf(lastAnswer(page)).locator('[data-versions]')).toHaveAttribute(
		'data-versions',
		'1/2'
	);

	// Written back to storage by that load: the next one, with nothing in the way, shows it too.
	await page.reload();
	await expect(actionsOf(lastAnswer(page)).locator('[data-versions]')).toHaveAttribute(
		'data-versions',
		'1/2'
	);
});

test('Esc in the prompt editor never throws edits away unasked: it asks, and a second Esc discards', async ({
	page
}) => {
	await openChat(page);
	const first = unique('delta');
	await send(page, `${first} #scenario:instant`);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	const edit = actionsOf(prompts(page).first()).locator('[data-message-action="edit"]');
	const editor = page.getByRole('textbox', { name: 'Edit your message' });

	// Nothing changed yet: Esc closes the editor at once.
	await edit.click();
	await editor.press('Escape');
	await expect(editor).toHaveCount(0);

	// Edited: Esc while an input method is still composing belongs to the input method.
	await edit.click();
	await editor.press('End');
	await editor.pressSequentially(' and more');
	await editor.evaluate((area) =>
		area.dispatchEvent(
			new KeyboardEvent('keydown', {
				key: 'Escape',
				isComposing: true,
				bubbles: true,
				cancelable: true
			})
		)
	);
	await expect(editor).toHaveValue(`${first} #scenario:instant and more`);
	await expect(page.getByText('Discard your edits?')).toHaveCount(0);

	// Esc asks first; typing on carries on editing, the question gone.
	await editor.press('Escape');
	await expect(page.getByText('Discard your edits?')).toBeVisible();
	await expect(editor).toBeFocused();
	await editor.pressSequentially('!');
	await expect(page.getByText('Discard your edits?')).toHaveCount(0);
	await expect(editor).toHaveValue(`${first} #scenario:instant and more!`);

	// Keep editing keeps them and gives the editor the focus back.
	await editor.press('Escape');
	await page.getByRole('button', { name: 'Keep editing' }).click();
	await expect(editor).toBeFocused();
	await expect(editor).toHaveValue(`${first} #scenario:instant and more!`);

	// A second Esc discards; the prompt is as it was, nothing sent.
	await editor.press('Escape');
	await editor.press('Escape');
	await expect(editor).toHaveCount(0);
	await expect(prompts(page)).toHaveText([`${first} #scenario:instant`]);
	await expect(actionsOf(prompts(page).first()).locator('[data-versions]')).toHaveCount(0);
	await expect(page.locator('#composer')).toBeFocused();
});

test('a prompt sent in one tab while another tab shows a newer version is still shown after a reload', async ({
	page: tabA
}) => {
	await openChat(tabA);
	const first = unique('one tab hello');
	await send(tabA, `${first} #scenario:instant`);
	await expect(lastAnswer(tabA)).toHaveAttribute('data-turn-status', 'completed');

	const tabB = await tabA.context().newPage();
	await openChat(tabB);
	await expect(prompts(tabB)).toHaveText(`${first} #scenario:instant`);
	await actionsOf(lastAnswer(tabB)).locator('[data-message-action="regenerate"]').click();
	await expect(actionsOf(lastAnswer(tabB)).locator('[data-versions]')).toHaveAttribute(
		'data-versions',
		'2/2'
	);
	await expect(lastAnswer(tabB)).toHaveAttribute('data-turn-status', 'completed');
	// Tab A hears of the new version and keeps showing the one it had.
	await expect(actionsOf(lastAnswer(tabA)).locator('[data-versions]')).toHaveAttribute(
		'data-versions',
		'1/2'
	);

	const third = unique('third from A');
	await send(tabA, `${third} #scenario:instant`);
	await expect(answers(tabA)).toHaveCount(2);
	await expect(lastAnswer(tabA)).toHaveAttribute('data-turn-status', 'completed');
	await tabA.reload();
	await expect(prompts(tabA)).toHaveText([
		`${first} #scenario:instant`,
		`${third} #scenario:instant`
	]);
	await expect(lastAnswer(tabA)).toContainText(`You said “${third}”`);
});

test('an answer the person stopped continues where it stopped (Messages route)', async ({
	page,
	baseURL
}) => {
	test.slow(); // its answer streams slowly on purpose
	await openChat(page);
	await useMessagesGateway(page, baseURL);
	await send(page, `${unique('long story')} #scenario:slow:100`);
	// 100 ms a token: seconds to press Stop in, even on a busy machine.
	await expect(lastAnswer(page)).toContainText('You said');
	await page.getByRole('button', { name: 'Stop' }).click();
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'cancelled');
	const before = (await lastAnswer(page).locator('[data-markdown]').innerText()).trim();

	await actionsOf(lastAnswer(page)).locator('[data-message-action="continue"]').click();
	// The rest comes at the same pace: several seconds.
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed', {
		timeout: 15_000
	});
	await expect(answers(page)).toHaveCount(1);
	const after = (await lastAnswer(page).locator('[data-markdown]').innerText()).trim();
	expect(after.startsWith(before.slice(0, 20))).toBe(true);
	expect(after.length).toBeGreaterThan(before.length);
});

test('an answer left streaming for another conversation is kept, stopped, and Regenerate answers it', async ({
	page
}) => {
	test.slow(); // its answer streams slowly on purpose
	await openChat(page);
	const asked = unique('left behind');
	await send(page, `${asked} #scenario:slow:100`);
	await expect(lastAnswer(page)).toContainText('You said');
	const conversations = page.getByRole('navigation', { name: 'Conversations' });
	await conversations
		.getByRole('button', { name: 'New conversation', exact: true })
		.first()
		.click();
	await expect(page.locator('[data-empty-state]')).toBeVisible();

	// Back to it: what arrived is there, said to be stopped, and nothing streams on.
	await conversations
		.locator('li[data-conversation]')
		.filter({ hasText: asked })
		.getByRole('button')
		.first()
		.click();
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'cancelled');
	await expect(lastAnswer(page)).toContainText('You said');
	await expect(lastAnswer(page)).toContainText('Stopped.');
	await actionsOf(lastAnswer(page)).locator('[data-message-action="regenerate"]').click();
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed', {
		timeout: 20_000
	});
	await expect(answers(page)).toHaveCount(1);
});
