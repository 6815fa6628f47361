/**
 * The conversation saver: what each write of a message holds, when a growing answer is written,
 * and what the unload journal keeps as the page goes away — against the real ConversationWriter
 * and an in-memory store (a held store stands in for a slow disk).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../src/lib/chat/chat-message.ts';
import {
	conversationSaver,
	SAVE_EVERY_MS,
	type ConversationSaver
} from '../../../src/lib/chat/conversation-saver.ts';
import { ConversationWriter } from '../../../src/lib/chat/conversation-writer.ts';
import { MemoryStore } from '../../../src/lib/chat/storage/memory-store.ts';
import { readJournal, writeJournal } from '../../../src/lib/chat/storage/unload-journal.ts';
import { StreamingText } from '../../../src/lib/render/streaming-text.svelte.ts';
import { blankConversation, holdWrites } from './demo-session.ts';
import { installMapStorage } from './map-storage.ts';

/** A conversation as a page holds it: its messages, the answer streaming, the draft. */
class Page {
	messages: ChatMessage[] = [];
	streaming: { id: string; live: StreamingText } | null = null;
	draft = '';
	readonly writer: ConversationWriter;
	readonly saver: ConversationSaver;

	constructor(readonly store: MemoryStore) {
		const { messages, ...record } = blankConversation('c1');
		this.writer = new ConversationWriter(store, record, messages);
		this.saver = conversationSaver(this.writer, {
			find: (id) => this.messages.find((message) => message.id === id),
			update: (id, change) => {
				const index = this.messages.findIndex((message) => message.id === id);
				const current = this.messages[index];
				if (current === undefined) return undefined;
				this.messages = this.messages.with(index, change(current));
				return this.messages[index];
			},
			last: () => this.messages.at(-1),
			liveTextOf: (id) => (this.streaming?.id === id ? this.streaming.live : undefined),
			draft: () => this.draft,
			empty: () => this.messages.length === 0
		});
	}

	add(role: ChatMessage['role'], text: string, status: ChatMessage['status']): ChatMessage {
		const message: ChatMessage = {
			id: `m${this.messages.length}`,
			conversationId: 'c1',
			seq: this.writer.nextSeq(),
			role,
			text,
			reasoning: '',
			status,
			images: [],
			createdAt: 1
		};
		this.messages = [...this.messages, message];
		return message;
	}

	/** The first prompt, saved with the conversation's record, as a send does (this stores it). */
	async prompt(text: string): Promise<void> {
		const prompt = this.add('user', text, 'completed');
		await this.saver.save(prompt.id, { title: text });
	}

	/** An answer streaming in: its text so far is in `live`, not in the message yet. */
	stream(text: string): StreamingText {
		const answer = this.add('assistant', '', 'streaming');
		const live = new StreamingText();
		live.append('text', text);
		this.streaming = { id: answer.id, live };
		return live;
	}

	async stored(): Promise<string[]> {
		const conversation = await this.store.load('c1');
		return conversation?.messages.map((message) => `${message.role}:${message.text}`) ?? [];
	}
}

let removeStorage = (): void => undefined;
beforeEach(() => {
	removeStorage = installMapStorage();
});
afterEach(() => {
	vi.useRealTimers();
	removeStorage();
});

