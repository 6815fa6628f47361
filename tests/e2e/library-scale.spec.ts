/**
 * The conversation library at scale: 2,000 conversations (12,000 messages) brought in through the
 * app's own import, shown with progress and summed up; a list that keeps a bounded number of rows
 * in the page however far it is scrolled; search that finds a word said only inside one message.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openChat } from './chat-helpers.ts';

const CONVERSATIONS = 2000;
const MESSAGES_EACH = 6;
/** At most this many conversation rows in the page at once. */
const MOST_ROWS = 60;

/** Words said only once in the whole library, inside a message (never in a title). */
const RARE_WORD = 'zanzibarite';
const RARE_CONVERSATION = 1234;
const CHINESE_PHRASE = '灯塔看守人';
const CHINESE_CONVERSATION = 777;

const title = (index: number): string => `Voyage ${String(index).padStart(4, '0')}`;

/** A Switchboard export (src/lib/chat/storage/transfer.ts) with one damaged message. */
function exportFile(): Buffer {
	const words = ['harbour', 'tide', 'granite', 'lantern', 'storm', 'signal', 'rope', 'gull'];
	const conversations = Array.from({ length: CONVERSATIONS }, (_, c) => ({
		id: `c${c}`,
		title: title(c),
		createdAt: 1_700_000_000_000 + c * 1000,
		updatedAt: 1_700_000_000_000 + c * 1000 + 500,
		model: 'demo',
		profileId: 'default',
		draft: '',
		messages: Array.from({ length: MESSAGES_EACH }, (_, m) => {
			let text = Array.from({ length: 12 }, (_, w) => words[(c + m + w) % words.length]).join(' ');
			if (c === RARE_CONVERSATION && m === 3) text += ` and a ${RARE_WORD} pebble`;
			if (c === CHINESE_CONVERSATION && m === 2) text = `我想了解${CHINESE_PHRASE}的生活。`;
			return {
				id: `c${c}-m${m}`,
				conversationId: `c${c}`,
				seq: m,
				role: c === 5 && m === 1 ? 'robot' : m % 2 === 0 ? 'user' : 'assistant',
				text,
				reasoning: '',
				status: 'completed',
				images: [],
				createdAt: 1_700_000_000_000 + c * 1000 + m
			};
		})
	}));
	const file = {
		format: 'switchboard.conversations',
		version: 1,
		exportedAt: new Date(0).toISOString(),
		conversations
	};
	return Buffer.from(JSON.stringify(file));
}

function sidebar(page: Page): Locator {
	return page.getByRole('navigation', { name: 'Conversations' });
}

function rows(page: Page): Locator {
	return sidebar(page).locator('li[data-conversation]');
}

/** Imports the library and waits for the summary. */
async function importLibrary(page: Page): Promise<void> {
	await page.getByLabel('Import…').setInputFiles({
		name: 'library.json',
		mimeType: 'application/json',
		buffer: exportFile()
	});
	await expect(
		page.getByText(`Imported ${CONVERSATIONS.toLocaleString('en')} conversations.`)
	).toBeVisible({
		timeout: 90_000
	});
}

