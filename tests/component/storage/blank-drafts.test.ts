/**
 * The drafts of conversations never sent, in real IndexedDB (Chromium): kept across a reopen, the
 * store added to databases of an earlier version, and, when IndexedDB refuses the write, kept by
 * the unload journal so that the next load still shows them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { blankDraftConversation } from '../../../src/lib/chat/conversation-restore.ts';
import type { ConversationLibrary } from '../../../src/lib/chat/library.svelte.ts';
import { type ConversationStore } from '../../../src/lib/chat/storage/conversation-store.ts';
import { openConversationStore } from '../../../src/lib/chat/storage/indexeddb-store.ts';
import { transactionDone } from '../../../src/lib/chat/storage/idb.ts';
import type { ConversationRecord, MessageRecord } from '../../../src/lib/chat/storage/records.ts';
import {
	CONVERSATIONS,
	MESSAGES,
	MIGRATIONS,
	openDatabase
} from '../../../src/lib/chat/storage/schema.ts';
import { clearJournal, readJournal } from '../../../src/lib/chat/storage/unload-journal.ts';
import { StoragePages } from './storage-pages.ts';

const pages = new StoragePages();
const freshName = (): string => pages.freshName();
const load = (store: ConversationStore): Promise<ConversationLibrary> => pages.load(store);
const journals: string[] = [];
// eslint-disable-next-line @typescript-eslint/unbound-method -- put back after each test
const put = IDBObjectStore.prototype.put;
afterEach(async () => {
	IDBObjectStore.prototype.put = put;
	for (const id of journals.splice(0)) clearJournal(id);
	await pages.cleanUp();
});

describe('blank drafts in IndexedDB', () => {
	it('are kept across a reopen, the latest reopened, and forgotten when emptied', async () => {
		const name = freshName();
		const store = await openConversationStore({ name });
		// Kept by id, so the store lists the draft typed first first: the latest is picked.
		await store.saveBlankDraft('a-typed-first', 'first thought');
		await new Promise((resolve) => setTimeout(resolve, 2));
		await store.saveBlankDraft('b-typed-second', 'second thought');

		const reopened = await openConversationStore({ name });
		expect(await blankDraftConversation(reopened, Promise.resolve([]))).toMatchObject({
			id: 'b-typed-second',
			draft: 'second thought'
		});
		expect(
			await blankDraftConversation(reopened, Promise.resolve(['b-typed-second']))
		).toMatchObject({
			id: 'a-typed-first',
			draft: 'first thought'
		});
		expect(await reopened.list(), 'the stored conversations').toEqual([]);
		await reopened.saveBlankDraft('b-typed-second', '');
		expect((await reopened.blankDrafts()).map(({ id }) => id)).toEqual(['a-typed-first']);
	});

	it('are added to a database of version 3, whose conversations stay as they were', async () => {
		const name = freshName();
		const legacy = await openDatabase(indexedDB, name, MIGRATIONS.slice(0, 3));
		const record: ConversationRecord = {
			id: 'old',
			title: 'Old',
			createdAt: 1,
			updatedAt: 1,
			model: 'demo',
			profileId: 'default',
			draft: 'kept'
		};
		const message: MessageRecord = {
			id: 'old-0',
			conversationId: 'old',
			seq: 0,
			role: 'user',
			text: 'hello',
			reasoning: '',
			status: 'completed',
			images: [],
			createdAt: 1
		};
		const write = legacy.transaction([CONVERSATIONS, MESSAGES], 'readwrite');
		write.objectStore(CONVERSATIONS).put(record);
		write.objectStore(MESSAGES).put(message);
		await transactionDone(write);
		legacy.close();

		const store = await openConversationStore({ name });
		expect(store.problem).toBeNull();
		expect(await store.load('old')).toEqual({ ...record, messages: [message] });
		expect(await store.blankDrafts()).toEqual([]);
		await store.saveBlankDraft('new', 'typed after the upgrade');
		expect(store.problem).toBeNull();
		expect((await store.blankDrafts()).map(({ draft }) => draft)).toEqual([
			'typed after the upgrade'
		]);
	});

	it('typed while IndexedDB refuses writes are in the journal, and in the composer after a reload', async () => {
		const name = freshName();
		const first = await load(await openConversationStore({ name }));
		const session = first.session;
		if (session === null) throw new Error('no conversation is open');
		journals.push(session.id);
		// Every write fails as a full disk does.
		IDBObjectStore.prototype.put = () => {
			throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
		};
		session.draft = 'typed onto a full disk';
		await session.flush();
		expect(first.problem, 'the storage notice').not.toBeNull();
		// Without pagehide: the journal has it as soon as the store said it could not keep it.
		expect(readJournal(session.id)?.draft).toBe('typed onto a full disk');
		session.draft = 'typed onto a full disk, and more';
		expect(readJournal(session.id)?.draft).toBe('typed onto a full disk, and more');

		IDBObjectStore.prototype.put = put;
		const next = await load(await openConversationStore({ name }));
		expect(next.session?.id).toBe(session.id);
		expect(next.session?.draft).toBe('typed onto a full disk, and more');
		expect(next.conversations).toEqual([]);
		// The disk takes writes again: the draft is in IndexedDB now, and the journal done with.
		const reopened = await openConversationStore({ name });
		expect((await reopened.blankDrafts()).map(({ draft }) => draft)).toEqual([
			'typed onto a full disk, and more'
		]);
		expect(readJournal(session.id)).toBeNull();
	});
});
