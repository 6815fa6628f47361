import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAIN_BRANCH, threadOf } from '../../../src/lib/chat/branches.ts';
import { ChatSession } from '../../../src/lib/chat/chat-session.svelte.ts';
import { loadTurnEngine } from '../../../src/lib/chat/turn-engine.ts';
import { MemoryStore } from '../../../src/lib/chat/storage/memory-store.ts';
import type { Conversation, MessageRecord } from '../../../src/lib/chat/storage/records.ts';
import { handleDemoRequest } from '../../../src/lib/server/demo-gateway/index.ts';
import { demoAnswer } from '../../../src/lib/server/demo-gateway/answer.ts';
import { blankConversation, demoTarget } from './demo-session.ts';

/**
 * "Nothing a person typed or received is ever lost", as a model-based property: any interleaving
 * of send, stop, retry, regenerate, edit, rename, reload and delete — at any moment of a turn —
 * keeps every prompt and answer, in order, on screen, in storage and in the next request.
 *
 * The session runs in Node against the real demo gateway handler in-process, with an in-memory
 * store. Time is fake: the gateway's pacing, the idle timeout and the retry countdown only move
 * when a command advances the clock, so each command sequence replays the same way and shrinks.
 */
const ID = 'c1';
const MODEL = 'demo';

/** The demo scenarios a prompt can carry: instant, paced, a failure retried by itself, cut, stalled. */
const SCENARIOS = ['instant', 'slow:20', 'rate-limited', 'cut', 'stall:3'] as const;

interface InputItem {
	role?: string;
	content?: Array<{ text?: string }>;
}

/** What a person expects to see: the prompts they sent and kept, the title they gave. */
interface Model {
	prompts: string[];
	/** Every prompt ever accepted, in the order sent (versions edited away included). */
	everSent: string[];
	title: string | null;
	deleted: boolean;
	sent: number;
}

/** The page: its store, its current session, what is still in flight and what went wrong. */
interface Real {
	store: MemoryStore;
	session: ChatSession;
	inFlight: Set<Promise<unknown>>;
	/** Broken invariants seen where no `expect` can throw into the run (the gateway's fetch). */
	problems: string[];
	/** The model the fetch wrapper checks each request against. */
	model: Model;
}

const emptyConversation = (): Conversation => blankConversation(ID);
const target = demoTarget(MODEL);

/** Each answer the demo gateway gives is (a prefix of) this text for its prompt. */
const isAnswerTo = (prompt: string, text: string): boolean =>
	demoAnswer(prompt, MODEL).startsWith(text);

/**
 * Invariant 3, checked on the body of every request as it leaves: input roles alternate
 * user/assistant, starting with a prompt and ending with the newest one; the prompts are exactly
 * the ones on screen, in order (a prompt left without an answer is joined to the next one), and
 * each answer sent back is the answer to the prompt before it.
 */
function checkRequest(body: string, model: Model): string | null {
	const input = (JSON.parse(body) as { input: InputItem[] }).input;
	const roles = input.map((item) => item.role ?? '?');
	const texts = input.map((item) => item.content?.[0]?.text ?? '');
	const expected = roles.map((_, index) => (index % 2 === 0 ? 'user' : 'assistant'));
	if (roles.join() !== expected.join() || roles.at(-1) !== 'user') {
		return `request roles ${roles.join(',')} do not alternate from a prompt to the newest prompt`;
	}
	// A prompt whose answer never came travels with the next one, in one user turn.
	const prompts = texts.filter((_, index) => roles[index] === 'user');
	if (prompts.join('\n\n') !== model.prompts.join('\n\n')) {
		return `request prompts ${prompts.join('|')} are not the prompts on screen ${model.prompts.join('|')}`;
	}
	for (let index = 1; index < texts.length; index += 2) {
		if (!isAnswerTo(texts[index - 1] ?? '', texts[index] ?? '')) {
			return `request item ${index} is not the answer to ${texts[index - 1] ?? ''}`;
		}
	}
	return null;
}

function newSession(real: Omit<Real, 'session'>, conversation: Conversation): ChatSession {
	const fetchFn: typeof fetch = (input, init) => {
		// As the browser's fetch: a request whose signal is already aborted never leaves.
		if (init?.signal?.aborted === true) {
			return Promise.reject(new DOMException('The request was aborted.', 'AbortError'));
		}
		const problem = checkRequest(typeof init?.body === 'string' ? init.body : '{}', real.model);
		if (problem !== null) real.problems.push(problem);
		return handleDemoRequest(new Request(input, init), { mountPath: '', cors: false });
	};
	return new ChatSession({ conversation, store: real.store, target, fetch: fetchFn });
}

