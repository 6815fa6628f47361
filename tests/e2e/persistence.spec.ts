import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { lastAnswer, openChat, send } from './chat-helpers.ts';
import { failChunksContaining } from './support/unreachable-code.ts';
import { gate } from './support/gate.ts';
import { fetchRouted } from './support/fetch-routed.ts';

/** Nothing typed or received is lost: reloads, crashes and storage trouble. */

/** Two conversations, "about lighthouses" then "about bridges" (open), both answered. */
async function twoConversations(page: Page): Promise<void> {
	await openChat(page);
	await send(page, 'about lighthouses');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await page.getByRole('button', { name: 'New conversation' }).click();
	await send(page, 'about bridges');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
}

test('an answer that was streaming when the page reloaded comes back, marked interrupted', async ({
	page
}) => {
	await openChat(page);
	await send(page, 'hello #scenario:slow:150');
	await expect(lastAnswer(page)).toContainText('You said “hello”');
	await page.reload();
	await expect(page.locator('[data-role="user"]')).toHaveText('hello #scenario:slow:150');
	const answer = lastAnswer(page);
	await expect(answer).toHaveAttribute('data-turn-status', 'interrupted');
	await expect(answer).toContainText('You said “hello”');
	await expect(answer.getByRole('alert')).toHaveAttribute(
		'data-failure-kind',
		'stream_interrupted'
	);
});

test('the draft and the whole conversation survive a reload', async ({ page }) => {
	await openChat(page);
	await send(page, 'first question');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await page.getByRole('textbox', { name: 'Message' }).fill('a thought I have not sent yet');
	await page.reload();
	await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
		'a thought I have not sent yet'
	);
	await expect(lastAnswer(page)).toContainText('You said “first question”');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
});

test('a draft typed in a new conversation, never sent, survives a reload; once sent, it is gone from the composer', async ({
	page
}) => {
	await openChat(page);
	const composer = page.getByRole('textbox', { name: 'Message' });
	await composer.fill('a first question, typed but not sent');
	await page.reload();
	await expect(composer).toHaveValue('a first question, typed but not sent');
	await page.reload();
	await expect(composer).toHaveValue('a first question, typed but not sent');
	await composer.press('Enter');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await page.reload();
	await expect(lastAnswer(page)).toContainText('You said “a first question, typed but not sent”');
	await expect(composer).toHaveValue('');
	await expect(page.locator('[data-role="user"]')).toHaveCount(1);
});

test('a reload opens the conversation that was open, not the latest or a draft elsewhere', async ({
	page
}) => {
	await twoConversations(page);
	const composer = page.getByRole('textbox', { name: 'Message' });
	const prompts = page.locator('[data-role="user"]');
	const sidebar = page.getByRole('navigation', { name: 'Conversations' });

	// An older conversation, opened, with a draft: the reload stays there, draft and all.
	await sidebar.getByRole('button', { name: 'about lighthouses', exact: true }).click();
	await expect(prompts).toHaveText(['about lighthouses']);
	await composer.fill('more about lighthouses, later');
	await page.reload();
	await expect(prompts).toHaveText(['about lighthouses']);
	await expect(composer).toHaveValue('more about lighthouses, later');

	// A new conversation typed in and left for another one: the reload opens the other one.
	await page.getByRole('button', { name: 'New conversation' }).click();
	await composer.fill('a new question, left for later');
	await sidebar.getByRole('button', { name: 'about bridges', exact: true }).click();
	await expect(prompts).toHaveText(['about bridges']);
	await page.reload();
	await expect(prompts).toHaveText(['about bridges']);
	await expect(composer).toHaveValue('');
	// The draft left in the new conversation is still there when it is opened again… by a new tab.
	const other = await page.context().newPage();
	await other.goto(page.url());
	await expect(other.getByRole('textbox', { name: 'Message' })).toHaveValue(
		'a new question, left for later'
	);
});

