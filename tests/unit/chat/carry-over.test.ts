import { describe, expect, it } from 'vitest';
import { carryOver } from '../../../src/lib/chat/carry-over.ts';
import type { ChatSession } from '../../../src/lib/chat/chat-session.svelte.ts';
import { CARRIED_OVER_NOTICE, noticeKind } from '../../../src/lib/chat/compaction-notices.ts';
import { blankConversation } from './demo-target.ts';

/** The parts of a session carryOver reads. */
function session(latestSummary: string | null): ChatSession {
	const messages = [
		{ role: 'user', text: 'the first prompt' },
		{ role: 'assistant', text: 'an answer' },
		{ role: 'user', text: 'the prompt that was too large' }
	];
	return { title: 'Harbours', messages, latestSummary } as unknown as ChatSession;
}

const blank = blankConversation('new');

describe('carryOver', () => {
	it('starts from the summary, marked as carried over, the last prompt waiting in the composer', () => {
		const conversation = carryOver(session('What was said so far.'), blank);
		expect(conversation.id).toBe('new');
		expect(conversation.title).toBe('Harbours (continued)');
		expect(conversation.draft).toBe('the prompt that was too large');
		expect(conversation.messages).toHaveLength(1);
		const [summary] = conversation.messages;
		expect(summary).toMatchObject({
			conversationId: 'new',
			seq: 0,
			role: 'assistant',
			text: 'What was said so far.',
			status: 'completed',
			notice: CARRIED_OVER_NOTICE,
			summaryOf: 1
		});
		expect(noticeKind(summary?.notice ?? '')).toBe('carried_over');
	});

	it('without a summary is a plain new conversation, the last prompt still waiting', () => {
		const conversation = carryOver(session(null), blank);
		expect(conversation).toEqual({ ...blank, draft: 'the prompt that was too large' });
	});

	it('from nothing is the blank conversation as it is', () => {
		expect(carryOver(null, blank)).toEqual(blank);
	});
});
