import { describe, expect, it } from 'vitest';
import { importBatches } from '../../../src/lib/chat/storage/import-batches.ts';
import type { Conversation } from '../../../src/lib/chat/storage/records.ts';

function conversation(id: string, messages: number): Conversation {
	return {
		id,
		title: id,
		createdAt: 1,
		updatedAt: 2,
		model: 'demo',
		profileId: 'default',
		draft: '',
		messages: Array.from({ length: messages }, (_, seq) => ({
			id: `${id}-${seq}`,
			conversationId: id,
			seq,
			role: seq % 2 === 0 ? 'user' : 'assistant',
			text: `message ${seq}`,
			reasoning: '',
			status: 'completed',
			images: [],
			createdAt: seq
		}))
	};
}

describe('import batches', () => {
	it('holds at most `size` messages each, every message once, in order', () => {
		const conversations = [conversation('a', 3), conversation('b', 7), conversation('c', 2)];
		const batches = [...importBatches(conversations, [], 4)];
		expect(batches.map((batch) => batch.messages.length)).toEqual([4, 4, 4]);
		expect(batches.flatMap((batch) => batch.messages.map((m) => m.id))).toEqual(
			conversations.flatMap((c) => c.messages.map((m) => m.id))
		);
		expect(batches.map((batch) => batch.messagesDone)).toEqual([4, 8, 12]);
	});

	it('writes a conversation record with its last messages, so it is listed only when whole', () => {
		const batches = [...importBatches([conversation('a', 3), conversation('b', 7)], [], 4)];
		expect(batches.map((batch) => batch.conversations.map((record) => record.id))).toEqual([
			['a'],
			[],
			['b']
		]);
		expect(batches.map((batch) => batch.conversationsDone)).toEqual([1, 1, 2]);
		// Records are stored without their messages.
		expect(batches[0]?.conversations[0]).not.toHaveProperty('messages');
	});

	it("puts a conversation's attached files in the batch with its record", () => {
		const files = [
			{ id: 'f1', conversationId: 'b', base64: 'AA==' },
			{ id: 'f2', conversationId: 'a', base64: 'AA==' }
		];
		const batches = [...importBatches([conversation('a', 2), conversation('b', 2)], files, 2)];
		expect(batches.map((batch) => batch.attachments.map((file) => file.id))).toEqual([
			['f2'],
			['f1']
		]);
	});

	it('keeps conversations without messages, and yields nothing for an empty file', () => {
		const batches = [...importBatches([conversation('empty', 0), conversation('a', 1)], [], 200)];
		expect(batches).toHaveLength(1);
		expect(batches[0]?.conversations.map((record) => record.id)).toEqual(['empty', 'a']);
		expect([...importBatches([], [], 200)]).toEqual([]);
	});

	it('cuts 12,000 messages into 60 batches of 200 by default', () => {
		const conversations = Array.from({ length: 600 }, (_, i) => conversation(`c${i}`, 20));
		const batches = [...importBatches(conversations, [])];
		expect(batches).toHaveLength(60);
		expect(batches.every((batch) => batch.messages.length === 200)).toBe(true);
		expect(batches.at(-1)?.conversationsDone).toBe(600);
	});
});
