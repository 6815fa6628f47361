/**
 * The order of a conversation's messages, and the repair of orders saved before each message had
 * its own position.
 *
 * `seq` is the order. Older versions gave a prompt and its answer the same `seq` (both were
 * numbered from the last position before either was added), and IndexedDB then broke the tie by
 * the random message id, so after a reload an answer could come before its prompt — and be sent
 * to the model that way. The tie is broken here as it happened: by creation time, then the prompt
 * before its answer.
 */
import type { MessageRecord } from './records.ts';

const ROLE_ORDER = { user: 0, assistant: 1 } as const;

/** Conversation order: `seq`, then creation time, then the prompt before its answer, then id. */
export function compareMessages(a: MessageRecord, b: MessageRecord): number {
	return (
		a.seq - b.seq ||
		a.createdAt - b.createdAt ||
		ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
		(a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
	);
}

/** True when two messages share a position, so that their order depends on the tie-break. */
export function hasSharedSeq(messages: readonly MessageRecord[]): boolean {
	const seen = new Set<number>();
	for (const message of messages) {
		if (seen.has(message.seq)) return true;
		seen.add(message.seq);
	}
	return false;
}

/**
 * The messages of one conversation in order, numbered 0, 1, 2 … A compaction notice's `summaryOf`
 * (the position of the first message kept verbatim) follows the message it named.
 */
export function renumbered(messages: readonly MessageRecord[]): MessageRecord[] {
	const ordered = [...messages].sort(compareMessages);
	const renumber = (oldSeq: number): number => {
		const index = ordered.findIndex((message) => message.seq >= oldSeq);
		return index === -1 ? ordered.length : index;
	};
	return ordered.map((message, index) => {
		const repaired: MessageRecord = { ...message, seq: index };
		if (message.summaryOf !== undefined) repaired.summaryOf = renumber(message.summaryOf);
		return repaired;
	});
}
