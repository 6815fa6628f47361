/**
 * Two tabs on one conversation, in Node: two sessions on one store, each with its own
 * ConversationChannel (Node's BroadcastChannel delivers between them as the browser does between
 * tabs). What one writes, the other shows without a reload; positions never collide.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ChatSession } from '../../../src/lib/chat/chat-session.svelte.ts';
import { ConversationChannel, readNews } from '../../../src/lib/chat/conversation-channel.ts';
import { MemoryStore } from '../../../src/lib/chat/storage/memory-store.ts';
import type { Conversation } from '../../../src/lib/chat/storage/records.ts';
import { blankConversation, demoFetch, demoTarget } from './demo-session.ts';

const channels: ConversationChannel[] = [];
afterEach(() => {
	for (const channel of channels.splice(0)) channel.close();
});

function tab(store: MemoryStore, conversation: Conversation, name: string): ChatSession {
	const channel = new ConversationChannel(name);
	channels.push(channel);
	return new ChatSession({
		conversation,
		store,
		channel,
		fetch: demoFetch(),
		target: demoTarget()
	});
}

const blank = blankConversation();

async function until(condition: () => boolean): Promise<void> {
	while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('two tabs on one conversation', () => {
	it("shows the other tab's turns as they are written, and continues after them", async () => {
		const store = new MemoryStore();
		const name = `tabs-${crypto.randomUUID()}`;
		const a = tab(store, blank, name);
		await a.send('from A #scenario:instant');
		const b = tab(store, (await store.load('c1')) ?? blank, name);
		await a.send('again from A #scenario:instant');
		await until(() => b.messages.length === 4 && b.messages[3]?.status === 'completed');
		expect(b.messages.map((m) => m.text.slice(0, 12))).toEqual(
			a.messages.map((m) => m.text.slice(0, 12))
		);
		await b.send('from B #scenario:instant');
		await until(() => a.messages.length === 6 && a.messages[5]?.status === 'completed');
		const stored = (await store.load('c1'))?.messages ?? [];
		expect(stored.map((m) => m.role)).toEqual([
			'user',
			'assistant',
			'user',
			'assistant',
			'user',
			'assistant'
		]);
		expect(new Set(stored.map((m) => m.seq)).size).toBe(6);
		expect(a.messages.map((m) => m.id)).toEqual(stored.map((m) => m.id));
		a.dispose();
		b.dispose();
	});

	it('shows an answer streaming in the other tab as answering there', async () => {
		const store = new MemoryStore();
		const name = `tabs-${crypto.randomUUID()}`;
		const a = tab(store, blank, name);
		await a.send('first #scenario:instant');
		const b = tab(store, (await store.load('c1')) ?? blank, name);
		const sending = a.send('slow #scenario:slow:20');
		await until(() => b.answeringElsewhere);
		expect(a.answeringElsewhere).toBe(false);
		await sending;
		await until(() => !b.answeringElsewhere);
		expect(b.messages.at(-1)?.status).toBe('completed');
		a.dispose();
		b.dispose();
	});

	it('a prompt sent on the version this tab shows is the version shown after a reload, whatever another tab shows', async () => {
		const store = new MemoryStore();
		const name = `tabs-${crypto.randomUUID()}`;
		const a = tab(store, blank, name);
		await a.send('one tab hello #scenario:instant');
		const b = tab(store, (await store.load('c1')) ?? blank, name);
		// B makes a second version of the answer and shows it; A keeps showing the first.
		await b.regenerate();
		await until(() => a.versionsOf(a.messages[1]?.id ?? '')?.count === 2);
		expect(a.versionsOf(a.messages[1]?.id ?? '')?.index).toBe(0);
		await a.send('third from A #scenario:instant');
		await a.flush();
		const reloaded = tab(store, (await store.load('c1')) ?? blank, `${name}-reload`);
		expect(reloaded.messages.map((m) => m.text.slice(0, 12))).toEqual(
			a.messages.map((m) => m.text.slice(0, 12))
		);
		expect(reloaded.messages.at(-2)?.text).toBe('third from A #scenario:instant');
		for (const session of [a, b, reloaded]) session.dispose();
	});

	it('reads news from another tab like anything from outside', () => {
		expect(readNews({ type: 'deleted', conversationId: 'c1' })).toEqual({
			type: 'deleted',
			conversationId: 'c1'
		});
		expect(readNews({ type: 'message', record: { id: 'x' } })).toBeNull();
		expect(
			readNews({ type: 'record', conversationId: 'c1', patch: { title: 7, draft: 'd' } })
		).toEqual({
			type: 'record',
			conversationId: 'c1',
			patch: { draft: 'd' }
		});
		expect(readNews('<script>')).toBeNull();
	});
});
