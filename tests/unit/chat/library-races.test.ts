/**
 * The library's reads of the store answer late and in any order; what the person did meanwhile
 * wins.
 * - A deleted conversation stays out of the list, whatever was reading the list when it was
 *   deleted: a save just before (an answer completing, a rename) re-reads the list, and that read,
 *   begun before the delete, must not put it back. Found from an e2e flake: deleting a
 *   conversation just after its answer completed put its row back for a moment, and the focus
 *   meant for the row below landed on it.
 * - Of two conversations opened one after the other, the second is shown, even when the first
 *   (a long one) takes longer to load.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationChannel } from '../../../src/lib/chat/conversation-channel.ts';
import { ConversationLibrary } from '../../../src/lib/chat/library.svelte.ts';
import { MemoryStore } from '../../../src/lib/chat/storage/memory-store.ts';
import type { ConversationRecord } from '../../../src/lib/chat/storage/records.ts';
import { demoTarget } from './demo-session.ts';

const libraries: ConversationLibrary[] = [];
afterEach(() => {
	for (const library of libraries.splice(0)) library.dispose();
});

/** A store whose list reads (and loads of `slowLoad`) wait, while `hold` is set, until the test lets them answer. */
class HeldListStore extends MemoryStore {
	hold = false;
	slowLoad: string | null = null;
	readonly waiting: (() => void)[] = [];
	override async load(id: string): ReturnType<MemoryStore['load']> {
		const loaded = await super.load(id);
		if (id === this.slowLoad) await new Promise<void>((resolve) => this.waiting.push(resolve));
		return loaded;
	}
	override async list(): Promise<ConversationRecord[]> {
		const listed = await super.list();
		if (this.hold) await new Promise<void>((resolve) => this.waiting.push(resolve));
		return listed;
	}
	answerAll(): void {
		this.hold = false;
		for (const answer of this.waiting.splice(0)) answer();
	}
}

async function libraryOf(store: HeldListStore, titles: string[]): Promise<ConversationLibrary> {
	for (const [index, title] of titles.entries())
		await store.saveConversation({
			id: title,
			title,
			createdAt: 1,
			updatedAt: titles.length - index,
			model: 'demo',
			profileId: 'default',
			draft: ''
		});
	const library = new ConversationLibrary(
		demoTarget(),
		new ConversationChannel(`library-races-${crypto.randomUUID()}`)
	);
	libraries.push(library);
	await library.open(store);
	return library;
}

const listed = (library: ConversationLibrary): string[] =>
	library.conversations.map((record) => record.id);

describe('a conversation deleted while the list is being read', () => {
	it('does not come back when the read, begun before the delete, answers', async () => {
		const store = new HeldListStore();
		const library = await libraryOf(store, ['second', 'first']);
		store.hold = true;
		const renaming = library.rename('first', 'first, renamed');
		while (store.waiting.length === 0) await Promise.resolve();
		await library.remove('second');
		expect(listed(library)).toEqual(['first']);
		store.answerAll();
		await renaming;
		expect(listed(library)).toEqual(['first']);
		expect(library.conversations[0]?.title).toBe('first, renamed');
	});

	it('does not come back once its delete is done, when a read begun before it answers', async () => {
		const store = new HeldListStore();
		const library = await libraryOf(store, ['third', 'second', 'first']);
		await library.remove('third');
		store.hold = true;
		const renaming = library.rename('first', 'first, renamed');
		while (store.waiting.length === 0) await Promise.resolve();
		// The next delete carries out the one before (no more undo for "third").
		store.hold = false;
		await library.remove('second');
		expect(await store.load('third')).toBeNull();
		store.answerAll();
		await renaming;
		expect(listed(library)).toEqual(['first']);
	});
});

describe('conversations opened one after the other', () => {
	it('shows the last one asked for, however long the one before takes to load', async () => {
		const store = new HeldListStore();
		const library = await libraryOf(store, ['third', 'second', 'first']);
		store.slowLoad = 'second';
		const slow = library.select('second');
		while (store.waiting.length === 0) await Promise.resolve();
		await library.select('first');
		expect(library.session?.id).toBe('first');
		store.answerAll();
		await slow;
		expect(library.session?.id).toBe('first');
	});
});