test('conversations are listed, searchable, renamable, and deletable with undo', async ({
	page
}) => {
	await twoConversations(page);

	const list = page.getByRole('navigation', { name: 'Conversations' });
	await expect(list.getByRole('button', { name: 'about bridges', exact: true })).toBeVisible();
	await expect(list.getByRole('button', { name: 'about lighthouses', exact: true })).toBeVisible();

	await list.getByRole('searchbox', { name: 'Search conversations' }).fill('light');
	await expect(list.getByRole('button', { name: 'about bridges', exact: true })).toHaveCount(0);
	await list.getByRole('button', { name: 'about lighthouses', exact: true }).click();
	await expect(lastAnswer(page)).toContainText('You said “about lighthouses”');
	await list.getByRole('searchbox', { name: 'Search conversations' }).fill('');

	await list.getByRole('button', { name: 'Rename about lighthouses' }).click();
	await list.getByRole('textbox', { name: 'New name' }).fill('Lighthouses');
	await list.getByRole('textbox', { name: 'New name' }).press('Enter');
	await expect(list.getByRole('button', { name: 'Lighthouses', exact: true })).toBeVisible();

	await list.getByRole('button', { name: 'Delete Lighthouses' }).click();
	await expect(list.getByRole('button', { name: 'Lighthouses', exact: true })).toHaveCount(0);
	await list.getByRole('button', { name: 'Undo' }).click();
	await expect(list.getByRole('button', { name: 'Lighthouses', exact: true })).toBeVisible();
	await page.reload();
	await expect(list.getByRole('button', { name: 'Lighthouses', exact: true })).toBeVisible();
});

test('Undo waits while the pointer or the focus is on it, and the delete is final once it is left alone', async ({
	page
}) => {
	await page.clock.install();
	await openChat(page);
	await send(page, 'about harbours');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	const list = page.getByRole('navigation', { name: 'Conversations' });
	const row = list.getByRole('button', { name: 'about harbours', exact: true });
	const undoBar = list.getByRole('status').filter({ hasText: 'Deleted' });
	const undo = list.getByRole('button', { name: 'Undo' });

	// Reading the bar with the pointer on it, or reaching Undo from the keyboard, takes what it
	// takes: long past the 8 s undo window, Undo is still there and still brings it back.
	await list.getByRole('button', { name: 'Delete about harbours' }).click();
	await undoBar.hover();
	await page.clock.fastForward(20_000);
	await expect(undo).toBeVisible();
	await undo.focus();
	await page.mouse.move(0, 0);
	await page.clock.fastForward(20_000);
	await undo.press('Enter');
	await expect(row).toBeVisible();

	// Left alone, the window closes and the delete is final, after a reload too.
	await list.getByRole('button', { name: 'Delete about harbours' }).click();
	await expect(undoBar).toBeVisible();
	await page.locator('#composer').focus();
	await page.mouse.move(0, 0);
	await page.clock.fastForward(9_000);
	await expect(undoBar).toBeHidden();
	await page.reload();
	await expect(page.locator('[data-empty-state]')).toBeVisible();
	await expect(row).toHaveCount(0);
});

test('Undo after deleting the open conversation brings it back open, with its draft', async ({
	page
}) => {
	await twoConversations(page);
	const composer = page.getByRole('textbox', { name: 'Message', exact: true });
	await composer.fill('and the longest one?');
	const prompts = page.locator('[data-role="user"]');
	const list = page.getByRole('navigation', { name: 'Conversations' });

	// Deleting the open conversation shows the next one ...
	await list.getByRole('button', { name: 'Delete about bridges' }).click();
	await expect(prompts).toHaveText(['about lighthouses']);
	// ... and Undo puts back what was on screen: that conversation, open, its draft in the composer.
	await list.getByRole('status').getByRole('button', { name: 'Undo' }).click();
	await expect(prompts).toHaveText(['about bridges']);
	await expect(composer).toHaveValue('and the longest one?');
	const row = list.getByRole('button', { name: 'about bridges', exact: true });
	await expect(row).toBeFocused();
	await expect(row).toHaveAttribute('aria-current', 'true');
	await page.reload();
	await expect(prompts).toHaveText(['about bridges']);

	// Undo of a conversation that was not open leaves the open one as it is.
	await list.getByRole('button', { name: 'Delete about lighthouses' }).click();
	await list.getByRole('status').getByRole('button', { name: 'Undo' }).click();
	await expect(list.getByRole('button', { name: 'about lighthouses', exact: true })).toBeFocused();
	await expect(prompts).toHaveText(['about bridges']);
});

test('a delete is final when the page goes away before its undo offer closes', async ({ page }) => {
	await twoConversations(page);
	const list = page.getByRole('navigation', { name: 'Conversations' });
	const undo = list.getByRole('status').getByRole('button', { name: 'Undo' });

	// Deleted, and the page reloaded at once, the offer still open: it does not come back.
	await list.getByRole('button', { name: 'Delete about bridges' }).click();
	await expect(undo).toBeVisible();
	await page.reload();
	await expect(page.locator('[data-role="user"]')).toHaveText(['about lighthouses']);
	await expect(list.getByRole('button', { name: 'about bridges', exact: true })).toHaveCount(0);
	await expect(undo).toHaveCount(0);
	await page.reload();
	await expect(list.getByRole('button', { name: 'about lighthouses', exact: true })).toBeVisible();
	await expect(list.getByRole('button', { name: 'about bridges', exact: true })).toHaveCount(0);
});

