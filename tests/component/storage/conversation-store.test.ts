import { afterEach, describe, expect, it } from 'vitest';
import { openConversationStore } from '../../../src/lib/chat/storage/indexeddb-store.ts';
import type { ConversationRecord, MessageRecord } from '../../../src/lib/chat/storage/records.ts';
import {
	ATTACHMENTS,
	CONVERSATIONS,
	MESSAGES,
	MIGRATIONS,
	openDatabase,
	TOMBSTONES
} from '../../../src/lib/chat/storage/schema.ts';
import { requestResult, transactionDone } from '../../../src/lib/chat/storage/idb.ts';

// Real IndexedDB in Chromium; every test uses its own database.
let names: string[] = [];
const freshName = (): string => {
	const name = `switchboard-test-${crypto.randomUUID()}`;
	names.push(name);
	return name;
};
afterEach(async () => {
	await Promise.all(
		names.map((name) => requestResult(indexedDB.deleteDatabase(name)).catch(() => undefined))
	);
	names = [];
});

const conversation = (id: string, updatedAt = 1): ConversationRecord => ({
	id,
	title: `Conversation ${id}`,
	createdAt: 1,
	updatedAt,
	model: 'demo',
	profileId: 'default',
	draft: 'half-typed'
});

const message = (conversationId: string, seq: number, text: string): MessageRecord => ({
	id: `${conversationId}-${seq}`,
	conversationId,
	seq,
	role: seq % 2 === 0 ? 'user' : 'assistant',
	text,
	reasoning: '',
	status: 'completed',
	images: seq === 1 ? [{ mimeType: 'image/png', base64: 'iVBORw0KGgo=' }] : [],
	createdAt: 1000 + seq
});

