/**
 * The conversation library at scale, in Chromium with real IndexedDB: search over the messages'
 * text, a list of 2,000 conversations with a bounded DOM, and an import of 12,000 messages in
 * batches with progress and a summary. Timings are printed (for the report), never asserted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { page, userEvent } from 'vitest/browser';
import { ConversationChannel } from '../../../src/lib/chat/conversation-channel.ts';
import { ConversationLibrary } from '../../../src/lib/chat/library.svelte.ts';
import { openConversationStore } from '../../../src/lib/chat/storage/indexeddb-store.ts';
import { requestResult } from '../../../src/lib/chat/storage/idb.ts';
import LibraryHarness from './LibraryHarness.svelte';
import { libraryExport } from './library-fixture.ts';

const names: string[] = [];
const libraries: ConversationLibrary[] = [];
afterEach(async () => {
	for (const library of libraries.splice(0)) library.dispose();
	await Promise.all(
		names.splice(0).map((name) => requestResult(indexedDB.deleteDatabase(name)).catch(() => null))
	);
});

/** A library on a fresh IndexedDB database; no gateway (nothing is sent in these tests). */
async function openLibrary(): Promise<ConversationLibrary> {
	const name = `switchboard-test-${crypto.randomUUID()}`;
	names.push(name);
	const library = new ConversationLibrary(
		() => ({
			model: 'demo',
			classifierModels: [],
			plan: () => {
				throw new Error('no turn is sent in these tests');
			}
		}),
		new ConversationChannel(`library-scale-${crypto.randomUUID()}`)
	);
	libraries.push(library);
	await library.open(await openConversationStore({ name }));
	return library;
}

const rows = (): HTMLElement[] => [
	...document.querySelectorAll<HTMLElement>('li[data-conversation]')
];

describe('search over the messages’ text', () => {
	it('finds a word that is only inside one message, says where, and highlights it', async () => {
		const library = await openLibrary();
		await library.importJson(
			libraryExport({
				conversations: 300,
				messagesEach: 10,
				plant: [
					[123, 7, 'the Quartermaster signed it'],
					[45, 2, '我们明天去参观长城博物馆']
				]
			})
		);
		const screen = await render(LibraryHarness, { library });
		const search = screen.getByRole('searchbox', { name: 'Search conversations' });

		await search.fill('quartermaster');
		const found = page.getByRole('button', { name: 'Conversation 123', exact: true });
		await expect.element(found).toBeVisible();
		await expect.element(screen.getByText('1 conversation matches.')).toBeVisible();
		expect(rows()).toHaveLength(1);
		const snippet = rows()[0]?.querySelector('[data-snippet]');
		expect(snippet?.textContent).toContain('Assistant:');
		expect(snippet?.querySelector('mark')?.textContent).toBe('Quartermaster');
		// The snippet is the button's description, not part of its name.
		await expect.element(found).toHaveAccessibleDescription(/Quartermaster signed it/);

		await search.fill('长城博物馆');
		await expect
			.element(page.getByRole('button', { name: 'Conversation 45', exact: true }))
			.toBeVisible();
		await expect.poll(() => rows().length).toBe(1);
		expect(rows()[0]?.querySelector('mark')?.textContent).toBe('长城博物馆');

		await search.fill('');
		await expect.poll(() => library.visible.length).toBe(300);
	});

	it('highlights the query in a title it matches, folded (case and full-width letters)', async () => {
		const library = await openLibrary();
		await library.importJson(libraryExport({ conversations: 30, messagesEach: 1 }));
		const screen = await render(LibraryHarness, { library });
		// Full-width digits fold to ASCII (NFKC): ｃｏｎｖｅｒｓａｔｉｏｎ ２７ finds "Conversation 27".
		await screen
			.getByRole('searchbox', { name: 'Search conversations' })
			.fill('ｃｏｎｖｅｒｓａｔｉｏｎ ２７');
		await expect.poll(() => rows().length).toBe(1);
		const title = page.getByRole('button', { name: 'Conversation 27', exact: true });
		await expect.element(title).toBeVisible();
		await expect
			.poll(() => rows()[0]?.querySelector('[data-select] mark')?.textContent)
			.toBe('Conversation 27');
	});

	it('shows a snippet as text, never as markup', async () => {
		const library = await openLibrary();
		await library.importJson(
			libraryExport({
				conversations: 3,
				messagesEach: 2,
				plant: [[1, 1, '<img src=x onerror="window.__pwned=1"> <b>bold</b> needle']]
			})
		);
		const screen = await render(LibraryHarness, { library });
		await screen.getByRole('searchbox', { name: 'Search conversations' }).fill('needle');
		await expect.poll(() => rows().length).toBe(1);
		const snippet = rows()[0]?.querySelector('[data-snippet]');
		expect(snippet?.querySelector('img, b')).toBeNull();
		expect(snippet?.textContent).toContain('<b>bold</b>');
		expect('__pwned' in window).toBe(false);
	});

	it('measures a search over 2,000 conversations × 20 messages', async () => {
		const library = await openLibrary();
		await library.importJson(
			libraryExport({ conversations: 2000, messagesEach: 20, plant: [[1500, 13, 'zeppelin']] })
		);
		/** From typing `query` to its results, the 150 ms pause after typing included. */
		const timed = async (query: string): Promise<string> => {
			const started = performance.now();
			library.search.query = query;
			await expect
				.poll(() => library.search.searching, { timeout: 60_000, interval: 5 })
				.toBe(false);
			return `${(performance.now() - started).toFixed(0)} ms`;
		};
		const first = await timed('zeppelin');
		const everywhere = await timed('harbour');
		const nowhere = await timed('harbourmaster');
		const again = await timed('zeppelin');
		console.log(
			`search, 40,000 messages (typing to results, 150 ms pause included): first ${first} (reads storage), then ${everywhere} (2,000 hits), ${nowhere} (no hit), ${again} (1 hit)`
		);
		expect(library.visible.map((record) => record.title)).toEqual(['Conversation 1500']);
	}, 240_000);
});

