/**
 * The text of every stored message, folded for search (search-text.ts), in this page's memory.
 *
 * Why an index in memory rather than a cursor over the messages store per query: a query has to
 * look at every message (a substring can be anywhere, in any script, so there is no key to range
 * over), and reading 40,000 records back from IndexedDB — images included, since a record is read
 * whole — takes seconds, on every keystroke. So the messages are read once, lazily, on the first
 * search (in batches, yielding between them), and the index is kept current from then on: the
 * store it belongs to (SearchableStore) tells it of every message saved or removed in this tab, and
 * the library of those from other tabs. A query is then a substring test per message, a few
 * milliseconds for 2,000 conversations × 20 messages, done in slices so typing is never held up.
 * (Measured in Chromium on a busy 2-core machine: reading 40,000 messages back takes 4–7 s, by
 * cursor or by getAll alike; a query over the index takes 40–100 ms.) Reading starts when the
 * search field is first focused, so it is mostly done by the time a query is typed; until then
 * titles match at once and the list says the messages are still being searched.
 *
 * The cost is memory: each message's text twice (as shown, for the snippet, and folded — one
 * string when folding changes nothing, as for most Chinese text), and only once a person searches.
 * Images and other fields are not kept. And time: an answer's markdown is read once (about 0.2 ms
 * per 1.5 KB answer, in Node 20 on a slow 2-core machine), in slices after storage is read.
 */
import { readingText } from '../../render/core/reading-text.ts';
import type { MessageRecord } from '../storage/records.ts';
import { foldForSearch } from './search-fold.ts';
import { openingOf, snippetAround, type Snippet } from './search-text.ts';

/** Reads every stored message, batch by batch (`onBatch` is called once per batch). */
export type MessageScan = (onBatch: (records: readonly MessageRecord[]) => void) => Promise<void>;

/** Why a conversation matched: its first message (in conversation order) that contains the query. */
export interface MessageHit {
	messageId: string;
	role: MessageRecord['role'];
	snippet: Snippet;
}

/**
 * A message as the index holds it. A prompt is searched as typed; an answer as the page shows it,
 * its markdown read (reading-text.ts), so `**bold**` matches "bold" and a link's address, which
 * nobody sees, matches nothing. Reading is left to the first search that needs it (`#read`), not
 * done on save, so an answer saved again and again while it streams is read once, and never in a
 * page that does not search.
 */
interface Entry {
	seq: number;
	role: MessageRecord['role'];
	/** The text as stored; '' once it has been read into `text`. */
	source: string;
	/** What is searched and shown; null until read. */
	text: string | null;
	folded: string;
}

/** How long one slice of a search may run before it lets the page handle input and paint. */
const SLICE_MS = 8;

/**
 * Lets the page handle input and paint, then goes on: `scheduler.yield()` where there is one (it
 * resumes ahead of other tasks), else a new task — nested `setTimeout`s are clamped to 4 ms each.
 * @see https://wicg.github.io/scheduling-apis/#dom-scheduler-yield
 */
function yieldToPage(): Promise<void> {
	const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
	if (typeof scheduler?.yield === 'function') return scheduler.yield();
	return new Promise((resolve) => setTimeout(resolve, 0));
}

export class SearchCancelled extends Error {
	override name = 'SearchCancelled';
}

export class MessageSearchIndex {
	/** Conversation id → message id → entry; null until the first search builds it. */
	#conversations: Map<string, Map<string, Entry>> | null = null;
	#building: Promise<void> | null = null;
	/** Bumped by `invalidate`: a build of an older generation stops and its result is dropped. */
	#generation = 0;
	/** While building: messages written or removed meanwhile, which the scan must not override. */
	#touched = new Set<string>();
	#removedConversations = new Set<string>();

	constructor(private readonly scan: MessageScan) {}

	/** True once the first search has read the stored messages. */
	get built(): boolean {
		return this.#conversations !== null && this.#building === null;
	}

