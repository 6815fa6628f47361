/** Writing an import in batches and reading every message back for search, in real IndexedDB. */
import { afterEach, describe, expect, it } from 'vitest';
import {
	SCAN_BATCH,
	type ConversationStore
} from '../../../src/lib/chat/storage/conversation-store.ts';
import { openConversationStore } from '../../../src/lib/chat/storage/indexeddb-store.ts';
import type { ConversationRecord, MessageRecord } from '../../../src/lib/chat/storage/records.ts';
import { MESSAGES, openDatabase } from '../../../src/lib/chat/storage/schema.ts';
import { requestResult, transactionDone } from '../../../src/lib/chat/storage/idb.ts';
import { SearchableStore } from '../../../src/lib/chat/search/searchable-store.ts';

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

const conversation = (id: string): ConversationRecord => ({
	id,
	title: `Conversation ${id}`,
	createdAt: 1,
	updatedAt: 1,
	model: 'demo',
	profileId: 'default',
	draft: ''
});

const message = (conversationId: string, seq: number, text = `text ${seq}`): MessageRecord => ({
	id: `${conversationId}-${String(seq).padStart(5, '0')}`,
	conversationId,
	seq,
	role: seq % 2 === 0 ? 'user' : 'assistant',
	text,
	reasoning: '',
	status: 'completed',
	images: [],
	createdAt: 1000 + seq
});

async function scanned(store: ConversationStore): Promise<{ ids: string[]; batches: number }> {
	const ids: string[] = [];
	let batches = 0;
	await store.scanMessages((records) => {
		batches++;
		ids.push(...records.map((record) => record.id));
	});
	return { ids, batches };
}

describe('batches and scans', () => {
	it('writes a batch whole, and reads every message back in batches', async () => {
		const name = freshName();
		const store = await openConversationStore({ name });
		const count = SCAN_BATCH * 2 + 34;
		const messages = Array.from({ length: count }, (_, seq) => message('a', seq));
		await store.saveBatch({ conversations: [conversation('a')], messages, attachments: [] });

		const reopened = await openConversationStore({ name });
		expect((await reopened.load('a'))?.messages).toHaveLength(count);
		const { ids, batches } = await scanned(reopened);
		expect(batches).toBe(3);
		expect(ids).toEqual(messages.map((record) => record.id));
	});

	it('writes attached files with their batch', async () => {
		const store = await openConversationStore({ name: freshName() });
		await store.saveBatch({
			conversations: [conversation('a')],
			messages: [message('a', 0)],
			attachments: [{ id: 'f', conversationId: 'a', blob: new Blob(['%PDF-1.7']) }]
		});
		expect((await store.loadAttachment('f'))?.size).toBe(8);
	});

	it('writes nothing of a batch for a conversation deleted before, and the rest of it', async () => {
		const store = await openConversationStore({ name: freshName() });
		await store.saveConversation(conversation('gone'));
		await store.deleteConversation('gone');
		await store.saveBatch({
			conversations: [conversation('gone'), conversation('b')],
			messages: [message('gone', 0), message('b', 0)],
			attachments: [{ id: 'f', conversationId: 'gone', blob: new Blob(['x']) }]
		});
		expect((await store.list()).map((record) => record.id)).toEqual(['b']);
		expect((await scanned(store)).ids).toEqual(['b-00000']);
		expect(await store.loadAttachment('f')).toBeUndefined();
	});

	it('leaves damaged records out of a scan without counting them again', async () => {
		const name = freshName();
		const store = await openConversationStore({ name });
		await store.saveBatch({
			conversations: [conversation('a')],
			messages: [message('a', 0), message('a', 1)],
			attachments: []
		});
		const database = await openDatabase(indexedDB, name);
		const write = database.transaction(MESSAGES, 'readwrite');
		write.objectStore(MESSAGES).put({ id: 'a-00000x', conversationId: 'a', role: 'robot' });
		await transactionDone(write);
		database.close();
		expect((await scanned(store)).ids).toEqual(['a-00000', 'a-00001']);
		expect(store.skippedRecords).toBe(0);
	});

	it('keeps the search index current with what is written through it, in every way', async () => {
		const store = new SearchableStore(await openConversationStore({ name: freshName() }));
		await store.saveBatch({
			conversations: [conversation('a'), conversation('b')],
			messages: [message('a', 0, 'the harbour'), message('b', 0, 'a lantern')],
			attachments: []
		});
		const search = async (query: string): Promise<string[]> =>
			[
				...(await (await store.searchIndex()).search(query, new AbortController().signal)).keys()
			].sort();
		expect(await search('harbour')).toEqual(['a']);
		await store.saveBatch({
			conversations: [conversation('c')],
			messages: [message('c', 0, 'harbour lights')],
			attachments: []
		});
		await store.saveMessage(message('b', 1, 'back to the harbour'));
		expect(await search('harbour')).toEqual(['a', 'b', 'c']);
		await store.deleteConversation('c');
		expect(await search('harbour')).toEqual(['a', 'b']);
	});
});
