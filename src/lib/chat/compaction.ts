/**
 * Compaction after `context_too_large`: which messages are summarised, which are kept verbatim, and
 * how the history is sent afterwards. At most one compaction per turn (the session enforces it).
 * The notices it leaves in the conversation are in compaction-notices.ts.
 */
import type { Attachment, ConversationTurn } from '../wire/index.ts';
import type { MessageRecord } from './storage/records.ts';

/** Messages before the prompt kept verbatim (the last exchange), besides the prompt itself. */
export const KEEP_VERBATIM = 2;

export const SUMMARY_REQUEST =
	'Summarise our conversation so far in a few short paragraphs. Keep every fact, decision, name, number and open question, so that the conversation can continue from your summary alone. Answer with the summary only.';

/** The messages a compaction of the turn whose prompt is at `promptIndex` summarises. */
export function olderPart(
	messages: readonly MessageRecord[],
	promptIndex: number
): MessageRecord[] {
	return messages
		.slice(0, Math.max(0, promptIndex - KEEP_VERBATIM))
		.filter((m) => m.notice === undefined);
}

/** The seq of the first message kept verbatim after compacting up to `promptIndex`. */
export function firstKeptSeq(messages: readonly MessageRecord[], promptIndex: number): number {
	return messages[Math.max(0, promptIndex - KEEP_VERBATIM)]?.seq ?? 0;
}

export interface SendableHistory {
	turns: ConversationTurn[];
	/** The summary that stands in for what the turns leave out, if any. */
	summary: string | null;
}

/**
 * The turns sent for the answer at `untilIndex`, honouring the latest compaction before it.
 * `files` holds the bytes (base64) of the attachments that could be read, by attachment id; an
 * attachment whose bytes are gone is left out. Every turn goes to the wire layer as it is — with
 * its tool items and reasoning — and the route's builder shapes it into a history the route
 * accepts (src/lib/wire/history-validator.ts): answers with nothing to send back are left out
 * there, and prompts left next to each other are sent as one.
 */
export function sendableHistory(
	messages: readonly MessageRecord[],
	untilIndex: number,
	files: ReadonlyMap<string, string> = new Map()
): SendableHistory {
	const before = messages.slice(0, untilIndex);
	const notice = before.findLast((message) => message.summaryOf !== undefined);
	const from = notice?.summaryOf ?? -Infinity;
	const turns = before
		.filter((message) => message.notice === undefined && message.seq >= from)
		.map((message): ConversationTurn =>
			message.role === 'user' ? userTurn(message, files) : assistantTurn(message)
		);
	return {
		turns,
		summary: notice !== undefined && notice.text !== '' ? notice.text : null
	};
}

function userTurn(message: MessageRecord, files: ReadonlyMap<string, string>): ConversationTurn {
	const attachments: Attachment[] = (message.attachments ?? []).flatMap((file) => {
		const base64 = files.get(file.id);
		return base64 === undefined
			? []
			: [{ kind: file.kind, mimeType: file.mimeType, name: file.name, base64 }];
	});
	return {
		role: 'user',
		text: message.text,
		...(attachments.length === 0 ? {} : { attachments })
	};
}

function assistantTurn(message: MessageRecord): ConversationTurn {
	return {
		role: 'assistant',
		text: message.text,
		...(message.reasoningParts === undefined ? {} : { reasoning: message.reasoningParts }),
		...(message.tools === undefined ? {} : { tools: message.tools })
	};
}
