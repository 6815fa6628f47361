/**
 * When one conversation's messages are written, and what is kept as its page goes away. The
 * writes themselves go through the conversation's `ConversationWriter` (conversation-writer.ts),
 * in order; this decides what each one holds:
 *
 * - `save(id, record?)`: message `id` as it is now — the text streamed into it so far is folded
 *   into the page's copy first, so what is shown and what is stored agree — with `record`'s fields
 *   in the same write (a prompt and its conversation's title, draft and time: one transaction);
 * - `saveSoon(id)`: a growing answer, at most every `SAVE_EVERY_MS`;
 * - `flush()`: the answer in flight now, then every write asked for; resolves once they landed;
 * - `journal()`: the synchronous copy for a page going away (unload-journal.ts): the draft, the
 *   last message when its text is still streaming or a write of it is under way — the page may
 *   have torn the request down before `pagehide`, so an answer can read interrupted while its
 *   final write has not landed — and the record's fields still being written (a version chosen);
 * - `forgetJournal()`: that copy goes once storage keeps writes (otherwise it is the only one).
 *
 * It is the `PageHideWork` of page-hide-guard.ts. A function returning its methods rather than a
 * class: its state is read by no one else, and its locals minify (it is in the first visit's
 * scripts).
 */
import type { StreamingText } from '../render/streaming-text.svelte.ts';
import { toRecord, type ChatMessage } from './chat-message.ts';
import type { ConversationWriter } from './conversation-writer.ts';
import type { PageHideWork } from './page-hide-guard.ts';
import type { ConversationPatch } from './storage/conversation-store.ts';
import { clearJournal, writeJournal } from './storage/unload-journal.ts';

/** How often a growing answer is written to storage while it streams. */
export const SAVE_EVERY_MS = 400;

/** What the saver reads of the conversation as the page holds it. */
export interface SavedConversation {
	/** Message `id` of any version, `undefined` once it is gone. */
	find(id: string): ChatMessage | undefined;
	/** Replaces message `id` in the page's copy with `change(it)`; returns what it now is. */
	update(id: string, change: (message: ChatMessage) => ChatMessage): ChatMessage | undefined;
	/** The last message of the version shown. */
	last(): ChatMessage | undefined;
	/** The text still streaming into message `id`, if it is the answer in flight. */
	liveTextOf(id: string): StreamingText | undefined;
	/** The composer's text. */
	draft(): string;
	/** Whether the conversation has no message in any version. */
	empty(): boolean;
}

export interface ConversationSaver extends PageHideWork {
	save(id: string, record?: ConversationPatch): Promise<void>;
	saveSoon(id: string): void;
}

export function conversationSaver(
	writer: ConversationWriter,
	conversation: SavedConversation
): ConversationSaver {
	let timer: ReturnType<typeof setTimeout> | undefined;
	/** Messages with a write under way (by id), which the journal must cover. */
	const writing: Record<string, number> = {};

	/** Message `id` as it is now, what has streamed into it folded into the page's copy. */
	const current = (id: string): ChatMessage | undefined => {
		const live = conversation.liveTextOf(id);
		if (live === undefined) return conversation.find(id);
		return conversation.update(id, (message) => {
			const text = live.read('text');
			const reasoning = live.read('reasoning');
			return message.text === text && message.reasoning === reasoning
				? message
				: { ...message, text, reasoning };
		});
	};

	const save = async (id: string, record?: ConversationPatch): Promise<void> => {
		const message = current(id);
		if (message === undefined) return;
		writing[id] = (writing[id] ?? 0) + 1;
		try {
			await writer.saveMessage(toRecord(message), record);
		} finally {
			writing[id] = (writing[id] ?? 1) - 1;
		}
	};

	return {
		save,
		saveSoon(id) {
			if (timer !== undefined) return;
			timer = setTimeout(() => {
				timer = undefined;
				void save(id);
			}, SAVE_EVERY_MS);
		},
		async flush() {
			clearTimeout(timer);
			timer = undefined;
			const last = conversation.last();
			if (last?.status === 'streaming' && conversation.liveTextOf(last.id) !== undefined) {
				void save(last.id);
			}
			await writer.settled();
		},
		journal() {
			if (conversation.empty() && conversation.draft() === '') return false;
			const last = conversation.last();
			const live = last === undefined ? undefined : conversation.liveTextOf(last.id);
			const unsaved =
				last !== undefined && (live !== undefined || (writing[last.id] ?? 0) > 0)
					? toRecord(
							live === undefined
								? last
								: { ...last, text: live.read('text'), reasoning: live.read('reasoning') }
						)
					: undefined;
			const record = writer.unwrittenFields;
			writeJournal(writer.id, {
				draft: conversation.draft(),
				...(unsaved === undefined ? {} : { message: unsaved }),
				...(Object.keys(record).length === 0 ? {} : { record })
			});
			return true;
		},
		forgetJournal() {
			if (writer.durable) clearJournal(writer.id);
		}
	};
}
