import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatSession } from '../../../src/lib/chat/chat-session.svelte.ts';
import { type RecordChange } from '../../../src/lib/chat/storage/conversation-store.ts';
import { MemoryStore } from '../../../src/lib/chat/storage/memory-store.ts';
import type { MessageRecord } from '../../../src/lib/chat/storage/records.ts';
import type { ChatMessage } from '../../../src/lib/chat/chat-message.ts';
import type { StreamingText } from '../../../src/lib/render/streaming-text.svelte.ts';
import { readFixture } from '../wire/harness.ts';
import { blankConversation, demoFetch, demoTarget, holdWrites } from './demo-session.ts';

/**
 * ChatSession driven without rendering, against the real demo gateway handler in-process (the
 * same code that serves /demo), with an in-memory store.
 */

/** Requests sent, as the gateway saw their bodies. */
type Sent = Array<{
	input: Array<{ role: string; content: Array<{ text: string }> }>;
	instructions?: string;
}>;

function session(
	store: MemoryStore,
	fetchFn: typeof fetch,
	conversation = blankConversation(),
	model = 'demo'
): ChatSession {
	return new ChatSession({ conversation, store, target: demoTarget(model), fetch: fetchFn });
}

/**
 * What a Messages stream says its request cost: message_start's `input_tokens`, and the output
 * count of its message_delta (none when the stream was cut before it).
 */
async function charged(response: Response): Promise<{ input: number; output?: number }> {
	// Read as it arrives: the session ends the request once its answer is over, which errors a
	// copy of the body still being read; what arrived by then is all there is.
	const reader = response.body?.getReader();
	const decoder = new TextDecoder();
	let text = '';
	try {
		for (let next = await reader?.read(); next?.done === false; next = await reader?.read())
			text += decoder.decode(next.value, { stream: true });
	} catch {
		// Torn down with the request.
	}
	const input = Number(/"input_tokens":(\d+)/.exec(text)?.[1]);
	const delta = /"type":"message_delta".*"output_tokens":(\d+)/.exec(text)?.[1];
	return delta === undefined ? { input } : { input, output: Number(delta) };
}

