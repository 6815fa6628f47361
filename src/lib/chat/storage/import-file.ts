/**
 * Reading an export file back (transfer.ts writes it). Imports are validated record by record like
 * storage reads, and get fresh ids (attachments too) so an import never overwrites what is already
 * here.
 */
import {
	readConversationRecord,
	readMessageRecord,
	type Conversation,
	type MessageRecord
} from './records.ts';
import { EXPORT_FORMAT } from './transfer.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** An attached file's bytes from an import, under its new id. */
export interface ImportedAttachment {
	id: string;
	conversationId: string;
	mimeType: string;
	base64: string;
}

/** A conversation of an import file that lost something to damage. */
export interface DamagedInImport {
	/** Its place among the file's conversations, from 1. */
	position: number;
	/** Its title, when one can be read (spaces collapsed, at most 80 characters with an ellipsis). */
	title: string | null;
	/** How many of its messages were left out; `null` when the whole conversation was. */
	messages: number | null;
}

export interface ImportResult {
	conversations: Conversation[];
	/** The bytes of the imported messages' attachments (refs without bytes are left out). */
	attachments: ImportedAttachment[];
	/** Conversations or messages that did not validate and were left out. */
	skipped: number;
	/** Which conversations those were in, in the file's order. */
	damaged: DamagedInImport[];
	/** Conversations the library has already, unchanged, and that were left out. */
	alreadyHere: number;
}

/** Why a file is not an export; the page says it in the person's language. */
export type ImportRefusal =
	'not_json' | 'damaged_json' | 'markdown' | 'not_export' | 'no_conversations';

export class ImportError extends Error {
	override name = 'ImportError';

	constructor(
		readonly reason: ImportRefusal,
		message: string
	) {
		super(message);
	}
}

/** What a conversation's id may be to be kept on import (the app's ids are UUIDs). */
const KEEPABLE_ID = /^[\w-]{1,64}$/;

/**
 * Reads an export file; throws `ImportError` with its reason when it is not one.
 *
 * `here` maps the ids of the conversations in the library to their `updatedAt` (NaN for one
 * that must not be matched: its delete can still be undone, then it goes). A conversation whose
 * id is here with the same `updatedAt` is the same conversation, unchanged: it is left out and
 * counted in `alreadyHere`, so importing a file twice adds nothing. One that changed since, on
 * either side, comes in as a copy beside it under a new id, so that neither loses anything. One
 * not here keeps its id (importing the file again then finds it). Messages and attachments always
 * get new ids: a file cannot overwrite what a conversation already holds.
 *
 * `deleted` holds the ids of conversations deleted here for good, whose tombstones refuse every
 * write under their id (conversation-store.ts). Such a conversation in the file is brought back —
 * restoring a deleted conversation is what an export is kept for — under the first of `<id>-r1`,
 * `<id>-r2`, … not deleted too (`restoredId`), which is then matched against `here` as its own id
 * would be: importing the file again finds it.
 */