test('↑ in an empty composer opens the last prompt in place; changing your mind loses nothing', async ({
	page
}) => {
	await openChat(page);
	await send(page, 'alpha');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await send(page, 'beta question');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	const composer = page.getByRole('textbox', { name: 'Message', exact: true });
	const editor = page.getByRole('textbox', { name: 'Edit your message' });
	const answers = page.locator('[data-role="assistant"]');

	// ↑ opens the last prompt's editor; nothing is taken away while it is open.
	await composer.press('ArrowUp');
	await expect(editor).toBeFocused();
	await expect(editor).toHaveValue('beta question');
	await expect(answers).toHaveCount(2);
	await expect(composer).toHaveValue('');

	// Esc: the person changed their mind. Both turns stay, after a reload too; focus is back.
	await editor.press('Escape');
	await expect(editor).toHaveCount(0);
	await expect(composer).toBeFocused();
	await expect(page.locator('[data-role="user"]')).toHaveText(['alpha', 'beta question']);
	await page.reload();
	await expect(page.locator('[data-role="user"]')).toHaveText(['alpha', 'beta question']);
	await expect(answers).toHaveCount(2);

	// ↑ again; back in the composer with the editor still open, ↑ goes back to it, edits kept.
	await composer.press('ArrowUp');
	await editor.fill('beta, bett');
	await composer.focus();
	await composer.press('ArrowUp');
	await expect(editor).toBeFocused();
	await expect(editor).toHaveValue('beta, bett');

	// Sending the edit makes a new version; the old turn is one step away.
	await editor.fill('beta, better');
	await editor.press('Enter');
	await expect(lastAnswer(page)).toContainText('You said “beta, better”');
	await expect(composer).toBeFocused();
	const prompt = page.locator('[data-role="user"]').last();
	const versions = prompt.locator('xpath=ancestor::li[1]').locator('[data-versions]');
	await expect(versions).toHaveAttribute('data-versions', '2/2');
	await versions.getByRole('button', { name: 'Previous version' }).click();
	await expect(page.locator('[data-role="user"]')).toHaveText(['alpha', 'beta question']);
	await expect(lastAnswer(page)).toContainText('You said “beta question”');
});

test('export to JSON and import it back restores the conversation', async ({ page }) => {
	await openChat(page);
	await send(page, 'keep this one');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	const downloading = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Export all' }).click();
	const file = await (await downloading).path();
	const exported = await readFile(file, 'utf8');
	expect(JSON.parse(exported)).toMatchObject({ format: 'switchboard.conversations' });

	const list = page.getByRole('navigation', { name: 'Conversations' });
	const rows = list.getByRole('button', { name: 'keep this one', exact: true });
	const summary = page.locator('[data-import-summary]');

	// The same file again, the conversation unchanged: nothing is added twice.
	await page.getByLabel('Import…').setInputFiles(file);
	await expect(summary).toContainText('Every conversation in this file is here already.');
	await expect(summary.locator('[data-import-already-here]')).toHaveText('1');
	await expect(rows).toHaveCount(1);

	// Deleted (even with its undo offer still open), the file brings it back.
	await list.getByRole('button', { name: 'Delete keep this one' }).click();
	await expect(rows).toHaveCount(0);
	await page.getByLabel('Import…').setInputFiles(file);
	await expect(page.getByText('Imported 1 conversation.')).toBeVisible();
	await expect(rows).toHaveCount(1);
	await list.getByRole('button', { name: 'keep this one', exact: true }).click();
	await expect(lastAnswer(page)).toContainText('You said “keep this one”');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');

	// The summary stays until the person is done with it, then goes; the focus to Import….
	await expect(page.locator('[data-import-summary]')).toBeVisible();
	await page.getByRole('button', { name: 'Dismiss the import summary' }).click();
	await expect(page.locator('[data-import-summary]')).toHaveCount(0);
	await expect(page.getByLabel('Import…')).toBeFocused();

	// Chatted on since the export: the older file comes in beside it, and neither loses a word.
	await send(page, 'and one more');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await page.getByLabel('Import…').setInputFiles(file);
	await expect(page.getByText('Imported 1 conversation.')).toBeVisible();
	await expect(rows).toHaveCount(2);
	await page.reload();
	await expect(rows).toHaveCount(2);
	await expect(page.locator('[data-role="user"]')).toHaveText(['keep this one', 'and one more']);
	await rows.nth(1).click();
	await expect(page.locator('[data-role="user"]')).toHaveText(['keep this one']);
});