describe('the conversation list at 2,000 conversations', () => {
	it('keeps a bounded number of rows in the DOM wherever it is scrolled, and tells their place', async () => {
		const library = await openLibrary();
		await library.importJson(libraryExport({ conversations: 2000, messagesEach: 1 }));
		await render(LibraryHarness, { library });
		await expect.poll(() => rows().length).toBeGreaterThan(0);
		const list = document.querySelector('ul[role="list"]');
		const scroller = list?.parentElement;
		if (!(scroller instanceof HTMLElement)) throw new Error('no list scroller');
		const most = { rows: 0, nodes: 0 };
		for (const fraction of [0, 0.25, 0.5, 0.9, 1]) {
			scroller.scrollTop = fraction * (scroller.scrollHeight - scroller.clientHeight);
			await new Promise((resolve) => requestAnimationFrame(resolve));
			await expect.poll(() => rows().some((row) => row.offsetTop >= scroller.scrollTop)).toBe(true);
			most.rows = Math.max(most.rows, rows().length);
			most.nodes = Math.max(most.nodes, document.querySelectorAll('*').length);
		}
		console.log(
			`2,000 conversations: at most ${most.rows} rows, ${most.nodes} elements in the whole document`
		);
		expect(most.rows).toBeLessThanOrEqual(60);
		// At the end, the last conversation (the oldest) is rendered, and says it is 2,000th of 2,000.
		await expect
			.element(page.getByRole('button', { name: 'Conversation 0', exact: true }))
			.toBeInTheDocument();
		const last = rows().at(-1);
		expect(last?.getAttribute('aria-posinset')).toBe('2000');
		expect(last?.getAttribute('aria-setsize')).toBe('2000');
	});

	it('moves through the list with the keyboard, scrolling as it goes', async () => {
		const library = await openLibrary();
		await library.importJson(libraryExport({ conversations: 2000, messagesEach: 1 }));
		await render(LibraryHarness, { library });
		const newest = page.getByRole('button', { name: 'Conversation 1999', exact: true });
		await expect.element(newest).toBeVisible();
		(newest.element() as HTMLElement).focus();
		await userEvent.keyboard('{End}');
		const oldest = page.getByRole('button', { name: 'Conversation 0', exact: true });
		await expect.element(oldest).toHaveFocus();
		await expect.element(oldest).toBeInViewport();
		await userEvent.keyboard('{ArrowUp}');
		await expect
			.element(page.getByRole('button', { name: 'Conversation 1', exact: true }))
			.toHaveFocus();
		await userEvent.keyboard('{Home}');
		await expect.element(newest).toHaveFocus();
		expect(rows().length).toBeLessThanOrEqual(60);
	});

	it('scrolls the open conversation into view', async () => {
		const library = await openLibrary();
		await library.importJson(libraryExport({ conversations: 2000, messagesEach: 1 }));
		await render(LibraryHarness, { library });
		await expect.poll(() => rows().length).toBeGreaterThan(0);
		const id = library.conversations.at(-5)?.id ?? '';
		await library.select(id);
		const open = page.getByRole('button', { name: 'Conversation 4', exact: true });
		await expect.element(open).toBeVisible();
		await expect.element(open).toHaveAttribute('aria-current', 'true');
	});
});