export function parseImport(
	text: string,
	newId: () => string = () => crypto.randomUUID(),
	here: ReadonlyMap<string, number> = new Map(),
	deleted: ReadonlySet<string> = new Set()
): ImportResult {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		// A Markdown export (it starts with its title's heading) is for reading, not importing.
		if (/^\s*#{1,6} \S/.test(text)) {
			throw new ImportError('markdown', 'This is a Markdown file, which is for reading.');
		}
		// It starts as JSON does, and breaks off or is damaged: a download cut short, a bad copy.
		if (/^\ufeff?\s*[{[]/.test(text)) {
			throw new ImportError(
				'damaged_json',
				'This file is damaged or incomplete: its JSON does not read to the end.'
			);
		}
		throw new ImportError('not_json', 'This file is not JSON, so it is not a Switchboard export.');
	}
	if (
		typeof value !== 'object' ||
		value === null ||
		!('format' in value) ||
		value.format !== EXPORT_FORMAT
	) {
		throw new ImportError('not_export', 'This JSON file is not a Switchboard export.');
	}
	if (!('conversations' in value) || !Array.isArray(value.conversations)) {
		throw new ImportError('no_conversations', 'This export holds no conversations.');
	}
	const bytes: Record<string, unknown> =
		'attachments' in value && typeof value.attachments === 'object' && value.attachments !== null
			? (value.attachments as Record<string, unknown>)
			: {};
	let skipped = 0;
	const damaged: DamagedInImport[] = [];
	let alreadyHere = 0;
	const taken = new Set<string>();
	const conversations: Conversation[] = [];
	const attachments: ImportedAttachment[] = [];
	for (const [index, entry] of (value.conversations as unknown[]).entries()) {
		const record = readConversationRecord(entry);
		const rawMessages: unknown =
			typeof entry === 'object' && entry !== null && 'messages' in entry
				? entry.messages
				: undefined;
		if (record === null || !Array.isArray(rawMessages)) {
			skipped++;
			damaged.push({ position: index + 1, title: titleOf(entry), messages: null });
			continue;
		}
		const fileId = deleted.has(record.id) ? restoredId(record.id, deleted) : record.id;
		const inLibrary = here.get(fileId);
		if (inLibrary === record.updatedAt) {
			alreadyHere++;
			continue;
		}
		const keep = inLibrary === undefined && !taken.has(fileId) && KEEPABLE_ID.test(fileId);
		const id = keep ? fileId : newId();
		taken.add(id);
		const messages: MessageRecord[] = [];
		const read: MessageRecord[] = [];
		for (const raw of rawMessages as unknown[]) {
			const message = readMessageRecord(raw);
			if (message !== null) read.push(message);
		}
		const lost = rawMessages.length - read.length;
		if (lost > 0) {
			skipped += lost;
			damaged.push({ position: index + 1, title: titleOf(record), messages: lost });
		}
		// Positions are renumbered 0, 1, 2, … in their order; a position a record refers to (where
		// a branch forks, the first message a summary keeps) becomes the number of messages before it.
		read.sort((a, b) => a.seq - b.seq);
		const rank = (seq: number): number => positionsBefore(read, seq);
		for (const message of read) {
			// An answer that was streaming when exported did not finish.
			const status = message.status === 'streaming' ? 'interrupted' : message.status;
			const files = (message.attachments ?? []).flatMap((file) => {
				const base64 = bytes[file.id];
				if (typeof base64 !== 'string' || !BASE64.test(base64)) return [];
				const fresh = { ...file, id: newId() };
				attachments.push({ id: fresh.id, conversationId: id, mimeType: file.mimeType, base64 });
				return [fresh];
			});
			const { attachments: _refs, ...rest } = message;
			messages.push({
				...rest,
				...(files.length === 0 ? {} : { attachments: files }),
				...(rest.summaryOf === undefined ? {} : { summaryOf: rank(rest.summaryOf) }),
				id: newId(),
				conversationId: id,
				seq: messages.length,
				status
			});
		}
		const branches = record.branches?.map((branch) => ({
			...branch,
			forkSeq: rank(branch.forkSeq)
		}));
		conversations.push({
			...record,
			...(branches === undefined ? {} : { branches }),
			id,
			messages
		});
	}
	return { conversations, attachments, skipped, damaged, alreadyHere };
}

/** The id a conversation deleted here comes back under: `<id>-rN`, the first N not deleted. */
function restoredId(id: string, deleted: ReadonlySet<string>): string {
	for (let number = 1; ; number++) {
		const candidate = `${id}-r${number}`;
		if (!deleted.has(candidate)) return candidate;
	}
}

/** A title to name a damaged conversation by: what its entry holds, if it is text. */
function titleOf(entry: unknown): string | null {
	const title =
		typeof entry === 'object' && entry !== null && 'title' in entry ? entry.title : undefined;
	if (typeof title !== 'string') return null;
	const words = title.replace(/\s+/g, ' ').trim();
	if (words === '') return null;
	// By code point, so that an emoji or a rare Han character is never cut in half.
	const characters = [...words];
	return characters.length > 80 ? `${characters.slice(0, 79).join('')}…` : words;
}

/** How many of `sorted` (by position) stand before position `seq`. */
function positionsBefore(sorted: readonly MessageRecord[], seq: number): number {
	let low = 0;
	let high = sorted.length;
	while (low < high) {
		const middle = (low + high) >>> 1;
		if ((sorted[middle]?.seq ?? Infinity) < seq) low = middle + 1;
		else high = middle;
	}
	return low;
}
