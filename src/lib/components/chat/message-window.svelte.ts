/**
 * Which messages of a conversation are rendered (windowing). A conversation opens on its latest
 * `initial` messages; scrolling up reveals `page` more at a time (`showEarlier`); past `max`
 * rendered rows the far end is dropped, and scrolling back down brings it back (`showLater`).
 * While the window reaches the end, new messages join it. Everything outside the window costs
 * nothing; inside it, each row renders its markdown lazily (MarkdownView `lazy`).
 *
 * The window belongs to one conversation (`key`, e.g. its first message id): when the key
 * changes, the window reads as freshly opened until it is moved.
 *
 * Hysteresis: a move drops rows at the far end only while that end is away from the view (the
 * caller measures it: `keepLater`, `keepEarlier`). When the rows are short, both ends are near at
 * once; sliding would drop rows from under the person and move the other end into range again,
 * back and forth. The window grows past `max` instead, until an end leaves the range (so short
 * rows bound it: what fits in the view and both margins, and a page), and keeps that size until it
 * is opened afresh.
 */
export interface WindowSizes {
	initial: number;
	page: number;
	max: number;
}

/**
 * `max` bounds the document, not just the rows: every rendered answer brings hundreds of elements
 * and its own `content-visibility` sections, and each frame of a scroll pays for all of them
 * (intersection checks for the sections, pre-paint, the garbage collector tracing the DOM). A fling
 * of 1,000 messages had 1–8 long tasks a run at 240 rows (about 83,000 elements), 0–1 and a few
 * frames over 50 ms at 80, and none of either at 50 (tests/bench/results/fling.md). 50 rows still
 * hold 25 exchanges; scrolling further brings earlier ones 10 at a time.
 */
export const DEFAULT_WINDOW: WindowSizes = { initial: 30, page: 10, max: 50 };

export class MessageWindow {
	readonly #count: () => number;
	readonly #key: () => string;
	readonly #sizes: WindowSizes;
	#openedKey = $state<string | null>(null);
	#start = $state(0);
	/** End of the window when it does not follow the end of the conversation. */
	#end = $state(0);
	#followsEnd = $state(true);
	/** At most this many rows: `max`, unless the window grew while both its ends were near. */
	#limit: number;

	constructor(count: () => number, key: () => string, sizes: WindowSizes = DEFAULT_WINDOW) {
		this.#count = count;
		this.#key = key;
		this.#sizes = sizes;
		this.#limit = $state(sizes.max);
	}

	get #fresh(): boolean {
		return this.#openedKey !== this.#key();
	}

	get end(): number {
		const count = this.#count();
		return this.#fresh || this.#followsEnd ? count : Math.min(this.#end, count);
	}

	get start(): number {
		const end = this.end;
		const start = this.#fresh ? end - this.#sizes.initial : this.#start;
		return Math.max(0, Math.min(start, end), end - this.#limit);
	}

	/** Whether the window reaches the latest message. */
	get atEnd(): boolean {
		return this.end >= this.#count();
	}

	/** Back to the latest messages ("jump to latest"). */
	showLatest(): void {
		this.#openedKey = this.#key();
		this.#limit = this.#sizes.max;
		this.#followsEnd = true;
		this.#start = Math.max(0, this.#count() - this.#sizes.initial);
	}

	/**
	 * Moves the window onto message `index` (a search hit opened), with up to a page of messages
	 * before it; the latest messages when it is among them.
	 */
	showAround(index: number): void {
		const count = this.#count();
		this.#openedKey = this.#key();
		this.#limit = this.#sizes.max;
		this.#start = Math.max(0, Math.min(index - this.#sizes.page, count - this.#sizes.initial));
		this.#end = Math.min(count, this.#start + this.#sizes.initial);
		this.#followsEnd = this.#end >= count;
	}

	/** `keepLater`: the window's later end is near the view, so no row is dropped there. */
	showEarlier(keepLater = false): void {
		this.#settle();
		const start = this.start;
		if (start === 0) return;
		const end = this.end;
		this.#start = Math.max(0, start - this.#sizes.page);
		if (end - this.#start <= this.#limit) return;
		if (keepLater) {
			this.#limit = end - this.#start;
			return;
		}
		this.#end = this.#start + this.#limit;
		this.#followsEnd = false;
	}

	/** `keepEarlier`: the window's earlier end is near the view, so no row is dropped there. */
	showLater(keepEarlier = false): void {
		this.#settle();
		if (this.atEnd) return;
		const start = this.start;
		const end = Math.min(this.#count(), this.end + this.#sizes.page);
		if (keepEarlier) this.#limit = Math.max(this.#limit, end - start);
		this.#start = Math.max(start, end - this.#limit);
		this.#end = end;
		this.#followsEnd = end >= this.#count();
	}

	/** Makes a freshly opened window's implicit state explicit before moving it. */
	#settle(): void {
		if (this.#fresh) this.showLatest();
	}
}