describe('conversationSaver', () => {
	it('writes an answer with what has streamed into it, and shows the page the same text', async () => {
		const page = new Page(new MemoryStore());
		await page.prompt('hello');
		const live = page.stream('Hi');
		live.append('text', ' there');
		await page.saver.save('m1');
		expect(await page.stored()).toEqual(['user:hello', 'assistant:Hi there']);
		expect(page.messages[1]?.text, 'the page’s copy').toBe('Hi there');
		expect((await page.store.load('c1'))?.title, 'the record, in the same write').toBe('hello');
	});

	it('writes a growing answer once per interval, with its text when the write is made', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		const page = new Page(new MemoryStore());
		await page.prompt('hello');
		const live = page.stream('a');
		const writes = vi.spyOn(page.store, 'saveMessage');
		page.saver.saveSoon('m1');
		live.append('text', 'b');
		page.saver.saveSoon('m1');
		vi.advanceTimersByTime(SAVE_EVERY_MS - 1);
		expect(writes, 'before the interval').not.toHaveBeenCalled();
		live.append('text', 'c');
		vi.advanceTimersByTime(1);
		await page.writer.settled();
		expect(writes).toHaveBeenCalledTimes(1);
		expect(await page.stored()).toEqual(['user:hello', 'assistant:abc']);
	});

	it('flush writes the answer in flight now, instead of at the interval, and waits for it', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		const page = new Page(new MemoryStore());
		await page.prompt('hello');
		page.stream('cut short');
		const writes = vi.spyOn(page.store, 'saveMessage');
		page.saver.saveSoon('m1');
		await page.saver.flush();
		expect(await page.stored()).toEqual(['user:hello', 'assistant:cut short']);
		vi.advanceTimersByTime(SAVE_EVERY_MS);
		await page.writer.settled();
		expect(writes, 'the interval’s write was called off').toHaveBeenCalledTimes(1);
	});

	it('flush leaves an answer alone that another tab is writing (streaming, but not here)', async () => {
		const page = new Page(new MemoryStore());
		await page.prompt('hello');
		page.add('assistant', 'from the other tab', 'streaming');
		await page.saver.flush();
		expect(await page.stored()).toEqual(['user:hello']);
	});

	describe('journal', () => {
		it('keeps nothing for a conversation with no message and no draft', () => {
			const page = new Page(new MemoryStore());
			expect(page.saver.journal()).toBe(false);
			expect(readJournal('c1')).toBeNull();
		});

		it('keeps the draft, and the answer in flight with the text streamed so far', () => {
			const page = new Page(new MemoryStore());
			page.add('user', 'hello', 'completed');
			page.stream('half an ans');
			page.draft = 'next question';
			expect(page.saver.journal()).toBe(true);
			const journal = readJournal('c1');
			expect(journal?.draft).toBe('next question');
			expect(journal?.message?.id).toBe('m1');
			expect(journal?.message?.text).toBe('half an ans');
			expect(journal?.message?.status).toBe('streaming');
		});

		it('keeps the last message while a write of it is under way, and not once it landed', async () => {
			const store = new MemoryStore();
			const disk = holdWrites(store);
			const page = new Page(store);
			const answer = page.add('assistant', 'interrupted answer', 'interrupted');
			const writing = page.saver.save(answer.id);
			page.saver.journal();
			expect(readJournal('c1')?.message?.text, 'while the write waits on the disk').toBe(
				'interrupted answer'
			);
			disk.releaseAll();
			await writing;
			page.saver.journal();
			expect(readJournal('c1')?.message, 'once it is on disk').toBeUndefined();
		});
	});

	it("keeps the record's fields while their write is under way (a version chosen), and not once it landed", async () => {
		const store = new MemoryStore();
		const page = new Page(store);
		await page.prompt('hello');
		let land = (): void => undefined;
		const landed = new Promise<void>((resolve) => (land = resolve));
		const patch = store.patchConversation.bind(store);
		store.patchConversation = async (...args) => {
			await landed;
			return patch(...args);
		};
		page.writer.saveDraft('typed');
		const choosing = page.writer.patch({ activeBranch: 'b1', shownOrder: ['', 'b1'] });
		page.saver.journal();
		// The draft has its own place in the journal, written as it is now.
		expect(readJournal('c1')?.record, 'while the write waits on the disk').toEqual({
			activeBranch: 'b1',
			shownOrder: ['', 'b1']
		});
		land();
		await choosing;
		await page.writer.settled();
		page.saver.journal();
		expect(readJournal('c1')?.record, 'once it is on disk').toBeUndefined();
	});

	it('forgets the journal where storage keeps writes, and keeps it where it is the only copy', () => {
		const kept = new Page(new MemoryStore());
		writeJournal('c1', { draft: 'typed' });
		kept.saver.forgetJournal();
		expect(readJournal('c1')).toBeNull();

		const full = new Page(new MemoryStore('full'));
		writeJournal('c1', { draft: 'typed' });
		full.saver.forgetJournal();
		expect(readJournal('c1')?.draft).toBe('typed');
	});
});