describe('IndexedDB conversation store', () => {
	it('keeps conversations and their messages in order across a reopen', async () => {
		const name = freshName();
		const store = await openConversationStore({ name });
		expect(store.problem).toBeNull();
		await store.saveConversation(conversation('a', 5));
		await store.saveConversation(conversation('b', 9));
		for (const [seq, text] of ['hello', 'hi there', 'again'].entries())
			await store.saveMessage(message('a', seq, text));

		const reopened = await openConversationStore({ name });
		expect((await reopened.list()).map((record) => record.id)).toEqual(['b', 'a']);
		const loaded = await reopened.load('a');
		expect(loaded?.draft).toBe('half-typed');
		expect(loaded?.messages.map((m) => m.text)).toEqual(['hello', 'hi there', 'again']);
		expect(loaded?.messages[1]?.images).toEqual([
			{ mimeType: 'image/png', base64: 'iVBORw0KGgo=' }
		]);
	});

	it('skips and counts corrupted records instead of failing', async () => {
		const name = freshName();
		const store = await openConversationStore({ name });
		await store.saveConversation(conversation('a'));
		await store.saveMessage(message('a', 0, 'good'));
		const database = await openDatabase(indexedDB, name);
		const transaction = database.transaction([CONVERSATIONS, MESSAGES], 'readwrite');
		transaction.objectStore(CONVERSATIONS).put({ id: 'broken', title: 42 });
		transaction
			.objectStore(MESSAGES)
			.put({ id: 'bad', conversationId: 'a', seq: 1, role: 'robot' });
		transaction.objectStore(MESSAGES).put({
			...message('a', 2, 'x'),
			images: [{ mimeType: 'text/html', base64: 'PHNjcmlwdD4=' }]
		});
		await transactionDone(transaction);
		// A file record whose bytes are not a Blob is no file.
		const files = database.transaction(ATTACHMENTS, 'readwrite');
		files.objectStore(ATTACHMENTS).put({ id: 'f', conversationId: 'a', blob: 'PHNjcmlwdD4=' });
		await transactionDone(files);
		database.close();

		const reopened = await openConversationStore({ name });
		expect((await reopened.list()).map((record) => record.id)).toEqual(['a']);
		const loaded = await reopened.load('a');
		expect(loaded?.messages.map((m) => m.text)).toEqual(['good', 'x']);
		expect(loaded?.messages[1]?.images).toEqual([]);
		expect(reopened.skippedRecords).toBe(2);
		expect(await reopened.loadAttachment('f')).toBeUndefined();
	});

	it('deletes a conversation with all its messages', async () => {
		const store = await openConversationStore({ name: freshName() });
		await store.saveConversation(conversation('a'));
		await store.saveConversation(conversation('b'));
		await store.saveMessage(message('a', 0, 'x'));
		await store.saveMessage(message('b', 0, 'y'));
		await store.deleteConversation('a');
		expect(await store.load('a')).toBeNull();
		expect((await store.loadAll()).map((c) => [c.id, c.messages.length])).toEqual([['b', 1]]);
		// Its tombstone is what an import reads to bring it back under an id of its own.
		expect([...(await store.deletedIds())]).toEqual(['a']);
	});

	it('keeps attached files as Blobs across a reopen, and deletes them with their conversation', async () => {
		const name = freshName();
		const store = await openConversationStore({ name });
		await store.saveConversation(conversation('a'));
		const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
		await store.saveAttachment({
			id: 'file-1',
			conversationId: 'a',
			blob: new Blob([bytes], { type: 'image/png' })
		});
		const reopened = await openConversationStore({ name });
		const blob = await reopened.loadAttachment('file-1');
		expect(blob?.type).toBe('image/png');
		expect(new Uint8Array((await blob?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(bytes);
		await reopened.deleteConversation('a');
		expect(await reopened.loadAttachment('file-1')).toBeUndefined();
		// A late write for the deleted conversation does not bring a file back either.
		await reopened.saveAttachment({ id: 'file-2', conversationId: 'a', blob: new Blob(['x']) });
		expect(await reopened.loadAttachment('file-2')).toBeUndefined();
	});

	it('upgrades a version 2 database to attachments without touching its messages', async () => {
		const name = freshName();
		const legacy = await openDatabase(indexedDB, name, MIGRATIONS.slice(0, 2));
		const write = legacy.transaction([CONVERSATIONS, MESSAGES], 'readwrite');
		write.objectStore(CONVERSATIONS).put(conversation('old'));
		write.objectStore(MESSAGES).put(message('old', 0, 'kept'));
		await transactionDone(write);
		legacy.close();
		const store = await openConversationStore({ name });
		expect((await store.load('old'))?.messages.map((m) => m.text)).toEqual(['kept']);
		await store.saveAttachment({ id: 'f', conversationId: 'old', blob: new Blob(['%PDF']) });
		expect((await store.loadAttachment('f'))?.size).toBe(4);
	});

	it('runs each migration once, in order, from the stored version', async () => {
		const name = freshName();
		const ran: string[] = [];
		const first = (db: IDBDatabase): void => {
			ran.push('1');
			db.createObjectStore('one');
		};
		const second = (db: IDBDatabase): void => {
			ran.push('2');
			db.createObjectStore('two');
		};
		(await openDatabase(indexedDB, name, [first])).close();
		const upgraded = await openDatabase(indexedDB, name, [first, second]);
		expect(ran).toEqual(['1', '2']);
		expect([...upgraded.objectStoreNames].sort()).toEqual(['one', 'two']);
		expect(upgraded.version).toBe(2);
		upgraded.close();
	});

	it('works in memory, saying so, where IndexedDB cannot be opened', async () => {
		const blocked = {
			open: () => {
				throw new DOMException('IndexedDB is disabled by policy', 'SecurityError');
			}
		} as unknown as IDBFactory;
		for (const store of [
			await openConversationStore({ factory: null }),
			await openConversationStore({ factory: blocked })
		]) {
			expect(store.problem).toBe('unavailable');
			await store.saveConversation(conversation('a'));
			await store.saveMessage(message('a', 0, 'still here'));
			expect((await store.load('a'))?.messages[0]?.text).toBe('still here');
		}
	});

	it('repairs a conversation saved with prompts and answers sharing a position (version 1 → 2)', async () => {
		const name = freshName();
		// A database as version 1 left it: every prompt and its answer at the same seq, with ids
		// that make IndexedDB's tie-break put some answers first.
		const legacy = await openDatabase(indexedDB, name, MIGRATIONS.slice(0, 1));
		const write = legacy.transaction([CONVERSATIONS, MESSAGES], 'readwrite');
		write.objectStore(CONVERSATIONS).put(conversation('a'));
		const turns = [
			['z1', 'q-1', 'a-1'],
			['00', 'q-2', 'a-2'],
			['z3', 'q-3', 'a-3']
		] as const;
		for (const [index, [prefix, prompt, answer]] of turns.entries()) {
			const at = 1000 * (index + 1);
			write
				.objectStore(MESSAGES)
				.put({ ...message('a', index, prompt), id: `m-${index}`, role: 'user', createdAt: at });
			write.objectStore(MESSAGES).put({
				...message('a', index, answer),
				id: `${prefix}-answer`,
				role: 'assistant',
				createdAt: at + 5
			});
		}
		write.objectStore(MESSAGES).put({ ...message('b', 0, 'untouched'), id: 'b-0' });
		await transactionDone(write);
		legacy.close();

		const store = await openConversationStore({ name });
		const loaded = await store.load('a');
		expect(loaded?.messages.map((m) => [m.seq, m.role, m.text])).toEqual([
			[0, 'user', 'q-1'],
			[1, 'assistant', 'a-1'],
			[2, 'user', 'q-2'],
			[3, 'assistant', 'a-2'],
			[4, 'user', 'q-3'],
			[5, 'assistant', 'a-3']
		]);
		const database = await openDatabase(indexedDB, name);
		expect([...database.objectStoreNames]).toContain(TOMBSTONES);
		// A conversation without shared positions is left as it was.
		const untouched = database.transaction(MESSAGES, 'readonly').objectStore(MESSAGES).get('b-0');
		expect(await requestResult(untouched)).toMatchObject({ seq: 0, text: 'untouched' });
		expect(database.version).toBe(MIGRATIONS.length);
		database.close();
	});

	it('a deleted conversation stays deleted: later writes to it are refused', async () => {
		const store = await openConversationStore({ name: freshName() });
		await store.saveConversation(conversation('a'));
		await store.saveMessage(message('a', 0, 'x'));
		await store.deleteConversation('a');
		await store.saveMessage(message('a', 1, 'late answer'));
		await store.patchConversation('a', { draft: 'late draft' }, conversation('a'));
		await store.saveConversation(conversation('a'));
		expect(await store.load('a')).toBeNull();
		expect(await store.list()).toEqual([]);
	});

	it('writes a prompt with its conversation record in one transaction: both, or neither for a deleted one', async () => {
		const store = await openConversationStore({ name: freshName() });
		// A blank conversation: not stored, only its draft kept.
		await store.saveBlankDraft('a', 'hello');
		const initial = { ...conversation('a'), draft: 'hello' };
		await store.saveMessage(message('a', 0, 'hello'), {
			patch: { title: 'hello', draft: '', updatedAt: 5 },
			initial
		});
		expect(await store.load('a')).toMatchObject({
			title: 'hello',
			draft: '',
			updatedAt: 5,
			messages: [{ text: 'hello' }]
		});
		expect(await store.blankDrafts()).toEqual([]);
		// A stored record is patched, not replaced: a title set meanwhile stays.
		await store.patchConversation('a', { title: 'Renamed' }, initial);
		await store.saveMessage(message('a', 2, 'again'), { patch: { draft: '' }, initial });
		expect(await store.load('a')).toMatchObject({ title: 'Renamed', updatedAt: 5 });
		await store.deleteConversation('a');
		await store.saveMessage(message('a', 4, 'late'), { patch: { title: 'late' }, initial });
		expect(await store.load('a')).toBeNull();
		expect(await store.list()).toEqual([]);
	});

	it('patches only the fields given: a saved draft keeps a title set meanwhile', async () => {
		const store = await openConversationStore({ name: freshName() });
		await store.saveConversation(conversation('a'));
		await store.patchConversation('a', { title: 'Renamed' }, conversation('a'));
		await store.patchConversation('a', { draft: 'typing' }, conversation('a'));
		expect(await store.load('a')).toMatchObject({ title: 'Renamed', draft: 'typing' });
	});
});