describe('import', () => {
	it('imports 12,000 messages in batches, with progress on screen and a summary at the end', async () => {
		const library = await openLibrary();
		const screen = await render(LibraryHarness, { library });
		const text = libraryExport({ conversations: 600, messagesEach: 20 });
		const damaged = text.replace('"role":"user"', '"role":"robot"');

		// Every value the progress bar showed, as it showed them.
		const values: number[] = [];
		const watcher = new MutationObserver(() => {
			const bar = document.querySelector('progress[value]');
			if (bar instanceof HTMLProgressElement) values.push(bar.value / bar.max);
		});
		watcher.observe(document.body, { subtree: true, childList: true, attributes: true });

		const input = document.querySelector<HTMLInputElement>('input[type="file"]');
		if (input === null) throw new Error('no file input');
		const files = new DataTransfer();
		files.items.add(new File([damaged], 'library.json', { type: 'application/json' }));
		input.files = files.files;
		const started = performance.now();
		input.dispatchEvent(new Event('change', { bubbles: true }));

		const bar = screen.getByRole('progressbar', { name: 'Importing conversations' });
		await expect.element(bar).toBeVisible();
		const summary = screen.getByText('Imported 600 conversations.');
		await expect.element(summary, { timeout: 120_000 }).toBeVisible();
		const elapsed = performance.now() - started;
		watcher.disconnect();
		console.log(`import, 12,000 messages in batches of 200: ${elapsed.toFixed(0)} ms`);

		expect(values.some((value) => value > 0 && value < 1)).toBe(true);
		expect(values).toEqual([...values].sort((a, b) => a - b));
		await expect.element(bar).not.toBeInTheDocument();
		const status = document.querySelector('[data-import-summary]');
		expect(status?.querySelector('[data-import-messages]')?.textContent).toBe('11,999');
		expect(status?.querySelector('[data-import-skipped]')?.textContent).toBe('1');
		expect(status?.querySelector('[data-import-time]')?.textContent).toMatch(/^\d+\.\d s$/);
		expect(library.conversations).toHaveLength(600);
	}, 180_000);

	it('names the conversations that lost something, five of them, and counts the rest', async () => {
		const library = await openLibrary();
		await render(LibraryHarness, { library });
		const file = JSON.parse(libraryExport({ conversations: 9, messagesEach: 4 })) as {
			conversations: { title?: unknown; messages: unknown[] }[];
		};
		const [first, second, third, fourth] = file.conversations;
		if (!first || !second || !third || !fourth) throw new Error('fixture too small');
		first.messages.push({ role: 'robot' });
		second.messages.push(1, 2);
		third.title = '';
		third.messages.push(null);
		(fourth as { messages: unknown }).messages = 'lost';
		file.conversations.push({ title: 'Only a title', messages: [] });
		for (const conversation of file.conversations.slice(5, 7)) conversation.messages.push({});

		const input = document.querySelector<HTMLInputElement>('input[type="file"]');
		if (input === null) throw new Error('no file input');
		const files = new DataTransfer();
		files.items.add(new File([JSON.stringify(file)], 'damaged.json', { type: 'application/json' }));
		input.files = files.files;
		input.dispatchEvent(new Event('change', { bubbles: true }));

		await expect.poll(() => document.querySelector('[data-import-damaged]')).not.toBeNull();
		const items = [...document.querySelectorAll('[data-import-damaged] li')].map(
			(item) => item.textContent
		);
		expect(items).toEqual([
			'“Conversation 0”: 1 message skipped',
			'“Conversation 1”: 2 messages skipped',
			'Conversation 3 of the file: 1 message skipped',
			'“Conversation 3”: could not be read, skipped whole',
			'“Conversation 5”: 1 message skipped',
			'and 2 more'
		]);
		expect(document.querySelector('[data-import-skipped]')?.textContent).toBe('8');
	});
});
