/**
 * The failure card's ways out, below the page: continuing a cut answer, a fix that resends when it
 * is made (and only then), a resend that survives a page load, and a countdown that waits while
 * its card is read.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatSession } from '../../../src/lib/chat/chat-session.svelte.ts';
import { FailureFixes, type FixHost } from '../../../src/lib/chat/failure-fixes.svelte.ts';
import {
	RESEND_MAX_AGE_MS,
	RESEND_STORAGE_KEY,
	rememberResend,
	takeResend
} from '../../../src/lib/chat/resend-after-load.ts';
import { MemoryStore } from '../../../src/lib/chat/storage/memory-store.ts';
import { TurnRun } from '../../../src/lib/chat/turn-run.svelte.ts';
import { retryDecision, type Failure } from '../../../src/lib/failure/index.ts';
import { blankConversation, demoFetch, demoTarget } from './demo-session.ts';

/** sessionStorage's contract, in memory. */
class MemoryStorage implements Storage {
	#items = new Map<string, string>();
	get length(): number {
		return this.#items.size;
	}
	clear(): void {
		this.#items.clear();
	}
	getItem(key: string): string | null {
		return this.#items.get(key) ?? null;
	}
	key(index: number): string | null {
		return [...this.#items.keys()][index] ?? null;
	}
	removeItem(key: string): void {
		this.#items.delete(key);
	}
	setItem(key: string, value: string): void {
		this.#items.set(key, value);
	}
}

describe('continuing a cut answer (Messages route)', () => {
	it('keeps what arrived and adds the rest: the whole answer once, in two requests', async () => {
		const bodies: { messages: { role: string }[] }[] = [];
		const fetchFn = demoFetch((request) => {
			void request.json().then((body) => bodies.push(body as { messages: { role: string }[] }));
		});
		const whole = new ChatSession({
			conversation: blankConversation('whole'),
			store: new MemoryStore(),
			target: demoTarget('demo', 'messages'),
			fetch: demoFetch()
		});
		await whole.send('tell me #scenario:instant');
		const full = whole.messages.at(-1)?.text ?? '';

		const chat = new ChatSession({
			conversation: blankConversation(),
			store: new MemoryStore(),
			target: demoTarget('demo', 'messages'),
			fetch: fetchFn
		});
		await chat.send('tell me #scenario:cut:6:once');
		const cut = chat.messages.at(-1);
		expect(cut?.status).toBe('interrupted');
		expect(cut?.failure?.kind).toBe('stream_interrupted');
		expect(cut?.text.length).toBeGreaterThan(0);
		expect(full.startsWith(cut?.text ?? '')).toBe(true);

		await chat.continueAnswer(cut?.id);
		const answer = chat.messages.at(-1);
		expect(answer?.status).toBe('completed');
		expect(answer?.failure).toBeUndefined();
		expect(answer?.text).toBe(full);
		expect(chat.messages).toHaveLength(2);
		await vi.waitFor(() => expect(bodies).toHaveLength(2));
		expect(bodies[1]?.messages.at(-1)?.role).toBe('assistant');
	});
});

describe('FailureFixes', () => {
	function setup() {
		const retry = vi.fn(() => Promise.resolve());
		const session = {
			id: 'c1',
			retry,
			ready: Promise.resolve(),
			messages: [{ id: 'a1', status: 'failed' }]
		} as unknown as ChatSession;
		const storage = new MemoryStorage();
		const openModelPicker = vi.fn();
		const reload = vi.fn();
		let signInOutcome: Awaited<ReturnType<FixHost['signIn']>> = 'key_asked';
		const host: FixHost = {
			session,
			model: 'demo',
			openSettings: vi.fn(),
			openModelPicker,
			updateModel: vi.fn(),
			signIn: vi.fn(() => Promise.resolve(signInOutcome)),
			newConversationFromSummary: vi.fn(() => Promise.resolve()),
			openConversation: vi.fn(() => Promise.resolve(session)),
			reload,
			tabStorage: storage
		};
		return {
			fixes: new FailureFixes(host),
			host,
			retry,
			storage,
			openModelPicker,
			reload,
			setSignIn: (outcome: typeof signInOutcome) => (signInOutcome = outcome)
		};
	}

	it('choosing a model resends once the model is picked, not before', async () => {
		const { fixes, openModelPicker, retry } = setup();
		await fixes.carryOut({ kind: 'choose_model' }, 'a1');
		expect(openModelPicker).toHaveBeenCalledOnce();
		expect(retry).not.toHaveBeenCalled();
		fixes.made('choose_model');
		expect(retry).toHaveBeenCalledExactlyOnceWith('a1');
		fixes.made('choose_model');
		expect(retry).toHaveBeenCalledOnce();
	});

	it('a fix made for another card, or given up, resends nothing', async () => {
		const { fixes, retry } = setup();
		await fixes.carryOut({ kind: 'change_thinking' }, 'a1');
		fixes.made('switch_gateway');
		fixes.abandoned('change_thinking');
		fixes.made('change_thinking');
		expect(retry).not.toHaveBeenCalled();
	});

	it('an API key entered resends; a sign-in window that ends signed in resends', async () => {
		const { fixes, retry, setSignIn } = setup();
		await fixes.carryOut({ kind: 'sign_in', credential: 'api_key' }, 'a1');
		await vi.waitFor(() => expect(fixes.pending?.fix).toBe('sign_in'));
		fixes.made('sign_in');
		expect(retry).toHaveBeenCalledOnce();

		setSignIn('signed_in');
		await fixes.carryOut({ kind: 'sign_in' }, 'a1');
		await vi.waitFor(() => expect(retry).toHaveBeenCalledTimes(2));
	});

	it('when the fixes cannot load (a new deployment), the page reloads and the next one resends', async () => {
		vi.doMock('../../../src/lib/chat/failure-fix-actions.ts', () => {
			throw new TypeError('Failed to fetch dynamically imported module');
		});
		try {
			const { fixes, host, reload, retry, storage } = setup();
			await fixes.carryOut({ kind: 'retry' }, 'a1');
			expect(retry).not.toHaveBeenCalled();
			expect(reload).toHaveBeenCalledOnce();
			await new FailureFixes({ ...host, tabStorage: storage }).resumeAfterLoad(false, Date.now());
			expect(retry).toHaveBeenCalledExactlyOnceWith('a1');
		} finally {
			vi.doUnmock('../../../src/lib/chat/failure-fix-actions.ts');
		}
	});

	it('Reload leaves the turn for the next page, which resends it once', async () => {
		const { fixes, host, reload, retry, storage } = setup();
		await fixes.carryOut({ kind: 'reload_app' }, 'a1');
		expect(reload).toHaveBeenCalledOnce();
		const next = new FailureFixes({ ...host, tabStorage: storage });
		await next.resumeAfterLoad(false, Date.now());
		expect(retry).toHaveBeenCalledExactlyOnceWith('a1');
		await next.resumeAfterLoad(false, Date.now());
		expect(retry).toHaveBeenCalledOnce();
	});

	it('a redirecting sign-in that did not complete resends nothing after the load', async () => {
		const { fixes, host, retry, storage, setSignIn } = setup();
		setSignIn('left');
		await fixes.carryOut({ kind: 'sign_in' }, 'a1');
		await vi.waitFor(() => expect(storage.getItem(RESEND_STORAGE_KEY)).not.toBeNull());
		await new FailureFixes(host).resumeAfterLoad(false, Date.now());
		expect(retry).not.toHaveBeenCalled();
		expect(storage.getItem(RESEND_STORAGE_KEY)).toBeNull();
	});
});

describe('resend after load', () => {
	const resend = {
		reason: 'reload_app',
		conversationId: 'c1',
		messageId: 'a1',
		at: 1_000
	} as const;

	it('is read once', () => {
		const storage = new MemoryStorage();
		rememberResend(storage, resend);
		expect(takeResend(storage, 2_000)).toEqual(resend);
		expect(takeResend(storage, 2_000)).toBeNull();
	});

	it('refuses what is stale, from the future, or malformed', () => {
		const storage = new MemoryStorage();
		rememberResend(storage, resend);
		expect(takeResend(storage, 1_000 + RESEND_MAX_AGE_MS + 1)).toBeNull();
		rememberResend(storage, resend);
		expect(takeResend(storage, 500)).toBeNull();
		for (const raw of [
			'{',
			'null',
			'42',
			'"reload_app"',
			'[]',
			JSON.stringify({ ...resend, reason: 'other' }),
			JSON.stringify({ ...resend, messageId: '../../x' }),
			JSON.stringify({ ...resend, conversationId: 'x'.repeat(200) })
		]) {
			storage.setItem(RESEND_STORAGE_KEY, raw);
			expect(takeResend(storage, 2_000)).toBeNull();
		}
	});

	it('a storage that throws is no storage', () => {
		const broken = new MemoryStorage();
		broken.setItem = () => {
			throw new DOMException('full', 'QuotaExceededError');
		};
		expect(() => rememberResend(broken, resend)).not.toThrow();
		expect(takeResend(null, 2_000)).toBeNull();
	});
});

describe('a countdown held while its card is read', () => {
	const overloaded: Failure = { kind: 'overloaded', message: 'The model is overloaded.' };
	afterEach(() => {
		vi.useRealTimers();
	});

	it('does not fire while held, and goes on with what was left (at least 2 s)', async () => {
		vi.useFakeTimers();
		const run = new TurnRun('a1');
		let proceeded: boolean | undefined;
		void run
			.waitForRetry(
				{ messageId: 'a1', at: Date.now() + 3_000, attempt: 2, after: overloaded },
				new AbortController().signal
			)
			.then((proceed) => (proceeded = proceed));
		await vi.advanceTimersByTimeAsync(2_500);
		run.holdRetry(true);
		expect(run.pendingRetry?.heldWithMs).toBe(500);
		await vi.advanceTimersByTimeAsync(60_000);
		expect(proceeded).toBeUndefined();
		run.holdRetry(false);
		expect(run.pendingRetry?.heldWithMs).toBeUndefined();
		await vi.advanceTimersByTimeAsync(1_999);
		expect(proceeded).toBeUndefined();
		await vi.advanceTimersByTimeAsync(1);
		expect(proceeded).toBe(true);
	});

	it('Try now goes on at once with the retry it counted down to, held or not', async () => {
		const run = new TurnRun('a1');
		const waiting = run.waitForRetry(
			{ messageId: 'a1', at: Date.now() + 60_000, attempt: 2, after: overloaded },
			new AbortController().signal
		);
		run.holdRetry(true);
		expect(run.retryNow()).toBe(true);
		await expect(waiting).resolves.toBe(true);
		expect(run.pendingRetry).toBeNull();
		// Nothing counts down any more: a second press sends nothing.
		expect(run.retryNow()).toBe(false);
	});

	it('Stop still ends a held countdown', async () => {
		const run = new TurnRun('a1');
		const waiting = run.waitForRetry(
			{ messageId: 'a1', at: Date.now() + 3_000, attempt: 2, after: overloaded },
			new AbortController().signal
		);
		run.holdRetry(true);
		run.stop();
		expect(await waiting).toBe(false);
	});
});

describe('slow failures are tried twice, not three times', () => {
	const failure = (extra: Partial<Failure>): Failure => ({
		kind: 'network',
		message: 'x',
		...extra
	});

	it.each([
		['a connection that timed out', failure({ networkCase: 'timeout' })],
		['a stream that went silent', failure({ kind: 'stream_stalled' })]
	])('%s', (_name, slow) => {
		expect(retryDecision(slow, 1)).toMatchObject({ retry: true, automatic: true });
		expect(retryDecision(slow, 2)).toMatchObject({ retry: false });
		// A refused connection fails fast: three attempts as before.
		expect(retryDecision(failure({ networkCase: 'refused_or_blocked' }), 2)).toMatchObject({
			retry: true,
			automatic: true
		});
	});
});
