/**
 * A new conversation is not stored until its first message, but what is typed in it is never
 * lost: its draft is kept in the unload journal (localStorage) as it is typed, and the next load
 * reopens that conversation with it. Node has no localStorage; a Map-backed one stands in.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatSession } from '../../../src/lib/chat/chat-session.svelte.ts';
import { blankDraftConversation } from '../../../src/lib/chat/conversation-writer.ts';
import { MemoryStore } from '../../../src/lib/chat/storage/conversation-store.ts';
import { blankConversation, demoFetch, demoTarget } from './demo-session.ts';

class MapStorage implements Storage {
	readonly #items = new Map<string, string>();
	get length(): number {
		return this.#items.size;
	}
	key(index: number): string | null {
		return [...this.#items.keys()][index] ?? null;
	}
	getItem(key: string): string | null {
		return this.#items.get(key) ?? null;
	}
	setItem(key: string, value: string): void {
		this.#items.set(key, value);
	}
	removeItem(key: string): void {
		this.#items.delete(key);
	}
	clear(): void {
		this.#items.clear();
	}
}

beforeEach(() => {
	Object.defineProperty(globalThis, 'localStorage', {
		value: new MapStorage(),
		configurable: true
	});
});
afterEach(() => {
	Reflect.deleteProperty(globalThis, 'localStorage');
});

const open = (store: MemoryStore, id: string): ChatSession =>
	new ChatSession({
		conversation: blankConversation(id),
		store,
		fetch: demoFetch(),
		target: demoTarget()
	});

describe('the draft of a conversation never sent', () => {
	it('is kept as it is typed, and the next load finds it and shows it', async () => {
		const store = new MemoryStore();
		const first = open(store, 'blank-1');
		expect(blankDraftConversation([])).toBeNull();
		first.draft = 'a question, typed';
		// No pagehide, no storage write awaited: it is there at once (a crash right after keeps it).
		expect(blankDraftConversation([])).toBe('blank-1');

		const next = open(store, 'blank-1');
		expect(next.draft).toBe('a question, typed');
		await next.ready;
		// Settling the journal back does not drop it: the conversation is still not stored.
		expect(blankDraftConversation([])).toBe('blank-1');
		expect(open(store, 'blank-1').draft).toBe('a question, typed');
	});

	it('is forgotten when it is emptied, and once sent it is the stored conversation’s', async () => {
		const store = new MemoryStore();
		const session = open(store, 'blank-2');
		session.draft = 'a thought';
		session.draft = '';
		expect(blankDraftConversation([])).toBeNull();

		session.draft = 'hello #scenario:instant';
		await session.send(session.draft);
		expect(session.draft).toBe('');
		expect(blankDraftConversation([])).toBeNull();
		const stored = await store.load('blank-2');
		expect(stored?.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
		expect(stored?.draft).toBe('');
	});

	it('of a stored conversation is not taken for a blank one', () => {
		const store = new MemoryStore();
		const session = open(store, 'blank-3');
		session.draft = 'typed';
		expect(blankDraftConversation(['blank-3'])).toBeNull();
	});
});
