/**
 * The library's search, in Node on a memory store: titles at once, message text after a pause in
 * typing, the newest query winning, and conversations saved or imported later found too.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationChannel } from '../../../src/lib/chat/conversation-channel.ts';
import { ConversationLibrary } from '../../../src/lib/chat/library.svelte.ts';
import { SEARCH_DELAY_MS } from '../../../src/lib/chat/search/conversation-search.svelte.ts';
import { MemoryStore } from '../../../src/lib/chat/storage/memory-store.ts';
import type { MessageRecord } from '../../../src/lib/chat/storage/records.ts';
import { exportJson } from '../../../src/lib/chat/storage/transfer.ts';
import { demoTarget } from './demo-session.ts';

const libraries: ConversationLibrary[] = [];
afterEach(() => {
	for (const library of libraries.splice(0)) library.dispose();
});

const message = (conversationId: string, seq: number, text: string): MessageRecord => ({
	id: `${conversationId}-${seq}`,
	conversationId,
	seq,
	role: seq % 2 === 0 ? 'user' : 'assistant',
	text,
	reasoning: '',
	status: 'completed',
	images: [],
	createdAt: seq
});

async function libraryOf(
	conversations: Record<string, { title: string; texts: string[] }>
): Promise<ConversationLibrary> {
	const store = new MemoryStore();
	let updatedAt = 1;
	for (const [id, { title, texts }] of Object.entries(conversations)) {
		await store.saveConversation({
			id,
			title,
			createdAt: 1,
			updatedAt: updatedAt++,
			model: 'demo',
			profileId: 'default',
			draft: ''
		});
		for (const [seq, text] of texts.entries()) await store.saveMessage(message(id, seq, text));
	}
	const library = new ConversationLibrary(
		demoTarget(),
		new ConversationChannel(`library-search-${crypto.randomUUID()}`)
	);
	libraries.push(library);
	await library.open(store);
	return library;
}

async function settled(library: ConversationLibrary): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS));
	while (library.search.searching) await new Promise((resolve) => setTimeout(resolve, 5));
}

const titles = (library: ConversationLibrary): string[] =>
	library.visible.map((record) => record.title).sort();

const sample = {
	a: {
		title: 'About lighthouses',
		texts: ['tell me about lighthouses', 'They use a Fresnel lens.']
	},
	b: { title: 'Bridges', texts: ['and bridges?', 'The Golden Gate uses suspension cables.'] },
	c: { title: '旅行计划', texts: ['我想去看长城', '长城在北京附近。'] }
};

describe('library search', () => {
	it('matches titles at once and message text once typing pauses', async () => {
		const library = await libraryOf(sample);
		library.search.query = 'LIGHTHOUSES';
		expect(library.search.searching).toBe(true);
		expect(titles(library)).toEqual(['About lighthouses']);

		library.search.query = 'fresnel';
		expect(titles(library)).toEqual([]);
		await settled(library);
		expect(titles(library)).toEqual(['About lighthouses']);
		const hit = library.search.hitOf('a');
		expect(hit?.role).toBe('assistant');
		expect(`${hit?.snippet.before}[${hit?.snippet.match}]${hit?.snippet.after}`).toBe(
			'They use a [Fresnel] lens.'
		);
	});

	it('finds Chinese text inside messages', async () => {
		const library = await libraryOf(sample);
		library.search.query = '长城';
		await settled(library);
		expect(titles(library)).toEqual(['旅行计划']);
		expect(library.search.hitOf('c')?.snippet.match).toBe('长城');
	});

	it('shows only the newest query’s results when typing goes on', async () => {
		const library = await libraryOf(sample);
		const seen = new Set<string>();
		library.search.query = 'fresnel';
		await new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS / 3));
		library.search.query = 'cables';
		while (library.search.searching) {
			for (const title of titles(library)) seen.add(title);
			await new Promise((resolve) => setTimeout(resolve, 2));
		}
		expect(titles(library)).toEqual(['Bridges']);
		expect(seen.has('About lighthouses')).toBe(false);
		expect(library.search.hitOf('a')).toBeUndefined();
	});

	it('lists everything again when the query is cleared', async () => {
		const library = await libraryOf(sample);
		library.search.query = 'cables';
		await settled(library);
		library.search.query = '   ';
		expect(library.search.searching).toBe(false);
		expect(titles(library)).toHaveLength(3);
		expect(library.search.hitOf('b')).toBeUndefined();
	});

	it('finds what was imported while a search was open', async () => {
		const library = await libraryOf(sample);
		library.search.query = 'marmalade';
		await settled(library);
		expect(titles(library)).toEqual([]);
		const summary = await library.importJson(
			exportJson([
				{
					id: 'x',
					title: 'Breakfast',
					createdAt: 1,
					updatedAt: 99,
					model: 'demo',
					profileId: 'default',
					draft: '',
					messages: [message('x', 0, 'toast'), message('x', 1, 'with Marmalade, of course')]
				}
			])
		);
		expect(summary).toMatchObject({ conversations: 1, messages: 2, skipped: 0 });
		// The same query is searched again, its results staying on screen meanwhile.
		expect(library.search.searching).toBe(false);
		await vi.waitFor(() => expect(titles(library)).toEqual(['Breakfast']));
	});
});