test('a conversation deleted for good comes back from its export, and only once', async ({
	page
}) => {
	await page.clock.install();
	await openChat(page);
	await send(page, 'restore me later');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	const downloading = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Export all' }).click();
	const file = await (await downloading).path();
	const list = page.getByRole('navigation', { name: 'Conversations' });
	const rows = list.getByRole('button', { name: 'restore me later', exact: true });
	const summary = page.locator('[data-import-summary]');

	// Deleted, and the undo offer left to close: the delete is final.
	await list.getByRole('button', { name: 'Delete restore me later' }).click();
	await expect(list.getByRole('status').filter({ hasText: 'Deleted' })).toBeVisible();
	await page.locator('#composer').focus();
	await page.mouse.move(0, 0);
	await page.clock.fastForward(9_000);
	await expect(list.getByRole('status').filter({ hasText: 'Deleted' })).toBeHidden();
	await expect(rows).toHaveCount(0);

	// Its export brings it back, as the summary says, after a reload too.
	await page.getByLabel('Import…').setInputFiles(file);
	await expect(summary).toContainText('Imported 1 conversation.');
	await expect(rows).toHaveCount(1);
	await page.reload();
	await expect(rows).toHaveCount(1);
	await rows.click();
	await expect(page.locator('[data-role="user"]')).toHaveText(['restore me later']);
	await expect(lastAnswer(page)).toContainText('You said “restore me later”');

	// The same file once more: it is here already, and nothing comes in twice.
	await page.getByLabel('Import…').setInputFiles(file);
	await expect(summary).toContainText('Every conversation in this file is here already.');
	await page.reload();
	await expect(rows).toHaveCount(1);
});

test('a file that is not an export is refused with a clear sentence', async ({ page }) => {
	await openChat(page);
	await page.getByLabel('Import…').setInputFiles({
		name: 'notes.json',
		mimeType: 'application/json',
		buffer: Buffer.from('{"hello": "world"}')
	});
	await expect(page.getByText('This JSON file is not a Switchboard export.')).toBeVisible();

	// A Markdown export is for reading: the sentence says which file to import instead.
	await page.getByLabel('Import…').setInputFiles({
		name: 'lighthouses.md',
		mimeType: 'text/markdown',
		buffer: Buffer.from('# Lighthouses\n\nModel: `demo`\n\n## You\n\ndraw a lighthouse\n')
	});
	await expect(
		page.getByText(
			'This is a Markdown file, which is for reading: to bring conversations back, import a JSON export (Export as JSON or Export all).'
		)
	).toBeVisible();
});

test('with nothing saved, an export says so instead of saving an empty file, and only while it applies', async ({
	page
}) => {
	await openChat(page);
	const list = page.getByRole('navigation', { name: 'Conversations' });
	const transfer = page.getByRole('group', { name: 'Export and import' });
	let downloads = 0;
	page.on('download', () => downloads++);
	await transfer.getByRole('button', { name: 'Export all' }).click();
	await expect(transfer.getByRole('status')).toHaveText(
		'There are no saved conversations to export yet.'
	);
	await transfer.getByRole('button', { name: 'Export as Markdown' }).click();
	await expect(transfer.getByRole('status')).toHaveText(
		'This conversation has no saved messages yet.'
	);
	expect(downloads).toBe(0);

	// Said of the new conversation: once another is open, it is not said any more.
	await send(page, 'now there is something #scenario:instant');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await page.getByRole('button', { name: 'New conversation' }).click();
	await transfer.getByRole('button', { name: 'Export as Markdown' }).click();
	await expect(transfer.getByRole('status')).toHaveText(
		'This conversation has no saved messages yet.'
	);
	await list.locator('li[data-conversation]').first().getByRole('button').first().click();
	await expect(page.locator('[data-role="user"]')).toHaveCount(1);
	await expect(transfer.getByRole('status')).toHaveCount(0);
});

test('Markdown export of the open conversation', async ({ page }) => {
	await openChat(page);
	await send(page, 'markdown please');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	const downloading = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Export as Markdown' }).click();
	const download = await downloading;
	expect(download.suggestedFilename()).toBe('markdown-please.md');
	const text = await readFile(await download.path(), 'utf8');
	expect(text).toContain('## You\n\nmarkdown please');
	expect(text).toContain('## Assistant');
});

