/**
 * Opening a search hit shows the message that matched, wherever it lies: in a version of the
 * conversation that is not the one shown (an earlier prompt edited into a new branch), or far up
 * a long conversation, outside the rendered window of its latest messages.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { lastAnswer, openChat, send } from './chat-helpers.ts';

const prompts = (page: Page): Locator => page.locator('[data-role="user"]');
const sidebar = (page: Page): Locator => page.getByRole('navigation', { name: 'Conversations' });
const searchField = (page: Page): Locator =>
	sidebar(page).getByRole('searchbox', { name: 'Search conversations' });

/** A word said nowhere else, so that one message matches. */
const rare = (label: string): string => `${label}${Math.random().toString(36).slice(2, 8)}`;

/** Searches the library for `word` and opens the one conversation found. */
async function openHit(page: Page, word: string): Promise<void> {
	await searchField(page).fill(word);
	const found = sidebar(page).locator('li[data-conversation]');
	await expect(found).toHaveCount(1);
	await expect(found.locator('[data-snippet] mark')).toHaveText(word);
	await found.getByRole('button').first().click();
}

/**
 * Asks about `word`, then edits that prompt into a new version: the version with the word is
 * kept, but no longer shown.
 */
async function editedAway(page: Page, word: string): Promise<void> {
	await send(page, `tell me about ${word} #scenario:instant`);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await prompts(page)
		.first()
		.locator('xpath=ancestor::li[1]')
		.locator('[data-message-action="edit"]')
		.click();
	const editor = page.getByRole('textbox', { name: 'Edit your message' });
	await editor.fill('something else #scenario:instant');
	await editor.press('Enter');
	await expect(prompts(page).first()).toHaveText('something else #scenario:instant');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
}

test('a hit in an earlier version of a conversation shows that version', async ({ page }) => {
	await openChat(page);
	const word = rare('heliotrope');
	await editedAway(page, word);

	// From another conversation, and then from this same one: both show the matching version.
	await page.getByRole('button', { name: 'New conversation' }).click();
	await openHit(page, word);
	const matched = prompts(page).filter({ hasText: word });
	await expect(matched).toBeVisible();
	await expect(matched.locator('xpath=ancestor::li[1]').locator('[data-versions]')).toHaveAttribute(
		'data-versions',
		'1/2'
	);

	await matched
		.locator('xpath=ancestor::li[1]')
		.getByRole('button', { name: 'Next version' })
		.click();
	await expect(prompts(page).first()).toHaveText('something else #scenario:instant');
	await openHit(page, word);
	await expect(prompts(page).filter({ hasText: word })).toBeVisible();

	// It is the version shown now, after a reload too.
	await page.reload();
	await expect(prompts(page).filter({ hasText: word })).toBeVisible();
});

test('a hit in another version, opened while an answer streams, is shown when it ends', async ({
	page
}) => {
	test.slow(); // its answer streams slowly on purpose
	await openChat(page);
	const word = rare('bergamot');
	await editedAway(page, word);

	// 100 ms a token: about 8 s of streaming, more than a search on a busy machine takes.
	await send(page, 'and now slowly #scenario:slow:100');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'streaming');
	await openHit(page, word);
	// The answer goes on in its version…
	await expect(prompts(page).first()).toHaveText('something else #scenario:instant');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'streaming');
	// …and when it ends, the version with the hit is shown.
	await expect(prompts(page).filter({ hasText: word })).toBeVisible({ timeout: 40_000 });
	await expect(prompts(page)).toHaveCount(1);
});

/** A Switchboard export (src/lib/chat/storage/transfer.ts) of one long conversation. */
function longConversation(word: string, at: number, count: number): Buffer {
	const messages = Array.from({ length: count }, (_, seq) => ({
		id: `long-m${seq}`,
		conversationId: 'long',
		seq,
		role: seq % 2 === 0 ? 'user' : 'assistant',
		text:
			seq === at
				? `Message ${seq}: the ${word} is here.`
				: `Message ${seq}: ${'a line of ordinary words to give the row some height. '.repeat(4)}`,
		reasoning: '',
		status: 'completed',
		images: [],
		createdAt: 1_700_000_000_000 + seq
	}));
	const file = {
		format: 'switchboard.conversations',
		version: 1,
		exportedAt: new Date(0).toISOString(),
		conversations: [
			{
				id: 'long',
				title: 'A long conversation',
				createdAt: 1_700_000_000_000,
				updatedAt: 1_700_000_000_500,
				model: 'demo',
				profileId: 'default',
				draft: '',
				messages
			}
		]
	};
	return Buffer.from(JSON.stringify(file));
}

