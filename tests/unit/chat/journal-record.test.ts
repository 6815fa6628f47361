/**
 * The record's fields in the unload journal (a version chosen a moment before the page went
 * away, its write cut off): the next load shows them and writes them back, read as storage reads
 * the record they change — a damaged or foreign field never reaches the page.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
	restoreConversation,
	settleAbandoned
} from '../../../src/lib/chat/conversation-restore.ts';
import { ConversationWriter } from '../../../src/lib/chat/conversation-writer.ts';
import { MemoryStore } from '../../../src/lib/chat/storage/memory-store.ts';
import type { Conversation, MessageRecord } from '../../../src/lib/chat/storage/records.ts';
import { readJournal, writeJournal } from '../../../src/lib/chat/storage/unload-journal.ts';
import { installMapStorage } from './map-storage.ts';

let removeStorage = (): void => undefined;
beforeEach(() => {
	removeStorage = installMapStorage();
});
afterEach(() => removeStorage());

/** A stored conversation with a regenerated answer: two versions, the newer (`b1`) shown. */
async function storedWithTwoVersions(store: MemoryStore): Promise<Conversation> {
	const record = {
		id: 'c1',
		title: 'Trip',
		createdAt: 1,
		updatedAt: 1,
		model: 'demo',
		profileId: 'default',
		draft: '',
		branches: [{ id: 'b1', parent: '', forkSeq: 1, createdAt: 2 }],
		activeBranch: 'b1',
		shownOrder: ['', 'b1']
	};
	await store.saveConversation(record);
	const message = (id: string, seq: number, text: string): MessageRecord => ({
		id,
		conversationId: 'c1',
		seq,
		role: seq === 0 ? 'user' : 'assistant',
		text,
		reasoning: '',
		status: 'completed',
		images: [],
		createdAt: 1
	});
	await store.saveMessage(message('p', 0, 'plan'));
	await store.saveMessage(message('a', 1, 'one'));
	await store.saveMessage({ ...message('a2', 2, 'two'), branch: 'b1' });
	const conversation = await store.load('c1');
	if (conversation === null) throw new Error('not stored');
	return conversation;
}

/** The next page: the conversation restored from storage and the journal, then settled. */
async function nextLoad(store: MemoryStore) {
	const conversation = await storedWithTwoVersions(store);
	const restored = restoreConversation(conversation);
	const writer = new ConversationWriter(store, restored.record, conversation.messages);
	await settleAbandoned(writer, restored, () => restored.draft);
	return restored;
}

it('a version chosen whose write was cut off is shown by the next load, and written back', async () => {
	const store = new MemoryStore();
	// What pagehide kept: the main version chosen (its id is ''), its write not landed.
	writeJournal('c1', { draft: '', record: { activeBranch: '', shownOrder: ['b1', ''] } });

	const restored = await nextLoad(store);
	expect(restored.record.activeBranch, 'the version shown').toBeUndefined();
	expect(restored.record.shownOrder).toEqual(['b1', '']);
	const stored = await store.load('c1');
	expect(stored?.activeBranch, 'in storage once settled').toBeUndefined();
	expect(stored?.shownOrder).toEqual(['b1', '']);
	expect(readJournal('c1'), 'the journal, once its content is stored').toBeNull();
});

it('a field the record would not hold is dropped as storage drops it; a foreign one is ignored', async () => {
	const store = new MemoryStore();
	writeJournal('c1', {
		record: { activeBranch: 'no-such-version', title: 'Renamed trip', colour: 'red' }
	});

	const restored = await nextLoad(store);
	// An unknown version shown reads as the main one, as it would from storage.
	expect(restored.record.activeBranch).toBeUndefined();
	expect(restored.record.title).toBe('Renamed trip');
	expect(restored.record).not.toHaveProperty('colour');
	expect((await store.load('c1'))?.title).toBe('Renamed trip');
});

it('a damaged record in the journal is ignored whole; its draft still comes back', async () => {
	const store = new MemoryStore();
	writeJournal('c1', { draft: 'typed', record: { title: 42, activeBranch: '' } });

	const restored = await nextLoad(store);
	expect(restored.journalFields).toBeUndefined();
	expect(restored.record.activeBranch, 'the version storage shows').toBe('b1');
	expect(restored.record.title).toBe('Trip');
	expect(restored.draft).toBe('typed');
});