describe('ChatSession', () => {
	it('saves the prompt before the request leaves, then the completed answer', async () => {
		const store = new MemoryStore();
		let storedAtRequest: string[] = [];
		const chat = session(
			store,
			demoFetch(() => {
				void store
					.load('c1')
					.then((c) => (storedAtRequest = c?.messages.map((m) => `${m.role}:${m.text}`) ?? []));
			})
		);
		await chat.send('hello #scenario:instant');
		expect(storedAtRequest[0]).toBe('user:hello #scenario:instant');
		expect(chat.messages.map((m) => m.status)).toEqual(['completed', 'completed']);
		const saved = await store.load('c1');
		expect(saved?.title).toBe('hello');
		expect(saved?.messages[1]?.text).toContain('You said “hello”');
		expect(saved?.messages[1]?.status).toBe('completed');
		expect(saved?.messages[1]?.usage?.outputTokens).toBeGreaterThan(0);
	});

	it('a send writes its prompt with the conversation record in one write, and its request does not wait for the answer’s first record', async () => {
		/** Every store write, in order; the answer's writes wait until the request has left. */
		const writes: string[] = [];
		let requestLeft = (): void => undefined;
		const left = new Promise<void>((resolve) => (requestLeft = resolve));
		// Breaks the wait on code that holds the request for the answer's record (it then fails
		// below, rather than hanging).
		const waitForRequest = () =>
			Promise.race([left, new Promise((resolve) => setTimeout(resolve, 1000))]);
		class WatchedStore extends MemoryStore {
			override async saveMessage(record: MessageRecord, withRecord?: RecordChange) {
				if (record.role === 'assistant') await waitForRequest();
				writes.push(
					`${record.role}${withRecord === undefined ? '' : ` + record ${JSON.stringify(withRecord.patch.title)}`}`
				);
				return super.saveMessage(record, withRecord);
			}
			override patchConversation(...args: Parameters<MemoryStore['patchConversation']>) {
				writes.push('record');
				return super.patchConversation(...args);
			}
		}
		const store = new WatchedStore();
		let writtenAtRequest: string[] = [];
		const chat = session(
			store,
			demoFetch(() => {
				writtenAtRequest = [...writes];
				requestLeft();
			})
		);
		chat.draft = 'hello there';
		await chat.send('hello there #scenario:instant');
		// The blank conversation's draft went to its blank drafts; the send itself is one write.
		expect(writtenAtRequest).toEqual(['user + record "hello there"']);
		const saved = await store.load('c1');
		expect(saved).toMatchObject({ title: 'hello there', draft: '', model: 'demo' });
		expect(saved?.messages.map((m) => `${m.role}:${m.status}`)).toEqual([
			'user:completed',
			'assistant:completed'
		]);
	});

	it('a first attempt redraws nothing between the prompt’s save and its request: the answer and its text are the ones the send showed', async () => {
		// Each change to what is shown is a redraw the request would wait behind (bench:cold).
		type Shown = { answer: ChatMessage | undefined; text: StreamingText | undefined };
		const shown = (): Shown => {
			const answer = chat.messages.at(-1);
			return { answer, text: answer === undefined ? undefined : chat.liveTextOf(answer.id) };
		};
		const seen: { atSave?: Shown; atRequest?: Shown } = {};
		class WatchedStore extends MemoryStore {
			override saveMessage(record: MessageRecord, withRecord?: RecordChange) {
				if (record.role === 'user') seen.atSave = shown();
				return super.saveMessage(record, withRecord);
			}
		}
		const chat: ChatSession = session(
			new WatchedStore(),
			demoFetch(() => (seen.atRequest = shown()))
		);
		await chat.send('hello #scenario:instant');
		const { atSave, atRequest } = seen;
		expect(atSave?.answer?.role).toBe('assistant');
		expect(atRequest?.answer).toBe(atSave?.answer);
		expect(atRequest?.text).toBe(atSave?.text);
		// The answer was made for the model it asks, and says so from the start.
		expect(atSave?.answer?.model).toBe('demo');
		expect(chat.messages.at(-1)).toMatchObject({ model: 'demo', status: 'completed' });
	});

	it('Try again on a cut answer starts from an empty answer and text again', async () => {
		const atRequest: { text: string; failure: unknown; live: string | undefined }[] = [];
		const chat: ChatSession = session(
			new MemoryStore(),
			demoFetch(() => {
				const answer = chat.messages.at(-1);
				atRequest.push({
					text: answer?.text ?? '',
					failure: answer?.failure,
					live: answer === undefined ? undefined : chat.liveTextOf(answer.id)?.read('text')
				});
			})
		);
		await chat.send('hello #scenario:cut:once');
		const cut = chat.messages.at(-1);
		expect(cut?.text).not.toBe('');
		expect(cut?.failure).toBeDefined();
		await chat.retry();
		expect(atRequest).toEqual([
			{ text: '', failure: undefined, live: '' },
			{ text: '', failure: undefined, live: '' }
		]);
		expect(chat.messages.at(-1)?.status).toBe('completed');
		expect(chat.messages.at(-1)?.failure).toBeUndefined();
	});

	it('Stop ends the turn cancelled, keeps and saves what arrived', async () => {
		const store = new MemoryStore();
		const chat = session(store, demoFetch());
		const sending = chat.send('tell me #scenario:slow:30');
		while (!chat.messages[1]?.text.includes('You said')) await new Promise((r) => setTimeout(r, 5));
		chat.stop();
		await sending;
		const answer = chat.messages[1];
		expect(answer?.status).toBe('cancelled');
		expect(answer?.failure).toBeUndefined();
		expect(answer?.text).toContain('You said');
		expect(answer?.text).not.toContain('handles a failure');
		expect((await store.load('c1'))?.messages[1]?.text).toBe(answer?.text);
	});

	it('allows one request in flight per conversation', async () => {
		const chat = session(new MemoryStore(), demoFetch());
		const first = chat.send('one #scenario:slow:20');
		await chat.send('two');
		while (chat.messages.length < 2) await new Promise((r) => setTimeout(r, 5));
		chat.stop();
		await first;
		expect(chat.messages.filter((m) => m.role === 'user').map((m) => m.text)).toEqual([
			'one #scenario:slow:20'
		]);
	});

	it('a failure is classified, kept, and an automatic retry is scheduled only where it can help', async () => {
		const chat = session(new MemoryStore(), demoFetch());
		await chat.send('#scenario:rate-limited');
		expect(chat.messages[1]?.failure?.kind).toBe('rate_limited');
		expect(chat.pendingRetry?.messageId).toBe(chat.messages[1]?.id);
		chat.cancelRetry();
		expect(chat.pendingRetry).toBeNull();

		await chat.send('#scenario:insufficient-balance');
		expect(chat.messages[3]?.failure?.kind).toBe('insufficient_balance');
		expect(chat.pendingRetry).toBeNull();
	});

	afterEach(() => {
		vi.useRealTimers();
	});

	it('while an automatic retry waits for the gateway, it says which failure it follows', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
		let requests = 0;
		const gateway: typeof fetch = (_input, init) => {
			requests++;
			if (requests === 1)
				return Promise.resolve(
					new Response('{"error":{"message":"Upstream request failed","code":"upstream_error"}}', {
						status: 503,
						headers: { 'content-type': 'application/json' }
					})
				);
			// The retry hangs until Stop, as a gateway that does not answer would.
			return new Promise((_resolve, reject) =>
				init?.signal?.addEventListener('abort', () =>
					reject(new DOMException('The turn was stopped.', 'AbortError'))
				)
			);
		};
		const chat = session(new MemoryStore(), gateway);
		await chat.send('hello');
		const answer = chat.messages[1];
		expect(answer?.failure?.kind).toBe('upstream_failed');
		expect(chat.pendingRetry?.after.kind).toBe('upstream_failed');
		// The countdown runs out; the retry's request leaves and hangs.
		while (requests < 2) await vi.advanceTimersByTimeAsync(250);
		// The card is gone (the retry cleared it); the wait remembers why it is retrying.
		expect(chat.messages[1]?.failure).toBeUndefined();
		const waiting = chat.waitOf(answer?.id ?? '');
		expect(waiting).toMatchObject({ phase: 'requesting', attempt: 2 });
		expect(waiting?.after?.kind).toBe('upstream_failed');
		chat.stop();
	});

	it('a first attempt waits for the gateway without a failure to follow', async () => {
		const gateway: typeof fetch = (_input, init) =>
			new Promise((_resolve, reject) =>
				init?.signal?.addEventListener('abort', () =>
					reject(new DOMException('The turn was stopped.', 'AbortError'))
				)
			);
		const chat = session(new MemoryStore(), gateway);
		const sent = chat.send('hello');
		while (chat.waitOf(chat.messages[1]?.id ?? '')?.phase !== 'requesting')
			await new Promise((resolve) => setTimeout(resolve, 2));
		expect(chat.waitOf(chat.messages[1]?.id ?? '')?.after).toBeNull();
		chat.stop();
		await sent;
	});

	it('an answer stored as streaming comes back interrupted, and is saved that way', async () => {
		const store = new MemoryStore();
		const conversation = blankConversation();
		conversation.messages = [
			{
				id: 'u',
				conversationId: 'c1',
				seq: 0,
				role: 'user',
				text: 'hi',
				reasoning: '',
				status: 'completed',
				images: [],
				createdAt: 1
			},
			{
				id: 'a',
				conversationId: 'c1',
				seq: 1,
				role: 'assistant',
				text: 'half an ans',
				reasoning: '',
				status: 'streaming',
				images: [],
				createdAt: 2
			}
		];
		await store.saveConversation({ ...conversation });
		const chat = session(store, demoFetch(), conversation);
		await chat.ready;
		expect(chat.messages[1]?.status).toBe('interrupted');
		expect(chat.messages[1]?.text).toBe('half an ans');
		expect(chat.messages[1]?.failure?.kind).toBe('stream_interrupted');
		await new Promise((r) => setTimeout(r, 0));
		const saved = (await store.load('c1'))?.messages.find((message) => message.id === 'a');
		expect(saved?.status).toBe('interrupted');
	});

	it('↑ opens the last prompt in place, changing nothing; sending the edit replaces the turn shown', async () => {
		const store = new MemoryStore();
		const chat = session(store, demoFetch());
		expect(chat.editLast()).toBe(false);
		await chat.send('first #scenario:instant');
		await chat.send('wrong #scenario:instant');
		const wrong = chat.messages[2]?.id ?? '';
		expect(chat.editLast()).toBe(true);
		expect(chat.editing).toBe(wrong);
		// Opening the editor, and closing it, takes nothing away: on screen, in the composer or stored.
		chat.editInPlace(null);
		expect(chat.editing).toBeNull();
		expect(chat.draft).toBe('');
		expect(chat.messages).toHaveLength(4);
		await chat.flush();
		expect((await store.load('c1'))?.messages).toHaveLength(4);
		expect(chat.editLast()).toBe(true);
		await chat.editPrompt(wrong, 'right #scenario:instant');
		expect(chat.messages.map((m) => m.text.slice(0, 24))).toEqual([
			'first #scenario:instant',
			'You said “first”. This i',
			'right #scenario:instant',
			'You said “right”. This i'
		]);
		expect(chat.versionsOf(chat.messages[2]?.id ?? '')).toEqual({ index: 1, count: 2 });
	});

	it('↑ opens nothing while a turn is in flight', async () => {
		const chat = session(new MemoryStore(), demoFetch());
		await chat.send('first #scenario:instant');
		const sending = chat.send('second #scenario:slow:20');
		await vi.waitFor(() => expect(chat.busy).toBe(true));
		expect(chat.editLast()).toBe(false);
		expect(chat.editing).toBeNull();
		chat.stop();
		await sending;
	});

	it('regenerate replaces the last answer', async () => {
		const chat = session(new MemoryStore(), demoFetch());
		await chat.send('#scenario:cut');
		expect(chat.messages[1]?.status).toBe('interrupted');
		chat.cancelRetry();
		await chat.regenerate();
		expect(chat.messages).toHaveLength(2);
		expect(chat.messages[1]?.status).toBe('interrupted');
		expect(chat.messages[1]?.failure?.kind).toBe('stream_interrupted');
	});

	it('context_too_large: one compaction (summary request, then one retry), then a clear stop', async () => {
		const store = new MemoryStore();
		const sent: Sent = [];
		const fetchFn: typeof fetch = (input, init) => {
			sent.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Sent[number]);
			return demoFetch()(input, init);
		};
		const chat = session(store, fetchFn);
		for (const prompt of ['one #scenario:instant', 'two #scenario:instant'])
			await chat.send(prompt);
		sent.length = 0;
		await chat.send('a very long question #scenario:context-too-large');
		while (chat.busy || chat.messages.at(-1)?.retryNote === undefined)
			await new Promise((r) => setTimeout(r, 5));

		// The original request, one summary request, exactly one retry.
		expect(sent).toHaveLength(3);
		expect(sent[1]?.input.at(-1)?.content[0]?.text).toContain('Summarise our conversation');
		const answer = chat.messages.at(-1);
		expect(answer?.failure?.kind).toBe('context_too_large');
		expect(answer?.compacted).toBe(true);
		expect(answer?.retryNote).toEqual({ kind: 'still_too_large' });
		// The older exchange was summarised: a notice carries the summary; the originals stay.
		const notice = chat.messages.find((m) => m.notice !== undefined);
		expect(notice?.notice).toContain('summarised');
		expect(notice?.text).not.toBe('');
		expect(sent[2]?.instructions).toContain('Summary of the earlier conversation:');
		expect(chat.messages.filter((m) => m.role === 'user' && m.notice === undefined)).toHaveLength(
			3
		);
		// The retry sent only what was kept: the older exchange is no longer in the input.
		const retried = sent[2]?.input.map((item) => item.content[0]?.text ?? '') ?? [];
		expect(retried.some((text) => text.startsWith('one'))).toBe(false);
		expect(retried.at(-1)).toBe('a very long question #scenario:context-too-large');
		expect((await store.load('c1'))?.messages.some((m) => m.notice !== undefined)).toBe(true);
	});

	it('flush saves the draft at once', async () => {
		const store = new MemoryStore();
		const chat = session(store, demoFetch());
		await chat.send('hi #scenario:instant');
		chat.draft = 'unsent';
		await chat.flush();
		expect((await store.load('c1'))?.draft).toBe('unsent');
	});

	it('gives every message its own position, so the order survives a reload and reaches the model', async () => {
		const store = new MemoryStore();
		const chat = session(store, demoFetch());
		for (const n of [1, 2, 3, 4, 5, 6]) await chat.send(`Q${n} #scenario:instant`);
		const seqs = chat.messages.map((m) => m.seq);
		expect(new Set(seqs).size).toBe(seqs.length);
		expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

		const sent: Sent = [];
		const reloaded = session(
			store,
			(input, init) => {
				sent.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Sent[number]);
				return demoFetch()(input, init);
			},
			(await store.load('c1')) ?? blankConversation()
		);
		expect(reloaded.messages.map((m) => m.role)).toEqual(
			Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 'user' : 'assistant'))
		);
		await reloaded.send('Q7 #scenario:instant');
		const roles = sent[0]?.input.map((item) => item.role) ?? [];
		expect(roles).toEqual(
			Array.from({ length: 13 }, (_, i) => (i % 2 === 0 ? 'user' : 'assistant'))
		);
		expect(sent[0]?.input[0]?.content[0]?.text).toBe('Q1 #scenario:instant');
	});

	it('Stop while the prompt is still being saved: the turn ends cancelled and nothing is sent', async () => {
		const store = new MemoryStore();
		let release = (): void => {};
		const saving = new Promise<void>((resolve) => (release = resolve));
		let savingStarted = (): void => {};
		const started = new Promise<void>((resolve) => (savingStarted = resolve));
		// The prompt's write (with the conversation record) is held until after Stop.
		const save = store.saveMessage.bind(store);
		store.saveMessage = async (...args) => {
			if (args[0].role === 'user') {
				savingStarted();
				await saving;
			}
			return save(...args);
		};
		let requests = 0;
		const chat = session(
			store,
			demoFetch(() => requests++)
		);
		const sending = chat.send('hello');
		expect(chat.busy).toBe(true);
		await started;
		chat.stop();
		release();
		await sending;
		expect(requests).toBe(0);
		expect(chat.messages.map((m) => m.status)).toEqual(['completed', 'cancelled']);
		expect(chat.busy).toBe(false);
		expect((await store.load('c1'))?.messages.map((m) => m.text)).toEqual(['hello', '']);
	});

	it('Stop during compaction cancels the summary request and sends nothing after it', async () => {
		const store = new MemoryStore();
		let requests = 0;
		let chat: ChatSession | null = null;
		chat = session(
			store,
			demoFetch(() => {
				requests++;
				// The third request of the turn below is the summary request: stop the turn there.
				if (requests === 4) chat?.stop();
			})
		);
		for (const prompt of ['one #scenario:instant', 'two #scenario:instant'])
			await chat.send(prompt);
		await chat.send('a very long question #scenario:context-too-large');
		while (chat.busy) await new Promise((r) => setTimeout(r, 5));
		// two answers, the request that was too large, the summary request; nothing after Stop.
		expect(requests).toBe(4);
		expect(chat.messages.at(-1)?.status).not.toBe('streaming');
		expect(chat.messages.some((m) => m.notice !== undefined)).toBe(false);
	});

	it('keeps the title a person set while the chat saves its draft and answers', async () => {
		const store = new MemoryStore();
		const chat = session(store, demoFetch());
		await chat.send('first #scenario:instant');
		const stored = (await store.list())[0];
		if (stored === undefined) throw new Error('the conversation was not saved');
		await store.patchConversation('c1', { title: 'My own title' }, stored);
		chat.draft = 'typing on';
		await chat.send('second #scenario:instant');
		chat.draft = 'and on';
		await chat.flush();
		const saved = await store.load('c1');
		expect(saved?.title).toBe('My own title');
		expect(saved?.draft).toBe('and on');
	});

	it('a deleted conversation is not brought back by an answer still streaming into it', async () => {
		const store = new MemoryStore();
		const chat = session(store, demoFetch());
		await chat.send('first #scenario:instant');
		const sending = chat.send('slow one #scenario:slow:20');
		while (!chat.messages.at(-1)?.text.includes('You said'))
			await new Promise((r) => setTimeout(r, 5));
		await store.deleteConversation('c1');
		await sending;
		chat.draft = 'late draft';
		await chat.flush();
		expect(await store.load('c1')).toBeNull();
		expect(await store.list()).toEqual([]);
	});

	it('says a write was refused while the answer is still streaming', async () => {
		const store = new MemoryStore();
		const statuses: string[] = [];
		const chat = new ChatSession({
			conversation: blankConversation(),
			store,
			target: demoTarget(),
			fetch: demoFetch(),
			onWritten: () => statuses.push(chat.messages.at(-1)?.status ?? 'none')
		});
		await chat.send('hello #scenario:slow:5');
		expect(statuses).toContain('streaming');
	});

	it('takes the next prompt once the answer is on screen, while its last writes are still under way', async () => {
		const store = new MemoryStore();
		const chat = session(store, demoFetch());
		await chat.send('first #scenario:instant');
		const writes = holdWrites(store);
		const second = chat.send('second #scenario:instant');
		await writes.stepUntil(
			() => chat.messages.length >= 4 && chat.messages.at(-1)?.status === 'completed'
		);
		// The answer is on screen; its last write is held.
		expect(chat.busy).toBe(false);
		const third = chat.send('third #scenario:instant');
		writes.releaseAll();
		await Promise.all([second, third]);
		await chat.flush();
		const stored = (await store.load('c1'))?.messages ?? [];
		const words = stored.map((m) => `${m.role}:${/^(?:You said “)?(\w+)/.exec(m.text)?.[1] ?? ''}`);
		expect(words).toEqual([
			'user:first',
			'assistant:first',
			'user:second',
			'assistant:second',
			'user:third',
			'assistant:third'
		]);
	});

	it('Continue on a cut answer sends what arrived, even while its last writes are still held', async () => {
		for (const when of ['while its writes are held', 'once it is saved']) {
			const store = new MemoryStore();
			type MessagesBody = { messages: Array<{ role: string; content: Array<{ text: string }> }> };
			const sent: MessagesBody[] = [];
			const chat = new ChatSession({
				conversation: blankConversation(),
				store,
				target: demoTarget('demo', 'messages'),
				fetch: demoFetch(
					(request) => void request.json().then((body) => sent.push(body as MessagesBody))
				)
			});
			const writes = holdWrites(store);
			const first = chat.send('cut here #scenario:cut:once');
			await writes.stepUntil(() => chat.messages.at(-1)?.status === 'interrupted');
			const partial = chat.messages.at(-1)?.text.trimEnd() ?? '';
			expect(partial, when).not.toBe('');
			if (when === 'once it is saved') {
				writes.releaseAll();
				await first;
			}
			const continued = chat.continueAnswer(chat.messages.at(-1)?.id);
			writes.releaseAll();
			await Promise.all([first, continued]);
			expect(sent.length, when).toBe(2);
			const last = sent.at(-1)?.messages.at(-1);
			expect(last?.role, when).toBe('assistant');
			expect(last?.content[0]?.text, when).toBe(partial);
			const answer = chat.messages.at(-1);
			expect(answer?.status, when).toBe('completed');
			expect(answer?.text.startsWith(partial), when).toBe(true);
		}
	});

	it("counts a continued answer's tokens over both of its requests, and no output for a cut part", async () => {
		for (const scenario of ['cut:once', 'incomplete:once']) {
			const costs: Promise<{ input: number; output?: number }>[] = [];
			const gateway = demoFetch();
			const chat = new ChatSession({
				conversation: blankConversation(),
				store: new MemoryStore(),
				target: demoTarget('demo', 'messages'),
				fetch: async (input, init) => {
					const response = await gateway(input, init);
					costs.push(charged(response.clone()));
					return response;
				}
			});
			await chat.send(`a long answer, stopped short #scenario:${scenario}`);
			const [first] = await Promise.all(costs);
			expect(first?.input, scenario).toBeGreaterThan(0);
			// message_start's output_tokens is a placeholder: a cut answer has no output count.
			expect(chat.messages.at(-1)?.usage, scenario).toEqual(
				first?.output === undefined
					? { inputTokens: first?.input }
					: { inputTokens: first.input, outputTokens: first.output }
			);

			await chat.continueAnswer();
			const [, second] = await Promise.all(costs);
			const continued = chat.messages.at(-1);
			expect(continued?.status, scenario).toBe('completed');
			expect(second?.output, scenario).toBeGreaterThan(0);
			// Both requests' counts; where one part was never counted, no total is made up.
			const inputTokens = (first?.input ?? 0) + (second?.input ?? 0);
			expect(continued?.usage, scenario).toEqual(
				first?.output === undefined
					? { inputTokens }
					: { inputTokens, outputTokens: first.output + (second?.output ?? 0) }
			);
			chat.dispose();
		}
	});

	it('Continue keeps the searches and sources the cut part came with', async () => {
		// The first answer searched the web and cited a page, then hit max_tokens.
		const cut = readFixture('messages/citations.sse').replace('"end_turn"', '"max_tokens"');
		const gateway = demoFetch();
		let requests = 0;
		const chat = new ChatSession({
			conversation: blankConversation(),
			store: new MemoryStore(),
			target: demoTarget('demo', 'messages'),
			fetch: async (input, init) =>
				requests++ === 0
					? new Response(cut, { headers: { 'content-type': 'text/event-stream' } })
					: gateway(input, init)
		});
		// The continuation searches again (the demo's web-search scenario): both searches stay.
		await chat.send('the weather in Lisbon tomorrow? #scenario:web-search');
		const before = chat.messages.at(-1);
		expect(before?.status).toBe('incomplete');
		expect(before?.tools?.map((tool) => tool.name)).toContain('web_search');
		expect(before?.citations?.map((citation) => citation.url)).toEqual([
			'https://weather.example/lisbon'
		]);

		await chat.continueAnswer();
		const after = chat.messages.at(-1);
		expect(after?.status).toBe('completed');
		expect(after?.text.startsWith(before?.text.trimEnd() ?? '-')).toBe(true);
		const partial = before?.text.trimEnd().length ?? 0;
		const earlier = before?.tools ?? [];
		const added = after?.tools?.slice(earlier.length) ?? [];
		expect(after?.tools?.slice(0, earlier.length)).toEqual(earlier);
		expect(added.map((tool) => tool.name)).toContain('web_search');
		// Each keeps its own place: keys apart from the partial's, offsets after its text.
		expect(new Set(after?.tools?.map((tool) => tool.key)).size).toBe(after?.tools?.length);
		for (const tool of added) expect(tool.textOffset).toBeGreaterThanOrEqual(partial);
		expect(after?.citations?.slice(0, 1)).toEqual(before?.citations);
		chat.dispose();
	});

	it("asks the message list to follow from the end on the person's own turns, not on a retry", async () => {
		const chat = new ChatSession({
			conversation: blankConversation(),
			store: new MemoryStore(),
			target: demoTarget('demo', 'messages'),
			fetch: demoFetch()
		});
		const follows = (): string | null =>
			chat.revealing?.follow === true ? chat.revealing.messageId : null;
		await chat.send('one #scenario:instant');
		expect(follows()).toBe(chat.messages[0]?.id);
		chat.revealDone();
		await chat.regenerate();
		expect(follows()).toBe(chat.messages[1]?.id);
		chat.revealDone();
		await chat.editPrompt(chat.messages[0]?.id ?? '', 'two #scenario:instant');
		expect(follows()).toBe(chat.messages[0]?.id);
		chat.revealDone();
		// A retry (a card's, or one made automatically) leaves the view where the person put it.
		await chat.send('cut here #scenario:cut:once');
		chat.revealDone();
		expect(chat.messages.at(-1)?.status).toBe('interrupted');
		await chat.retry();
		expect(chat.revealing).toBeNull();
		await chat.send('cut again #scenario:cut:once');
		chat.revealDone();
		await chat.continueAnswer();
		expect(follows()).toBe(chat.messages.at(-1)?.id);
		chat.dispose();
	});
});
