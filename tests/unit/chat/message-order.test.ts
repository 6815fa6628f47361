/** The order of a conversation's messages, and the repair of prompts and answers saved with one position. */
import { describe, expect, it } from 'vitest';
import {
	compareMessages,
	hasSharedSeq,
	renumbered
} from '../../../src/lib/chat/storage/message-order.ts';
import type { MessageRecord } from '../../../src/lib/chat/storage/records.ts';

function message(
	id: string,
	seq: number,
	role: MessageRecord['role'],
	createdAt: number
): MessageRecord {
	return {
		id,
		conversationId: 'c',
		seq,
		role,
		text: id,
		reasoning: '',
		status: 'completed',
		images: [],
		createdAt
	};
}

/** Three turns saved by the old numbering: each prompt and its answer share a position. */
const shared = [
	message('zz-A1', 0, 'assistant', 100),
	message('aa-Q1', 0, 'user', 100),
	message('mm-A2', 1, 'assistant', 205),
	message('yy-Q2', 1, 'user', 200),
	message('bb-A3', 2, 'assistant', 300),
	message('cc-Q3', 2, 'user', 300)
];

describe('message order', () => {
	it('puts each prompt before its answer, whatever their ids, when they share a position', () => {
		expect([...shared].sort(compareMessages).map((m) => m.id)).toEqual([
			'aa-Q1',
			'zz-A1',
			'yy-Q2',
			'mm-A2',
			'cc-Q3',
			'bb-A3'
		]);
	});

	it('renumbers a conversation with shared positions 0, 1, 2 … in that order', () => {
		expect(hasSharedSeq(shared)).toBe(true);
		const repaired = renumbered(shared);
		expect(repaired.map((m) => [m.id, m.seq])).toEqual([
			['aa-Q1', 0],
			['zz-A1', 1],
			['yy-Q2', 2],
			['mm-A2', 3],
			['cc-Q3', 4],
			['bb-A3', 5]
		]);
		expect(hasSharedSeq(repaired)).toBe(false);
	});

	it('keeps a compaction notice where it stood, pointing at the same first kept message', () => {
		const notice = { ...message('notice', 1.5, 'assistant', 250), summaryOf: 2 };
		const repaired = renumbered([...shared, notice]);
		const at = repaired.findIndex((m) => m.id === 'notice');
		expect(repaired[at - 1]?.id).toBe('mm-A2');
		expect(repaired[at + 1]?.id).toBe('cc-Q3');
		// It named the turn at old position 2, the third prompt: it still does.
		expect(repaired.find((m) => m.seq === repaired[at]?.summaryOf)?.id).toBe('cc-Q3');
	});
});