	/** Starts reading storage, if that has not begun, so the first search finds it (nearly) done. */
	prepare(): void {
		if (this.#conversations === null && this.#building === null) this.#building = this.#build();
	}

	/** A message was saved (new, or its text grew while streaming). */
	noteMessage(record: MessageRecord): void {
		const conversations = this.#conversations;
		if (conversations === null) return; // the build reads it from storage
		if (this.#building !== null) this.#touched.add(record.id);
		this.#put(conversations, record);
	}

	noteMessages(records: readonly MessageRecord[]): void {
		for (const record of records) this.noteMessage(record);
	}

	removeMessages(ids: readonly string[]): void {
		const conversations = this.#conversations;
		if (conversations === null) return;
		for (const id of ids) {
			if (this.#building !== null) this.#touched.add(id);
			for (const messages of conversations.values()) messages.delete(id);
		}
	}

	removeConversation(conversationId: string): void {
		if (this.#conversations === null) return;
		if (this.#building !== null) this.#removedConversations.add(conversationId);
		this.#conversations.delete(conversationId);
	}

	/** Storage changed in ways this page was not told of: read it again on the next search. */
	invalidate(): void {
		this.#generation++;
		this.#conversations = null;
		this.#building = null;
	}

	/**
	 * The conversations with a message containing folded `query`, each with its first such message.
	 * Runs in slices of a few milliseconds; rejects with SearchCancelled once `signal` is aborted.
	 */
	async search(query: string, signal: AbortSignal): Promise<Map<string, MessageHit>> {
		const conversations = await this.#ready(signal);
		const hits = new Map<string, MessageHit>();
		if (query === '') return hits;
		let sliceStart = performance.now();
		let checked = 0;
		for (const [conversationId, messages] of conversations) {
			let first: [string, Entry] | null = null;
			for (const item of messages) {
				const entry = item[1];
				// Reading an answer costs about as much as testing a few hundred read ones.
				if (entry.text === null) {
					read(entry);
					checked += 64;
				}
				if (entry.folded.includes(query) && (first === null || entry.seq < first[1].seq)) {
					first = item;
				}
			}
			if (first !== null) {
				const [messageId, entry] = first;
				const text = read(entry);
				const snippet = snippetAround(text, query) ?? openingOf(text);
				hits.set(conversationId, { messageId, role: entry.role, snippet });
			}
			checked += messages.size;
			if (checked >= 256) {
				checked = 0;
				if (performance.now() - sliceStart > SLICE_MS) {
					await yieldToPage();
					sliceStart = performance.now();
				}
				if (signal.aborted) throw new SearchCancelled();
			}
		}
		return hits;
	}

	async #ready(signal: AbortSignal): Promise<Map<string, Map<string, Entry>>> {
		for (;;) {
			if (signal.aborted) throw new SearchCancelled();
			if (this.#conversations !== null && this.#building === null) return this.#conversations;
			this.#building ??= this.#build();
			await this.#building;
		}
	}

	async #build(): Promise<void> {
		const generation = this.#generation;
		const conversations = new Map<string, Map<string, Entry>>();
		this.#conversations = conversations;
		this.#touched = new Set();
		this.#removedConversations = new Set();
		try {
			await this.scan((records) => {
				if (generation !== this.#generation) return;
				for (const record of records) {
					if (this.#touched.has(record.id)) continue;
					if (this.#removedConversations.has(record.conversationId)) continue;
					this.#put(conversations, record);
				}
			});
		} catch {
			// Storage could not be read (it went away): search what this page wrote meanwhile.
		}
		if (generation !== this.#generation) return;
		// Read the answers now, in slices, so that the first query (typed while this runs) finds them
		// read; what is saved meanwhile is read by the search that needs it.
		let sliceStart = performance.now();
		for (const messages of conversations.values()) {
			for (const entry of messages.values()) {
				if (entry.text !== null) continue;
				read(entry);
				if (performance.now() - sliceStart > SLICE_MS) {
					await yieldToPage();
					if (generation !== this.#generation) return;
					sliceStart = performance.now();
				}
			}
		}
		this.#touched.clear();
		this.#removedConversations.clear();
		this.#building = null;
	}

	#put(conversations: Map<string, Map<string, Entry>>, record: MessageRecord): void {
		const entry: Entry = {
			seq: record.seq,
			role: record.role,
			source: record.text,
			text: null,
			folded: ''
		};
		const messages = conversations.get(record.conversationId);
		if (messages === undefined)
			conversations.set(record.conversationId, new Map([[record.id, entry]]));
		else messages.set(record.id, entry);
	}
}

/** The entry's searchable text, reading it first if that has not been done. */
function read(entry: Entry): string {
	if (entry.text !== null) return entry.text;
	const text = entry.role === 'assistant' ? readingText(entry.source) : entry.source;
	const folded = foldForSearch(text);
	entry.text = text;
	// One string, not two, when folding changed nothing.
	entry.folded = folded === text ? text : folded;
	entry.source = '';
	return text;
}
