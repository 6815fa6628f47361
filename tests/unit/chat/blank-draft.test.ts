/**
 * A new conversation is not stored until its first message, but what is typed in it is never
 * lost: its draft is written to the store's blank drafts as it is typed (IndexedDB in the browser,
 * where a killed browser cannot take it), and the next load reopens that conversation with it.
 * Where storage keeps nothing (IndexedDB unavailable), the unload journal (localStorage) keeps it.
 * Node has no localStorage; a Map-backed one stands in.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatSession } from '../../../src/lib/chat/chat-session.svelte.ts';
import { ConversationChannel } from '../../../src/lib/chat/conversation-channel.ts';
import { blankDraftConversation } from '../../../src/lib/chat/conversation-restore.ts';
import { ConversationLibrary } from '../../../src/lib/chat/library.svelte.ts';
import { MemoryStore } from '../../../src/lib/chat/storage/memory-store.ts';
import { readJournal, writeJournal } from '../../../src/lib/chat/storage/unload-journal.ts';
import { blankConversation, demoFetch, demoTarget } from './demo-session.ts';
import { installMapStorage } from './map-storage.ts';

const libraries: ConversationLibrary[] = [];
let removeStorage = (): void => undefined;
beforeEach(() => {
	removeStorage = installMapStorage();
});
afterEach(() => {
	for (const library of libraries.splice(0)) library.dispose();
	removeStorage();
});

const open = (store: MemoryStore, id: string): ChatSession =>
	new ChatSession({
		conversation: blankConversation(id),
		store,
		fetch: demoFetch(),
		target: demoTarget()
	});

/** A page load: the library opened on `store`, as the page does. */
async function load(store: MemoryStore): Promise<ConversationLibrary> {
	const library = new ConversationLibrary(
		demoTarget(),
		new ConversationChannel(`blank-draft-${crypto.randomUUID()}`)
	);
	libraries.push(library);
	await library.open(store);
	await library.session?.ready;
	return library;
}

/** The composer of the library's open conversation. */
function session(library: ConversationLibrary): ChatSession {
	const open = library.session;
	if (open === null) throw new Error('no conversation is open');
	return open;
}

describe('the draft of a conversation never sent', () => {
	it('is in the store as it is typed, not in the list, and the next load shows it', async () => {
		const store = new MemoryStore();
		const first = session(await load(store));
		first.draft = 'a question, typed';
		await first.flush();
		expect(await store.blankDrafts()).toMatchObject([{ id: first.id, draft: 'a question, typed' }]);
		expect(await store.list(), 'the stored conversations').toEqual([]);
		// Not through the journal: with no pagehide, localStorage holds nothing of it.
		expect(readJournal(first.id)).toBeNull();

		const next = await load(store);
		expect(next.conversations).toEqual([]);
		expect(session(next).id).toBe(first.id);
		expect(session(next).draft).toBe('a question, typed');
	});

	it('is written one write at a time, the latest text winning', async () => {
		const written: string[] = [];
		let inFlight = 0;
		let mostInFlight = 0;
		const held: (() => void)[] = [];
		class SlowStore extends MemoryStore {
			override async saveBlankDraft(id: string, draft: string): Promise<void> {
				inFlight += 1;
				mostInFlight = Math.max(mostInFlight, inFlight);
				await new Promise<void>((resolve) => held.push(resolve));
				written.push(draft);
				inFlight -= 1;
				return super.saveBlankDraft(id, draft);
			}
		}
		const store = new SlowStore();
		const typing = open(store, 'blank-typing');
		typing.draft = 'a';
		typing.draft = 'a q';
		typing.draft = 'a question';
		// Lets the write that is held go, once there is one.
		const letOneGo = async (): Promise<void> => {
			while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 0));
			held.shift()?.();
		};
		await letOneGo();
		await letOneGo();
		await typing.flush();
		expect(written).toEqual(['a', 'a question']);
		expect(mostInFlight).toBe(1);
		expect((await store.blankDrafts())[0]?.draft).toBe('a question');
	});

	it('is forgotten when it is emptied, and once sent it is the stored conversation’s', async () => {
		const store = new MemoryStore();
		const blank = open(store, 'blank-2');
		blank.draft = 'a thought';
		blank.draft = '';
		await blank.flush();
		expect(await store.blankDrafts()).toEqual([]);
		expect(await blankDraftConversation(store, Promise.resolve([]))).toBeNull();

		blank.draft = 'hello #scenario:instant';
		await blank.send(blank.draft);
		await blank.flush();
		expect(blank.draft).toBe('');
		expect(await store.blankDrafts(), 'the blank drafts once sent').toEqual([]);
		const stored = await store.load('blank-2');
		expect(stored?.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
		expect(stored?.draft).toBe('');
		expect((await store.list()).map(({ id }) => id)).toEqual(['blank-2']);
	});

	it('of a stored conversation is not taken for a blank one', async () => {
		const store = new MemoryStore();
		await store.saveBlankDraft('blank-3', 'left behind');
		expect(await blankDraftConversation(store, Promise.resolve(['blank-3']))).toBeNull();
		expect(await blankDraftConversation(store, Promise.resolve([]))).toMatchObject({
			id: 'blank-3',
			draft: 'left behind'
		});
	});

	it('is kept in the journal as it is typed where storage keeps nothing, and shown after a reload', async () => {
		// IndexedDB unavailable (blocked, some private modes): every load has a memory store.
		const first = session(await load(new MemoryStore('unavailable')));
		first.draft = 'typed with nowhere to save';
		// Synchronously: a page that dies right after the keystroke has it in localStorage.
		expect(readJournal(first.id)?.draft).toBe('typed with nowhere to save');

		const next = await load(new MemoryStore('unavailable'));
		expect(session(next).id).toBe(first.id);
		expect(session(next).draft).toBe('typed with nowhere to save');
		// Settled, it stays in the journal: the store keeps nothing past this page.
		expect(readJournal(first.id)?.draft).toBe('typed with nowhere to save');

		session(next).draft = '';
		expect(readJournal(first.id), 'the journal once the draft is emptied').toBeNull();
	});

	it('left in the journal by a page that went away is written to the store, and the journal removed', async () => {
		// What `pagehide` wrote, while the store's write was cut off with the page.
		writeJournal('blank-4', { draft: 'typed, then the tab closed' });
		const store = new MemoryStore();

		const next = await load(store);
		expect(session(next).id).toBe('blank-4');
		expect(session(next).draft).toBe('typed, then the tab closed');
		expect(await store.blankDrafts()).toMatchObject([
			{ id: 'blank-4', draft: 'typed, then the tab closed' }
		]);
		expect(readJournal('blank-4')).toBeNull();
		expect(next.conversations).toEqual([]);
	});
});