test.describe('a library of 2,000 conversations', () => {
	test.setTimeout(180_000);

	test('is imported in batches with a progress bar, then summed up', async ({ page }) => {
		await openChat(page);
		// Every state of the progress bar while the import runs, as the page showed it.
		await page.evaluate(() => {
			const seen: { value: number; max: number; label: string | null; shown: boolean }[] = [];
			Object.assign(window, { progressSeen: seen });
			new MutationObserver(() => {
				const bar = document.querySelector('progress[value]');
				if (!(bar instanceof HTMLProgressElement)) return;
				const last = seen.at(-1);
				if (last?.value === bar.value) return;
				seen.push({
					value: bar.value,
					max: bar.max,
					label: bar.getAttribute('aria-label'),
					shown: bar.checkVisibility()
				});
			}).observe(document.body, { subtree: true, childList: true, attributes: true });
		});

		await page.getByLabel('Import…').setInputFiles({
			name: 'library.json',
			mimeType: 'application/json',
			buffer: exportFile()
		});
		await expect(page.getByRole('progressbar', { name: 'Importing conversations' })).toBeVisible();
		const summary = page.locator('[data-import-summary]');
		await expect(summary).toContainText('Imported 2,000 conversations.', { timeout: 90_000 });
		await expect(page.getByRole('progressbar', { name: 'Importing conversations' })).toHaveCount(0);
		await expect(summary.locator('[data-import-messages]')).toHaveText('11,999');
		await expect(summary.locator('[data-import-skipped]')).toHaveText('1');
		// Which conversation lost it, so that the person can look in the original.
		await expect(summary.locator('[data-import-damaged] li')).toHaveText([
			'“Voyage 0005”: 1 message skipped'
		]);
		await expect(summary.locator('[data-import-time]')).toHaveText(/^\d+\.\d s$/);

		const seen = await page.evaluate(
			() =>
				(
					window as unknown as {
						progressSeen: { value: number; max: number; label: string | null; shown: boolean }[];
					}
				).progressSeen
		);
		const between = seen.filter(({ value, max }) => value > 0 && value < max);
		expect(between.length, 'progress shown part-way, batch by batch').toBeGreaterThan(5);
		expect(between.every(({ max }) => max === 11_999)).toBe(true);
		expect(between.every(({ label, shown }) => label === 'Importing conversations' && shown)).toBe(
			true
		);
		const values = seen.map(({ value }) => value);
		expect(values, 'progress only moves forward').toEqual([...values].sort((a, b) => a - b));

		// Everything imported is listed, and stays after a reload.
		await expect(rows(page).first()).toHaveAttribute('aria-setsize', String(CONVERSATIONS));
		await page.reload();
		await expect(rows(page).first()).toHaveAttribute('aria-setsize', String(CONVERSATIONS));
	});

	test('keeps a bounded number of rows in the page while scrolling, and moves with the keyboard', async ({
		page
	}) => {
		await openChat(page);
		await importLibrary(page);
		const list = sidebar(page);
		await expect(list.getByRole('button', { name: title(1999), exact: true })).toBeVisible();
		expect(await rows(page).count()).toBeLessThanOrEqual(MOST_ROWS);

		const scroller = list.locator('ul[role="list"]').locator('xpath=..');
		for (const fraction of [0.1, 0.5, 0.9, 1]) {
			// The place (1-based) of the first row in view once scrolled there.
			const first = await scroller.evaluate((element, to) => {
				element.scrollTop = to * (element.scrollHeight - element.clientHeight);
				const rowHeight = element.scrollHeight / 2000;
				return Math.floor(element.scrollTop / rowHeight) + 1;
			}, fraction);
			await expect(list.locator(`li[aria-posinset="${first}"]`)).toHaveCount(1);
			expect(await rows(page).count(), `rows at ${fraction * 100}%`).toBeLessThanOrEqual(MOST_ROWS);
		}
		const oldest = list.getByRole('button', { name: title(0), exact: true });
		await expect(oldest).toBeVisible();
		await expect(list.locator('li[data-conversation]').last()).toHaveAttribute(
			'aria-posinset',
			String(CONVERSATIONS)
		);

		// From the top with the keyboard: End goes to the last conversation, ↑ to the one before.
		await scroller.evaluate((element) => (element.scrollTop = 0));
		const newest = list.getByRole('button', { name: title(1999), exact: true });
		await newest.focus();
		await newest.press('End');
		await expect(oldest).toBeFocused();
		await expect(oldest).toBeInViewport();
		await oldest.press('ArrowUp');
		await expect(list.getByRole('button', { name: title(1), exact: true })).toBeFocused();
		await page.keyboard.press('Home');
		await expect(newest).toBeFocused();
		expect(await rows(page).count()).toBeLessThanOrEqual(MOST_ROWS);
	});

	test('search finds a word that is only inside one message, and shows where', async ({ page }) => {
		await openChat(page);
		await importLibrary(page);
		const list = sidebar(page);
		const search = list.getByRole('searchbox', { name: 'Search conversations' });

		await search.fill(RARE_WORD.toUpperCase());
		const found = list.getByRole('button', { name: title(RARE_CONVERSATION), exact: true });
		// The first search reads the 12,000 stored messages into the index first.
		await expect(found).toBeVisible({ timeout: 60_000 });
		await expect(rows(page)).toHaveCount(1);
		await expect(list.getByRole('status')).toHaveText('1 conversation matches.');
		const snippet = rows(page).locator('[data-snippet]');
		await expect(snippet).toContainText('Assistant:');
		await expect(snippet.locator('mark')).toHaveText(RARE_WORD);
		await expect(found).toHaveAccessibleDescription(new RegExp(`${RARE_WORD} pebble`));

		await search.fill(CHINESE_PHRASE);
		const chinese = list.getByRole('button', { name: title(CHINESE_CONVERSATION), exact: true });
		await expect(chinese).toBeVisible();
		await expect(rows(page)).toHaveCount(1);
		await expect(rows(page).locator('mark')).toHaveText(CHINESE_PHRASE);
		await chinese.click();
		await expect(
			page.locator('[data-role="user"]').filter({ hasText: CHINESE_PHRASE })
		).toBeVisible();

		await search.fill('');
		await expect(rows(page).first()).toHaveAttribute('aria-setsize', String(CONVERSATIONS));
		expect(await rows(page).count()).toBeLessThanOrEqual(MOST_ROWS);
	});
});
