/**
 * The conversation list's search. Titles are matched at once as the query changes (a few
 * thousand short strings); the messages are searched SEARCH_DELAY_MS after the last keystroke in
 * the store's index (message-index.ts), and a newer query cancels an older search, so only the
 * latest query's results are ever shown.
 */
import type { ConversationRecord } from '../storage/records.ts';
import type { MessageHit } from './message-index.ts';
import { foldForSearch, foldQuery } from './search-fold.ts';
import type * as SearchText from './search-text.ts';
import type { Snippet } from './search-text.ts';
import type { SearchableStore } from './searchable-store.ts';

/** How long after the last keystroke the messages are searched. */
export const SEARCH_DELAY_MS = 150;

export class ConversationSearch {
	#query = $state('');
	/** The latest finished search of the messages: its folded query and the conversations found. */
	#found = $state.raw<{ query: string; hits: ReadonlyMap<string, MessageHit> } | null>(null);
	#searching = $state(false);
	#timer: ReturnType<typeof setTimeout> | undefined;
	#run: AbortController | null = null;
	/** search-text.ts, loaded with the first search: it places a match in a title. */
	#searchText = $state.raw<typeof SearchText | null>(null);

	/** The folded query (search-fold.ts); `''` when nothing is searched. */
	readonly folded = $derived(foldQuery(this.#query));

	/** `store` is read at each search: the library opens its storage after it is made. */
	constructor(private readonly store: () => SearchableStore) {}

	/** What is typed in the search field. */
	get query(): string {
		return this.#query;
	}
	set query(query: string) {
		this.#query = query;
		this.#loadSearchText();
		this.#schedule();
	}
	/** True from a keystroke until the messages have been searched for the new query. */
	get searching(): boolean {
		return this.#searching;
	}

	/**
	 * The conversations of `records` that are listed: all of them (the same array, so nothing
	 * shown changes) when nothing is searched; else those whose title contains the query or that
	 * the latest search of the messages found (until a newer search finishes, the previous one's).
	 */
	listed(records: readonly ConversationRecord[]): readonly ConversationRecord[] {
		const query = this.folded;
		if (query === '') return records;
		const hits = this.#found?.hits;
		return records.filter(
			(record) => foldForSearch(record.title).includes(query) || hits?.has(record.id) === true
		);
	}

	/** Why conversation `id` matched through its messages, if it did. */
	hitOf(id: string): MessageHit | undefined {
		return this.#found?.hits.get(id);
	}

	/**
	 * Where the query occurs in `title`, to highlight; `null` when nothing is searched, it does not
	 * occur, or the code placing it has not loaded yet (the title shows plain until then).
	 */
	titleMatch(title: string): Snippet | null {
		const query = this.folded;
		const searchText = this.#searchText;
		return query === '' || searchText === null ? null : searchText.highlightIn(title, query);
	}

	/** Gets the messages ready to be searched (the search field has the focus). */
	prepare(): void {
		this.#loadSearchText();
		void this.store()
			.searchIndex()
			.then(
				(index) => index.prepare(),
				() => undefined // the search says so when it runs
			);
	}

	/** Something was saved or imported: the open search is run again, to include it. */
	refresh(): void {
		if (this.folded !== '') this.#schedule();
	}

	dispose(): void {
		clearTimeout(this.#timer);
		this.#run?.abort();
	}

	#loadSearchText(): void {
		if (this.#searchText !== null) return;
		import('./search-text.ts').then(
			(module) => (this.#searchText = module),
			() => undefined // titles show without the highlight; the next keystroke tries again
		);
	}

	/** Searches the messages for the query SEARCH_DELAY_MS from now, cancelling any search before. */
	#schedule(): void {
		clearTimeout(this.#timer);
		this.#run?.abort();
		const query = this.folded;
		if (query === '') {
			this.#found = null;
			this.#searching = false;
			return;
		}
		// Searching again for the same query (something was saved) keeps its results on screen.
		this.#searching = this.#found?.query !== query;
		this.#timer = setTimeout(() => void this.#searchMessages(query), SEARCH_DELAY_MS);
	}

	async #searchMessages(query: string): Promise<void> {
		const run = new AbortController();
		this.#run = run;
		try {
			const index = await this.store().searchIndex();
			if (run.signal.aborted) return;
			const hits = await index.search(query, run.signal);
			if (run.signal.aborted) return;
			this.#found = { query, hits };
		} catch (error) {
			if (error instanceof Error && error.name === 'SearchCancelled') return;
			// The messages cannot be searched now: titles still match.
			this.#found = null;
		}
		this.#searching = false;
	}
}
