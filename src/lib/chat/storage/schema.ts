/**
 * The IndexedDB schema and its migrations. Each migration takes the database from version N to
 * N + 1 inside the upgrade transaction; `openDatabase` opens version `MIGRATIONS.length` and runs the
 * ones between the stored version and it in order, so a browser that skipped releases still upgrades
 * step by step.
 */
import { requestResult } from './idb.ts';

export const DATABASE_NAME = 'switchboard';
export const CONVERSATIONS = 'conversations';
export const MESSAGES = 'messages';
export const BY_CONVERSATION = 'byConversation';

type Migration = (database: IDBDatabase, transaction: IDBTransaction) => void;

export const MIGRATIONS: readonly Migration[] = [
	// 0 → 1: conversations, and their messages keyed by id with an index for loading in order.
	(database) => {
		database.createObjectStore(CONVERSATIONS, { keyPath: 'id' });
		const messages = database.createObjectStore(MESSAGES, { keyPath: 'id' });
		messages.createIndex(BY_CONVERSATION, ['conversationId', 'seq']);
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
