/**
 * The library's export and import against its store, loaded with their first use
 * (`ConversationLibrary.exportAll`, `exportOne`, `importJson`): the file formats are
 * storage/transfer.ts (written) and storage/import-file.ts (read); this reads and writes the store, with the bytes of attached files.
 */
import type { Download, ImportProgress, ImportSummary } from './library.svelte.ts';
import { base64ToBlob, blobToBase64 } from './storage/blob-base64.ts';
import type { ConversationStore } from './storage/conversation-store.ts';
import type { Conversation } from './storage/records.ts';
import { parseImport } from './storage/import-file.ts';
import { importBatches } from './storage/import-batches.ts';
import {
	exportDate,
	exportJson,
	exportMarkdown,
	exportName,
	type ExportFormat
} from './storage/transfer.ts';

/** Lets the page paint and handle input before the work goes on. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export async function exportAll(store: ConversationStore): Promise<Download> {
	return {
		filename: `switchboard-conversations-${exportDate()}.json`,
		mimeType: 'application/json',
		text: await exportText(store, await store.loadAll())
	};
}

export async function exportOne(
	store: ConversationStore,
	id: string,
	format: ExportFormat
): Promise<Download | null> {
	const conversation = await store.load(id);
	if (conversation === null) return null;
	const base = exportName(conversation.title);
	return format.as === 'json'
		? {
				filename: `${base}.json`,
				mimeType: 'application/json',
				text: await exportText(store, [conversation])
			}
		: {
				filename: `${base}.md`,
				mimeType: 'text/markdown',
				text: exportMarkdown(conversation, format.words)
			};
}

/** The JSON export of `conversations`, with the bytes of their attached files. */
async function exportText(
	store: ConversationStore,
	conversations: readonly Conversation[]
): Promise<string> {
	const attachments: Record<string, string> = {};
	for (const conversation of conversations) {
		for (const message of conversation.messages) {
			for (const file of message.attachments ?? []) {
				const blob = await store.loadAttachment(file.id);
				if (blob !== undefined) attachments[file.id] = await blobToBase64(blob);
			}
		}
	}
	return exportJson(conversations, undefined, attachments);
}

export interface ImportListener {
	/** The conversation whose delete can still be undone: never matched (it is about to go). */
	deleting: string | undefined;
	/** Where the import is: first all zero while the file is read, then after each batch. */
	progress(progress: ImportProgress): void;
	/** A batch is written; `conversationId` is its last conversation's. */
	batchWritten(conversationId: string): void;
}

/**
 * Adds the conversations of an export file to `store`, one batch per write (import-batches.ts),
 * yielding to the page between writes; throws ImportError when the file is not an export.
 */
export async function importInto(
	store: ConversationStore,
	text: string,
	listener: ImportListener
): Promise<ImportSummary> {
	const started = performance.now();
	// Shown while the file is read (a large one takes a moment), before anything is counted.
	listener.progress({
		messagesDone: 0,
		messagesTotal: 0,
		conversationsDone: 0,
		conversationsTotal: 0
	});
	await nextTask();
	const [records, deleted] = await Promise.all([store.list(), store.deletedIds()]);
	const here = new Map(records.map((record) => [record.id, record.updatedAt]));
	if (listener.deleting !== undefined) here.set(listener.deleting, Number.NaN);
	const { conversations, attachments, skipped, damaged, alreadyHere } = parseImport(
		text,
		undefined,
		here,
		deleted
	);
	const progress: ImportProgress = {
		messagesDone: 0,
		messagesTotal: conversations.reduce((sum, { messages }) => sum + messages.length, 0),
		conversationsDone: 0,
		conversationsTotal: conversations.length
	};
	listener.progress(progress);
	for (const batch of importBatches(conversations, attachments)) {
		await store.saveBatch({
			conversations: batch.conversations,
			messages: batch.messages,
			attachments: batch.attachments.map((file) => ({
				id: file.id,
				conversationId: file.conversationId,
				blob: base64ToBlob(file.base64, file.mimeType)
			}))
		});
		const { messagesDone, conversationsDone } = batch;
		listener.progress({ ...progress, messagesDone, conversationsDone });
		const last = batch.conversations.at(-1);
		if (last !== undefined) listener.batchWritten(last.id);
		await nextTask();
	}
	return {
		conversations: conversations.length,
		messages: progress.messagesTotal,
		skipped,
		damaged,
		alreadyHere,
		milliseconds: performance.now() - started
	};
}
