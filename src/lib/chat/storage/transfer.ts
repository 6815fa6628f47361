/**
 * Export. JSON is the round-trippable format (everything: generated images, tool activity,
 * sources, and the bytes of attached files as base64 in `attachments`, by id), which
 * import-file.ts reads back; Markdown is for reading and sharing.
 */
import type { Conversation, MessageRecord } from './records.ts';
import { MAIN_BRANCH, threadOf } from '../branches.ts';
import { noticeKind, type NoticeKind } from '../compaction-notices.ts';

export const EXPORT_FORMAT = 'switchboard.conversations';
export const EXPORT_VERSION = 1;

export interface ExportFile {
	format: typeof EXPORT_FORMAT;
	version: typeof EXPORT_VERSION;
	exportedAt: string;
	conversations: Conversation[];
	/** Attached files' bytes, base64, by attachment id (absent in files made before attachments). */
	attachments?: Record<string, string>;
}

/** The name of a conversation's export file: its title's letters and digits, dashes between. */
export function exportName(title: string): string {
	return title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'conversation';
}

/** `YYYY-MM-DD` for export file names. */
export function exportDate(now = new Date()): string {
	return now.toISOString().slice(0, 10);
}

export function exportJson(
	conversations: readonly Conversation[],
	now = new Date(),
	attachments: Readonly<Record<string, string>> = {}
): string {
	const file: ExportFile = {
		format: EXPORT_FORMAT,
		version: EXPORT_VERSION,
		exportedAt: now.toISOString(),
		conversations: [...conversations],
		...(Object.keys(attachments).length === 0 ? {} : { attachments: { ...attachments } })
	};
	return JSON.stringify(file, null, 2);
}

/**
 * The words a Markdown export is written in, in the page's language (the catalogue's
 * `importExport.markdown`). What the person and the model wrote stays as it is.
 */
export interface MarkdownWords {
	untitled: string;
	/** The model's line; `model` arrives as Markdown code. */
	model: (model: string) => string;
	you: string;
	assistant: string;
	reasoning: string;
	attached: (name: string, mimeType: string) => string;
	/** A tool's line; `what` arrives as Markdown code, `input` shortened to one line or ''. */
	tool: (what: string, status: string, input: string) => string;
	sources: string;
	image: (position: number) => string;
	status: { incomplete: string; interrupted: string; cancelled: string; failed: string };
	/** The compaction notices, as a reader of the file needs them (compaction-notices.ts). */
	notices: { readonly [K in NoticeKind]: string };
}

/** What to export a conversation as: JSON (everything, to import again), or Markdown to read. */
export type ExportFormat = { as: 'json' } | { as: 'markdown'; words: MarkdownWords };

/** The note under an answer that did not complete; none under one that did. */
function statusNote(status: MessageRecord['status'], words: MarkdownWords): string | undefined {
	switch (status) {
		case 'completed':
			return undefined;
		case 'streaming':
			return words.status.interrupted;
		case 'incomplete':
		case 'interrupted':
		case 'cancelled':
		case 'failed':
			return words.status[status];
	}
}

/** The conversation as it reads on screen: the branch shown (the JSON export keeps every one). */
export function exportMarkdown(conversation: Conversation, words: MarkdownWords): string {
	const parts = [`# ${conversation.title || words.untitled}`, ''];
	if (conversation.model !== '') parts.push(words.model(`\`${conversation.model}\``), '');
	const shown = threadOf(
		[...conversation.messages].sort((a, b) => a.seq - b.seq),
		conversation.branches ?? [],
		conversation.activeBranch ?? MAIN_BRANCH
	);
	for (const message of shown) {
		if (message.notice !== undefined) {
			const kind = noticeKind(message.notice);
			parts.push(`> ${kind === null ? message.notice : words.notices[kind]}`, '');
			continue;
		}
		parts.push(`## ${message.role === 'user' ? words.you : words.assistant}`, '');
		if (message.reasoning !== '') {
			parts.push(
				`<details><summary>${words.reasoning}</summary>`,
				'',
				message.reasoning,
				'',
				'</details>',
				''
			);
		}
		for (const file of message.attachments ?? []) {
			parts.push(`_[${words.attached(file.name, file.mimeType)}]_`, '');
		}
		for (const tool of message.tools ?? []) {
			const what = [tool.itemType, tool.name].filter((part) => part !== '').join(' ');
			const input = tool.input.replace(/\s+/g, ' ').slice(0, 200);
			parts.push(`> ${words.tool(`\`${what}\``, tool.status, input)}`, '');
		}
		if (message.text !== '') parts.push(message.text, '');
		if (message.citations !== undefined && message.citations.length > 0) {
			parts.push(words.sources, '');
			message.citations.forEach((citation, index) =>
				parts.push(`${index + 1}. [${citation.title || citation.url}](${citation.url})`)
			);
			parts.push('');
		}
		message.images.forEach((_, index) => parts.push(`_[${words.image(index + 1)}]_`, ''));
		const note = statusNote(message.status, words);
		if (note !== undefined) parts.push(`_(${note})_`, '');
		if (message.failure !== undefined) parts.push(`> ${message.failure.message}`, '');
	}
	return parts.join('\n');
}
