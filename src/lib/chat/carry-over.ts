/**
 * A new conversation that carries on from another's latest compaction summary: the way out when
 * a conversation is too large even after compacting. Loaded with its first use (a failure card's
 * "New conversation"), not part of the first paint; `ConversationLibrary.newConversationFromSummary`
 * stores and shows what this builds.
 */
import type { ChatSession } from './chat-session.svelte.ts';
import { CARRIED_OVER_NOTICE } from './compaction-notices.ts';
import type { Conversation } from './storage/records.ts';

/**
 * `blank` made to carry on from `from`: the last prompt of `from` waits in its composer (nothing
 * is retyped) and, when `from` has a summary, it is the first message, marked with its notice.
 * Without a summary it stays a plain new conversation, with that prompt as its draft.
 */
export function carryOver(from: ChatSession | null, blank: Conversation): Conversation {
	const draft = from?.messages.findLast((message) => message.role === 'user')?.text ?? '';
	const summary = from?.latestSummary ?? null;
	if (summary === null) return { ...blank, draft };
	return {
		...blank,
		draft,
		title: `${from?.title ?? 'Conversation'} (continued)`,
		messages: [
			{
				id: crypto.randomUUID(),
				conversationId: blank.id,
				seq: 0,
				role: 'assistant',
				text: summary,
				reasoning: '',
				status: 'completed',
				images: [],
				createdAt: Date.now(),
				notice: CARRIED_OVER_NOTICE,
				summaryOf: 1
			}
		]
	};
}
