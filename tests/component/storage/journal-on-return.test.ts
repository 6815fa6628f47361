/**
 * The unload journal is the synchronous last write of a page going away (hidden, closed). A tab
 * that is hidden and comes back is not going away: what is typed after it came back is written to
 * IndexedDB as usual, and a journal left from the hiding must not stand for it after a crash —
 * else the next load folds the older text back over the newer. Real IndexedDB (Chromium).
 */
import { afterEach, expect, it } from 'vitest';
import { openConversationStore } from '../../../src/lib/chat/storage/indexeddb-store.ts';
import { clearJournal, readJournal } from '../../../src/lib/chat/storage/unload-journal.ts';
import { StoragePages } from './storage-pages.ts';

const pages = new StoragePages();
const journals: string[] = [];
afterEach(async () => {
	Reflect.deleteProperty(document, 'visibilityState');
	for (const id of journals.splice(0)) clearJournal(id);
	await pages.cleanUp();
});

/** The tab hidden or shown, as the browser says it. */
function showTab(state: DocumentVisibilityState): void {
	Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
	document.dispatchEvent(new Event('visibilitychange'));
}

it('a tab hidden and shown again: what is typed afterwards wins over the journal after a crash', async () => {
	const name = pages.freshName();
	const store = await openConversationStore({ name });
	await store.saveConversation({
		id: 'stored',
		title: 'Trip',
		createdAt: 1,
		updatedAt: 1,
		model: 'demo',
		profileId: 'default',
		draft: ''
	});
	await store.saveMessage({
		id: 'stored-0',
		conversationId: 'stored',
		seq: 0,
		role: 'user',
		text: 'plan a trip',
		reasoning: '',
		status: 'completed',
		images: [],
		createdAt: 1
	});
	const page = await pages.load(store);
	const session = page.session;
	if (session?.id !== 'stored') throw new Error('the stored conversation is not open');
	journals.push(session.id);

	session.draft = 'before the tab was hidden';
	await session.flush();
	showTab('hidden');
	expect(readJournal(session.id)?.draft).toBe('before the tab was hidden');
	showTab('visible');
	session.draft = 'typed after coming back';
	await session.flush();
	// Whatever the tab does with the journal on its return, it has done by now.
	await new Promise((resolve) => setTimeout(resolve, 0));
	await session.flush();

	// The browser is killed here: nothing more runs in the page. The next load:
	const next = await pages.load(await openConversationStore({ name }));
	expect(next.session?.id).toBe('stored');
	expect(next.session?.draft).toBe('typed after coming back');
});