/**
 * Imports a 120-message conversation that says `word` in its sixth message, and opens that
 * message from a search: the hit is scrolled into view, far up. Returns the hit.
 */
async function openHitFarUp(page: Page, word: string): Promise<Locator> {
	await openChat(page);
	await page.getByLabel('Import…').setInputFiles({
		name: 'long.json',
		mimeType: 'application/json',
		buffer: longConversation(word, 5, 120)
	});
	await expect(page.getByText('Imported 1 conversation.')).toBeVisible();
	await openHit(page, word);
	const matched = page.locator('[data-role="assistant"]').filter({ hasText: word });
	await expect(matched).toBeInViewport();
	return matched;
}

/**
 * Records, in the page, each message row that is tinted as a revealed hit. The tint lasts a
 * moment (an animation), so a test that polled for it could look only after it had gone on a busy
 * machine; the record keeps every one that was shown.
 */
async function recordTints(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const tinted: string[] = [];
		Object.assign(window, { tintedRows: tinted });
		const record = (row: Element): void => {
			if (row instanceof HTMLElement && row.hasAttribute('data-revealed'))
				tinted.push(row.dataset.messageId ?? '');
		};
		new MutationObserver((changes) => {
			for (const change of changes) {
				if (change.type === 'attributes') record(change.target as Element);
				// A row may also be rendered already tinted.
				for (const node of change.addedNodes) {
					if (!(node instanceof Element)) continue;
					record(node);
					node.querySelectorAll('[data-revealed]').forEach(record);
				}
			}
		}).observe(document, {
			subtree: true,
			childList: true,
			attributes: true,
			attributeFilter: ['data-revealed']
		});
	});
}

/** How many times the row with message id `id` has been tinted so far. */
const timesTinted = (page: Page, id: string): Promise<number> =>
	page.evaluate(
		(id) =>
			(window as unknown as { tintedRows: string[] }).tintedRows.filter((row) => row === id).length,
		id
	);

test('a hit far up a long conversation is scrolled into view', async ({ page }) => {
	await recordTints(page);
	const word = rare('quillwort');
	const matched = await openHitFarUp(page, word);
	// Tinted for a moment, then as any row: scrolled back to later, it does not light up again.
	const row = matched.locator('xpath=ancestor::li[1]');
	const id = (await row.getAttribute('data-message-id')) ?? '';
	await expect.poll(() => timesTinted(page, id)).toBe(1);
	await expect(row).not.toHaveAttribute('data-revealed');
	// Opened again, from further down, it is scrolled to and tinted again.
	await page.getByRole('main').hover();
	await page.mouse.wheel(0, 4000);
	await expect(matched).not.toBeInViewport();
	await openHit(page, word);
	await expect(matched).toBeInViewport();
	await expect.poll(() => timesTinted(page, id)).toBe(2);
	// Scrolling down from there reaches the latest message.
	await page.getByRole('button', { name: /latest/i }).click();
	await expect(page.getByText('Message 119:')).toBeInViewport();
});

test('after a hit far up, a message sent shows at the end with its answer', async ({ page }) => {
	// Tall enough for the prompt and its answer (about 600 px) to fit together: in a shorter view
	// the chat rightly follows the answer's end, and the prompt scrolls off above it.
	await page.setViewportSize({ width: 1280, height: 900 });
	await openHitFarUp(page, rare('sorrel'));

	// The message window holds the rows around the hit, not the latest: sending brings them back.
	const composer = page.getByRole('textbox', { name: 'Message' });
	await composer.fill('a question at the end #scenario:instant');
	await composer.press('Enter');
	const asked = prompts(page).filter({ hasText: 'a question at the end' });
	await expect(asked).toBeInViewport();
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await expect(lastAnswer(page)).toBeInViewport();
	await expect(page.getByRole('button', { name: /latest/i })).toBeHidden();
});

test('an answer is found and shown by what it reads, not by its markdown', async ({ page }) => {
	await openChat(page);
	const word = rare('marjoram');
	await send(page, `${word} #scenario:instant`);
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	// On the page: “word”. This is demo on the Switchboard demo gateway — written
	// `This is **demo** on the Switchboard *demo gateway*`.
	const shown = `${word}”. This is demo on the Switchboard demo gateway`;
	await expect(lastAnswer(page)).toContainText(shown);

	await page.getByRole('button', { name: 'New conversation' }).click();
	await searchField(page).fill(shown);
	const found = sidebar(page).locator('li[data-conversation]');
	await expect(found).toHaveCount(1);
	await expect(found.locator('[data-snippet]')).toContainText(shown);
	await expect(found.locator('[data-snippet]')).not.toContainText('*');
	await found.getByRole('button').first().click();
	await expect(lastAnswer(page)).toContainText(shown);
});
