/**
 * What the storage component tests share: databases of their own (removed after each test) and
 * a page load on a store — the library opened on it, as the chat page does, with a target that
 * sends no turn.
 */
import { ConversationChannel } from '../../../src/lib/chat/conversation-channel.ts';
import { ConversationLibrary } from '../../../src/lib/chat/library.svelte.ts';
import type { ConversationStore } from '../../../src/lib/chat/storage/conversation-store.ts';
import { requestResult } from '../../../src/lib/chat/storage/idb.ts';
import type { TurnTarget } from '../../../src/lib/chat/turn-target.ts';

const target = (): TurnTarget => ({
	model: 'demo',
	classifierModels: [],
	plan: () => {
		throw new Error('no turn is sent here');
	}
});

export class StoragePages {
	#names: string[] = [];
	#libraries: ConversationLibrary[] = [];

	/** The name of a new database, deleted by `cleanUp`. */
	freshName(): string {
		const name = `switchboard-test-${crypto.randomUUID()}`;
		this.#names.push(name);
		return name;
	}

	/** A page load: the library opened on `store`, its conversation ready. */
	async load(store: ConversationStore): Promise<ConversationLibrary> {
		const library = new ConversationLibrary(
			target,
			new ConversationChannel(`storage-test-${crypto.randomUUID()}`)
		);
		this.#libraries.push(library);
		await library.open(store);
		await library.session?.ready;
		return library;
	}

	async cleanUp(): Promise<void> {
		for (const library of this.#libraries.splice(0)) library.dispose();
		await Promise.all(
			this.#names
				.splice(0)
				.map((name) => requestResult(indexedDB.deleteDatabase(name)).catch(() => undefined))
		);
	}
}
