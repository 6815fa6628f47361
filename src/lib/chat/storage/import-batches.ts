/**
 * An import cut into batches that are each written in one IndexedDB transaction. One transaction
 * per message (what a chat's own writes do) costs a commit each — seconds for thousands of
 * messages — while one transaction for a whole file holds every record in memory twice and shows
 * no progress. A batch holds up to `size` messages; a conversation longer than that spans batches.
 *
 * A conversation's record (and its attached files) goes in the batch with its last messages, so a
 * conversation appears in the list only once all of its messages are stored: an import cut short
 * (the page closed, the disk full) leaves whole conversations, never a conversation with its end
 * missing.
 */
import type { Conversation, ConversationRecord, MessageRecord } from './records.ts';

/** Messages per batch: big enough that commits are few, small enough for smooth progress. */
export const IMPORT_BATCH_MESSAGES = 200;

/** A batch to store; `A` is how attached files come (bytes as base64 in an import file). */
export interface ImportBatch<A> {
	conversations: ConversationRecord[];
	messages: MessageRecord[];
	attachments: A[];
	/** Messages in this batch and all before it. */
	messagesDone: number;
	/** Conversations complete once this batch and all before it are stored. */
	conversationsDone: number;
}

export function* importBatches<A extends { conversationId: string }>(
	conversations: readonly Conversation[],
	attachments: readonly A[],
	size = IMPORT_BATCH_MESSAGES
): Generator<ImportBatch<A>> {
	const filesOf = new Map<string, A[]>();
	for (const file of attachments) {
		const list = filesOf.get(file.conversationId) ?? [];
		list.push(file);
		filesOf.set(file.conversationId, list);
	}
	let records: ConversationRecord[] = [];
	let messages: MessageRecord[] = [];
	let files: A[] = [];
	let messagesDone = 0;
	let conversationsDone = 0;
	const take = (): ImportBatch<A> => {
		const batch = { conversations: records, messages, attachments: files };
		conversationsDone += records.length;
		records = [];
		messages = [];
		files = [];
		return { ...batch, messagesDone, conversationsDone };
	};
	for (const { messages: ofConversation, ...record } of conversations) {
		for (const message of ofConversation) {
			if (messages.length === size) yield take();
			messages.push(message);
			messagesDone++;
		}
		records.push(record);
		files.push(...(filesOf.get(record.id) ?? []));
	}
	if (records.length > 0 || messages.length > 0) yield take();
}