function track(real: Real, promise: Promise<unknown>): void {
	const tracked = promise.then(
		() => undefined,
		(error: unknown) => void real.problems.push(`a session call rejected: ${String(error)}`)
	);
	real.inFlight.add(tracked);
	void tracked.finally(() => real.inFlight.delete(tracked));
}

/**
 * Whether the session took `prompt` as a turn: it is on screen at once, or — where starting a turn
 * waits for something (another tab's turn, say) — within a few promise reactions, or the send was
 * turned down (it resolved without showing it). Looking no longer than needed keeps Stop able to
 * land while the prompt is still being saved.
 */
async function takenFromComposer(
	real: Real,
	prompt: string,
	sending: Promise<void>
): Promise<boolean> {
	let over = false;
	void sending.finally(() => (over = true));
	const shown = (): boolean => real.session.messages.some((message) => message.text === prompt);
	for (let tick = 0; tick < 50 && !over && !shown(); tick++) await Promise.resolve();
	return shown();
}

/** Lets the clock run until nothing is in flight: no call pending, no turn, no retry countdown. */
async function settle(real: Real): Promise<void> {
	for (let step = 0; step < 400; step++) {
		if (real.inFlight.size === 0 && !real.session.busy && real.session.pendingRetry === null) {
			await real.session.flush();
			return;
		}
		await vi.advanceTimersByTimeAsync(500);
	}
	throw new Error('the session did not settle within 200 s of (fake) time');
}

const visible = (messages: readonly MessageRecord[]): MessageRecord[] =>
	messages.filter((message) => message.notice === undefined);

/** Roles alternate from a prompt, each prompt followed by the answer to it (invariant 2). */
function expectAlternating(messages: readonly MessageRecord[], where: string): void {
	const list = visible(messages);
	expect(
		list.map((message) => message.role),
		`${where}: roles alternate, a prompt then its answer`
	).toEqual(list.map((_, index) => (index % 2 === 0 ? 'user' : 'assistant')));
	expect(list.length % 2, `${where}: every prompt has its answer`).toBe(0);
	for (let index = 1; index < list.length; index += 2) {
		// The prompt as it was sent: with any earlier prompts left without an answer before it.
		let prompt = list[index - 1]?.text ?? '';
		for (let at = index - 2; at >= 1 && list[at]?.text === ''; at -= 2) {
			prompt = `${list[at - 1]?.text ?? ''}\n\n${prompt}`;
		}
		const answer = list[index]?.text ?? '';
		expect(isAnswerTo(prompt, answer), `${where}: answer ${index} belongs to “${prompt}”`).toBe(
			true
		);
	}
}

/** What a stored conversation shows: its active branch's thread (regenerations keep the others). */
const shownThread = (stored: Conversation): MessageRecord[] =>
	threadOf(
		[...stored.messages].sort((a, b) => a.seq - b.seq),
		stored.branches ?? [],
		stored.activeBranch ?? MAIN_BRANCH
	);

const promptsOf = (messages: readonly MessageRecord[]): string[] =>
	visible(messages)
		.filter((message) => message.role === 'user')
		.map((message) => message.text);

/** What must hold at every moment, even with a turn in flight. */
async function checkAlways(model: Model, real: Real): Promise<void> {
	expect(real.problems.join('\n'), 'requests and session calls').toBe('');
	// Invariant 1 on screen: every prompt kept, once, in order; each with its answer slot.
	expect(promptsOf(real.session.messages), 'prompts on screen').toEqual(model.prompts);
	expectAlternating(real.session.messages, 'on screen');
	const stored = await real.store.load(ID);
	if (model.deleted) {
		// Invariant 5.
		expect(stored, 'a deleted conversation stays deleted').toBeNull();
		expect(await real.store.list(), 'nothing listed after the delete').toEqual([]);
		return;
	}
	if (stored === null) return;
	// Storage may lag the screen by writes still queued, but never holds a prompt twice or out
	// of the order it was sent in.
	const storedPrompts = promptsOf(shownThread(stored));
	expect(new Set(storedPrompts).size, 'no prompt stored twice').toBe(storedPrompts.length);
	const positions = storedPrompts.map((prompt) => model.everSent.indexOf(prompt));
	expect(positions, 'stored prompts in the order sent').toEqual(
		[...positions].sort((a, b) => a - b)
	);
	// Invariant 4.
	if (model.title !== null) expect(stored.title, 'the title a person set').toBe(model.title);
}