test('with storage full, the app says history is not saved and keeps working', async ({
	page,
	baseURL
}) => {
	const session = await page.context().newCDPSession(page);
	await session.send('Storage.overrideQuotaForOrigin', {
		origin: new URL(baseURL ?? '').origin,
		quotaSize: 1
	});
	await openChat(page);
	await send(page, 'still works');
	await expect(page.locator('[data-storage-problem="full"]')).toContainText('storage is full');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await expect(lastAnswer(page)).toContainText('You said “still works”');
});

test('without IndexedDB and without the notice’s own code, the app still says history may not be saved', async ({
	page
}) => {
	await page.addInitScript(() => {
		Object.defineProperty(window, 'indexedDB', { value: undefined });
	});
	// The app server "goes away" for the storage notice's code only (loaded when it is needed).
	await failChunksContaining(page, 'data-storage-lost');
	await openChat(page);
	await expect(page.locator('[data-storage-problem="unexplained"]')).toContainText(
		'History may not be saved'
	);
	await send(page, 'in memory');
	await expect(lastAnswer(page)).toContainText('You said “in memory”');
});

test('without IndexedDB and without the memory store’s code, the conversation still works and the page says history is not saved', async ({
	page
}) => {
	await page.addInitScript(() => {
		Object.defineProperty(window, 'indexedDB', { value: undefined });
	});
	// The app server "goes away" for the memory store's code only (memory-store.ts, loaded only
	// where storage cannot be used): its `load` is the only one to clone the messages it returns.
	let refused = 0;
	await page.route('**/_app/immutable/chunks/*.js', async (route) => {
		const fetched = await fetchRouted(route);
		if (fetched === null) return;
		if (!fetched.body.includes('messages:structuredClone(')) return route.fulfill(fetched);
		refused += 1;
		await route.abort('internetdisconnected');
	});
	await openChat(page);
	await expect(page.locator('[data-storage-problem="unavailable"]')).toBeVisible();
	expect(refused).toBeGreaterThan(0);
	await send(page, 'in memory');
	await expect(lastAnswer(page)).toContainText('You said “in memory”');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await send(page, 'and again');
	await expect(page.locator('[data-role="assistant"]')).toHaveCount(2);
	await expect(lastAnswer(page)).toContainText('You said “and again”');
});

test('when the conversation list’s own code cannot load, every conversation is still listed by its title and opens', async ({
	page
}) => {
	// The app server "goes away" for the rows' code only (loaded with the first conversation to
	// list, conversation-rows.ts): `data-snippet` is in no other chunk.
	await failChunksContaining(page, 'data-snippet');
	await twoConversations(page);
	const plain = page.locator('#sidebar [data-conversations-plain]');
	await expect(plain).toHaveText(['about bridges', 'about lighthouses']);
	await expect(plain.first()).toHaveAttribute('aria-current', 'true');
	await plain.nth(1).click();
	await expect(page.locator('[data-role="user"]')).toHaveText('about lighthouses');
	await expect(lastAnswer(page)).toContainText('You said “about lighthouses”');
	await expect(plain.nth(1)).toHaveAttribute('aria-current', 'true');
});

test.describe('while the conversation list’s own code is on its way', () => {
	// Every script from the network, where a route can hold one (not from the worker's cache).
	test.use({ serviceWorkers: 'block' });

	test('a returning visit shows the list as loading, never as empty, then its rows', async ({
		page
	}) => {
		await openChat(page);
		await send(page, 'kept');
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
		const rows = gate();
		await page.route('**/_app/immutable/chunks/*.js', async (route) => {
			const fetched = await fetchRouted(route);
			if (fetched === null) return;
			// The rows' chunk (ConversationRows.svelte): `data-snippet` is in no other.
			if (fetched.body.includes('data-snippet')) await rows.opened;
			await route.fulfill(fetched);
		});
		await page.reload();
		await expect(page.locator('[data-role="user"]')).toHaveText('kept');
		const sidebar = page.locator('#sidebar');
		await expect(sidebar.locator('[aria-busy="true"]')).toHaveCount(1);
		await expect(sidebar.getByText('No saved conversations yet.')).toHaveCount(0);
		rows.open();
		await expect(sidebar.getByRole('button', { name: 'kept', exact: true })).toHaveAttribute(
			'aria-current',
			'true'
		);
		await expect(sidebar.locator('[aria-busy="true"]')).toHaveCount(0);
	});
});

test('without IndexedDB, the app works in memory and says so', async ({ page }) => {
	await page.addInitScript(() => {
		Object.defineProperty(window, 'indexedDB', { value: undefined });
	});
	await openChat(page);
	await expect(page.locator('[data-storage-problem="unavailable"]')).toBeVisible();
	await send(page, 'in memory');
	await expect(lastAnswer(page)).toContainText('You said “in memory”');
});
