/**
 * The IndexedDB schema and its migrations. Each migration takes the database from version N to
 * N + 1 inside the upgrade transaction; `openDatabase` opens version `MIGRATIONS.length` and runs the
 * ones between the stored version and it in order, so a browser that skipped releases still upgrades
 * step by step.
 */
import { requestResult } from './idb.ts';
import { hasSharedSeq, renumbered } from './message-order.ts';
import { readMessageRecord, type MessageRecord } from './records.ts';

export const DATABASE_NAME = 'switchboard';
export const CONVERSATIONS = 'conversations';
export const MESSAGES = 'messages';
export const BY_CONVERSATION = 'byConversation';
/** Ids of deleted conversations: no writer, in any tab, may bring one back. */
export const TOMBSTONES = 'tombstones';
/** The bytes of attached files (`StoredAttachment`), by id, indexed by conversation. */
export const ATTACHMENTS = 'attachments';
export const ATTACHMENTS_BY_CONVERSATION = 'attachmentsByConversation';
/**
 * The drafts of conversations never sent (`BlankDraft`), by conversation id: such a conversation is
 * not in CONVERSATIONS until its first message, yet what is typed in it must survive a crash.
 */
export const BLANK_DRAFTS = 'blankDrafts';
/**
 * The files waiting in a conversation's composer (`DraftFile`), by id, indexed by conversation:
 * not sent yet, and kept all the same, so a reload or a visit to another conversation loses none.
 */
export const DRAFT_FILES = 'draftFiles';
export const DRAFT_FILES_BY_CONVERSATION = 'draftFilesByConversation';

type Migration = (database: IDBDatabase, transaction: IDBTransaction) => void;

export const MIGRATIONS: readonly Migration[] = [
	// 0 → 1: conversations, and their messages keyed by id with an index for loading in order.
	(database) => {
		database.createObjectStore(CONVERSATIONS, { keyPath: 'id' });
		const messages = database.createObjectStore(MESSAGES, { keyPath: 'id' });
		messages.createIndex(BY_CONVERSATION, ['conversationId', 'seq']);
	},
	// 1 → 2: tombstones for deleted conversations, and conversations whose prompt and answer were
	// saved with the same `seq` renumbered in the order they were written (message-order.ts).
	(database, transaction) => {
		database.createObjectStore(TOMBSTONES, { keyPath: 'id' });
		const messages = transaction.objectStore(MESSAGES);
		const all = messages.getAll();
		all.onsuccess = () => {
			const byConversation = new Map<string, MessageRecord[]>();
			for (const value of all.result as unknown[]) {
				const record = readMessageRecord(value);
				if (record === null) continue; // left as it is; reading skips it as before
				const list = byConversation.get(record.conversationId) ?? [];
				list.push(record);
				byConversation.set(record.conversationId, list);
			}
			for (const list of byConversation.values()) {
				if (!hasSharedSeq(list)) continue;
				for (const repaired of renumbered(list)) messages.put(repaired);
			}
		};
	},
	// 2 → 3: the bytes of attached files, as Blobs, apart from the messages that name them.
	(database) => {
		const attachments = database.createObjectStore(ATTACHMENTS, { keyPath: 'id' });
		attachments.createIndex(ATTACHMENTS_BY_CONVERSATION, 'conversationId');
	},
	// 3 → 4: the drafts of conversations never sent.
	(database) => {
		database.createObjectStore(BLANK_DRAFTS, { keyPath: 'id' });
	},
	// 4 → 5: the files waiting in composers.
	(database) => {
		const files = database.createObjectStore(DRAFT_FILES, { keyPath: 'id' });
		files.createIndex(DRAFT_FILES_BY_CONVERSATION, 'conversationId');
	}
];

export function openDatabase(
	factory: IDBFactory,
	name = DATABASE_NAME,
	migrations: readonly Migration[] = MIGRATIONS
): Promise<IDBDatabase> {
	const request = factory.open(name, migrations.length);
	request.onupgradeneeded = (event) => {
		const transaction = request.transaction;
		if (transaction === null) return;
		for (let version = event.oldVersion; version < migrations.length; version++) {
			migrations[version]?.(request.result, transaction);
		}
	};
	request.onblocked = () => {
		// Another tab holds an older version open; it closes on `versionchange` (see below).
	};
	return requestResult(request).then((database) => {
		database.onversionchange = () => database.close();
		return database;
	});
}