/** What must hold once everything in flight is over: storage and screen agree exactly. */
async function checkSettled(model: Model, real: Real): Promise<void> {
	await checkAlways(model, real);
	const streaming = real.session.messages.filter((message) => message.status === 'streaming');
	expect(streaming, 'no answer still streaming once everything is over').toEqual([]);
	if (model.deleted) return;
	const stored = await real.store.load(ID);
	if (stored === null) {
		expect(model.prompts, 'a conversation with prompts is stored').toEqual([]);
		return;
	}
	// Invariant 1 in storage: exactly the prompts on screen, once each, in order.
	const shown = shownThread(stored);
	expect(promptsOf(shown), 'prompts in storage').toEqual(model.prompts);
	expect(
		shown.map((message) => message.id),
		'storage holds what the screen shows, in the same order'
	).toEqual(real.session.messages.map((message) => message.id));
	expectAlternating(shown, 'in storage');
	// The order must not hang on a tie-break: IndexedDB orders equal positions by random id.
	const seqs = stored.messages.map((message) => message.seq);
	expect(seqs, 'every stored message has its own position, in order').toEqual(
		[...new Set(seqs)].sort((a, b) => a - b)
	);
}

type Command = fc.AsyncCommand<Model, Real>;

class Send implements Command {
	constructor(
		readonly word: string,
		readonly scenario: (typeof SCENARIOS)[number],
		/** Checks nothing before the next command, so that it lands while the prompt is saved. */
		readonly thenAtOnce = false
	) {}
	check = (): boolean => true;
	async run(model: Model, real: Real): Promise<void> {
		const prompt = `${this.word}${model.sent++} #scenario:${this.scenario}`;
		// A send while a turn is being saved, sent or streamed is ignored (one turn at a time).
		const wasBusy = real.session.busy;
		const sending = real.session.send(prompt);
		track(real, sending);
		if (!wasBusy && (await takenFromComposer(real, prompt, sending))) {
			model.prompts.push(prompt);
			model.everSent.push(prompt);
		}
		if (!this.thenAtOnce) await checkAlways(model, real);
	}
	toString = (): string =>
		`send(${this.word} #scenario:${this.scenario}${this.thenAtOnce ? ', then at once' : ''})`;
}

class Stop implements Command {
	check = (): boolean => true;
	async run(model: Model, real: Real): Promise<void> {
		real.session.stop();
		await checkAlways(model, real);
	}
	toString = (): string => 'stop';
}

class Retry implements Command {
	constructor(readonly how: 'retry' | 'regenerate') {}
	check = (): boolean => true;
	async run(model: Model, real: Real): Promise<void> {
		track(real, this.how === 'retry' ? real.session.retry() : real.session.regenerate());
		await checkAlways(model, real);
	}
	toString = (): string => this.how;
}

/**
 * ↑ in an empty composer opens the last prompt's editor, which changes nothing by itself; sending
 * the edit puts a new version of that turn on screen (the old one stays stored, a step away).
 */
class EditLast implements Command {
	constructor(readonly thenSend: boolean) {}
	check = (): boolean => true;
	async run(model: Model, real: Real): Promise<void> {
		const opened = real.session.editLast();
		const prompt = real.session.editing;
		if (opened && prompt === null) real.problems.push('editLast opened no editor');
		if (!opened || prompt === null || !this.thenSend) {
			real.session.editInPlace(null);
			await checkAlways(model, real);
			return;
		}
		const edited = `edited${model.sent++} #scenario:instant`;
		const sending = real.session.editPrompt(prompt, edited);
		track(real, sending);
		if (await takenFromComposer(real, edited, sending)) {
			model.prompts = [...model.prompts.slice(0, -1), edited];
			model.everSent.push(edited);
		}
		await checkAlways(model, real);
	}
	toString = (): string => (this.thenSend ? 'editLast, then send' : 'editLast, then cancel');
}

class Rename implements Command {
	constructor(readonly title: string) {}
	check = (): boolean => true;
	async run(model: Model, real: Real): Promise<void> {
		// The list offers rename for stored conversations only.
		const record = (await real.store.list()).find((conversation) => conversation.id === ID);
		if (record !== undefined) {
			await real.store.patchConversation(ID, { title: this.title }, record);
			model.title = this.title;
		}
		await checkAlways(model, real);
	}
	toString = (): string => `rename(${this.title})`;
}

class Reload implements Command {
	check = (): boolean => true;
	async run(model: Model, real: Real): Promise<void> {
		// The page goes away: what is in flight stops, pending writes finish (pagehide flushes).
		real.session.dispose();
		await settle(real);
		const loaded = await real.store.load(ID);
		if (loaded !== null) expectAlternating(shownThread(loaded), 'loaded after a reload');
		// A deleted conversation is gone: the page starts a blank one under the same id, which
		// must not bring the old one back either.
		if (loaded === null) {
			model.prompts = [];
			model.everSent = [];
		}
		real.session = newSession(real, loaded ?? emptyConversation());
		await checkAlways(model, real);
	}
	toString = (): string => 'reload';
}

