/**
 * The message list's code loads with the first conversation shown (message-views.ts). Until it is
 * in, the conversation's area says it is busy, so that nothing (a person's assistive technology,
 * a test counting prompts) takes the empty area for an empty conversation.
 */
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-svelte';
import type { ChatMessage } from '../../../src/lib/chat/chat-session.svelte.ts';
import MessageListLoader from '../../../src/lib/components/chat/MessageListLoader.svelte';

function prompt(seq: number, text: string): ChatMessage {
	return {
		id: `m${seq}`,
		conversationId: 'c',
		seq,
		role: 'user',
		text,
		reasoning: '',
		status: 'completed',
		images: [],
		createdAt: seq
	};
}

describe('MessageListLoader', () => {
	it('is a busy area while the list’s code loads, then the messages, all of them', async () => {
		const screen = await render(MessageListLoader, {
			messages: [prompt(0, 'first question'), prompt(1, 'second question')],
			liveTextOf: () => undefined,
			waitOf: () => null,
			situationOf: () => ({}),
			awaitingFixOf: () => null,
			onholdretry: () => {},
			pendingRetry: null,
			topUpUrl: null,
			availableActions: new Set<never>(),
			onfailureaction: () => {},
			oncancelretry: () => {}
		});
		const loading = screen.container.querySelector('[data-messages-loading]');
		expect(loading?.getAttribute('aria-busy')).toBe('true');
		expect(screen.container.querySelectorAll('[data-role="user"]')).toHaveLength(0);
		await expect.poll(() => screen.container.querySelector('[data-messages-loading]')).toBeNull();
		expect(
			[...screen.container.querySelectorAll('[data-role="user"]')].map((row) =>
				row.textContent?.trim()
			)
		).toEqual(['first question', 'second question']);
	});
});