class Delete implements Command {
	check = (model: Readonly<Model>): boolean => !model.deleted;
	async run(model: Model, real: Real): Promise<void> {
		await real.store.deleteConversation(ID);
		model.deleted = true;
		model.title = null;
		await checkAlways(model, real);
	}
	toString = (): string => 'delete';
}

/** Lets (fake) time pass: tokens stream, timeouts fire, a retry countdown ends. */
class Advance implements Command {
	constructor(readonly ms: number) {}
	check = (): boolean => true;
	async run(model: Model, real: Real): Promise<void> {
		await vi.advanceTimersByTimeAsync(this.ms);
		await checkAlways(model, real);
	}
	toString = (): string => `advance(${this.ms})`;
}

/** A few promise reactions run: the moments between a turn's saves and its request. */
class Yield implements Command {
	constructor(readonly ticks: number) {}
	check = (): boolean => true;
	async run(model: Model, real: Real): Promise<void> {
		for (let tick = 0; tick < this.ticks; tick++) await Promise.resolve();
		await checkAlways(model, real);
	}
	toString = (): string => `yield(${this.ticks})`;
}

/** The person waits until everything is over; then storage and screen must agree exactly. */
class Wait implements Command {
	check = (): boolean => true;
	async run(model: Model, real: Real): Promise<void> {
		await settle(real);
		await checkSettled(model, real);
	}
	toString = (): string => 'wait';
}

const send = fc
	.tuple(fc.constantFrom('q', 'why', 'hi'), fc.constantFrom(...SCENARIOS), fc.boolean())
	.map(([word, scenario, thenAtOnce]) => new Send(word, scenario, thenAtOnce));

/** Sends weigh three times the rest, so that sequences hold several turns to reorder. */
const commands = [
	send,
	send,
	send,
	fc.constant(new Stop()),
	fc.constantFrom(new Retry('retry'), new Retry('regenerate')),
	fc.boolean().map((thenSend) => new EditLast(thenSend)),
	fc.constantFrom('My title', 'Renamed').map((title) => new Rename(title)),
	fc.constant(new Reload()),
	fc.constant(new Delete()),
	fc.constantFrom(1, 15, 40, 300, 3_000, 61_000).map((ms) => new Advance(ms)),
	fc.integer({ min: 1, max: 8 }).map((ticks) => new Yield(ticks)),
	fc.constant(new Wait())
];

/** Sequences tried before the random ones: each once broke an invariant. */
const examples: Array<[Command[]]> = [
	// ↑ while a prompt is still being saved opens nothing and takes nothing away.
	[[new Send('q', 'instant', true), new EditLast(true)]],
	// ↑ while the turn's request is being made: nothing opens, nothing is taken away.
	[[new Send('q', 'instant'), new Rename('My title'), new EditLast(true)]],
	// The title a person set survives a new version of the only turn, and the next prompt.
	[
		[
			new Send('q', 'instant'),
			new Wait(),
			new Rename('My title'),
			new EditLast(true),
			new Wait(),
			new EditLast(false),
			new Send('q', 'instant')
		]
	],
	// A turn stopped before any text arrived still stands between its prompt and the next.
	[[new Send('q', 'instant', true), new Stop(), new Wait(), new Send('q', 'instant')]]
];

afterEach(() => {
	vi.useRealTimers();
});

describe('ChatSession under any interleaving of what a person does', () => {
	// The turn's code loads with the first turn (a real module load, outside the fake clock): loaded
	// once here, as the page does at the first interaction, so fake time alone drives each turn.
	beforeAll(async () => {
		await loadTurnEngine();
	});

	it('keeps every prompt and answer, in order, on screen, in storage and in the next request', async () => {
		vi.useFakeTimers({
			toFake: [
				'setTimeout',
				'clearTimeout',
				'setImmediate',
				'clearImmediate',
				'Date',
				'performance'
			]
		});
		await fc.assert(
			fc.asyncProperty(
				fc.commands(commands, { maxCommands: 40, size: 'medium' }),
				async (sequence) => {
					const model: Model = { prompts: [], everSent: [], title: null, deleted: false, sent: 0 };
					const page = { store: new MemoryStore(), inFlight: new Set<Promise<unknown>>() };
					const partial = { ...page, problems: [], model };
					const real: Real = { ...partial, session: newSession(partial, emptyConversation()) };
					await fc.asyncModelRun(() => ({ model, real }), sequence);
					await settle(real);
					await checkSettled(model, real);
					const reloaded = await real.store.load(ID);
					if (reloaded !== null) expectAlternating(shownThread(reloaded), 'after the last reload');
				}
			),
			{ numRuns: 400, seed: 1_310_007, examples }
		);
	}, 120_000);
});
