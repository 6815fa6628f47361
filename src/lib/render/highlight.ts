/**
 * Code highlighting, off the main thread, line by line as a block streams: only in a language of
 * the set in highlight-languages.ts, only up to `LIMITS.maxHighlightChars`. highlight.js runs in a
 * worker (highlight-worker.ts, created with the first block to colour, so neither it nor
 * highlight.js is part of the page's first load) and answers with scope ranges, not markup.
 *
 * An open block is highlighted again each time it has grown by complete lines (the lines a code
 * view keeps for good, never its preview line), at most one request per block in flight and
 * `REQUEST_INTERVAL_MS` apart; highlight.js reads left to right, so the ranges over a prefix are
 * those of the whole text for every complete line of it. Once the block is final, it is
 * highlighted whole. The page applies each answer to the text not coloured yet, in idle periods
 * and at most one plain chunk (`LIMITS.plainChunkChars`) per step, so colouring a big block is
 * never one long task: the coloured spans go before the chunk's plain text node, which is trimmed
 * by as many characters and is still the one the code view appends to. Text is replaced only while
 * it still shows exactly what was highlighted and no selection touches its chunk; the plain text
 * stays until then, character for character the same as the coloured text after. `code.hljs` is
 * set once a final block is coloured to its end.
 *
 * If the worker cannot start or load, highlight.js is imported on the main thread and run in idle
 * time instead; if that fails too, the code stays plain.
 */
import { LIMITS } from './core/limits.ts';
import type * as HighlightLanguages from './highlight-languages.ts';
import type { CodeHighlighting } from './dom/code-view.ts';
import type { HighlightReply, HighlightRequest } from './highlight-worker-protocol.ts';
import { highlightedNodes, validRanges, type HighlightRanges } from './hljs-dom.ts';

/** Language names and aliases (as written after ```) → the registered language. */
const ALIASES: Record<string, string> = {
	bash: 'bash',
	sh: 'bash',
	shell: 'bash',
	zsh: 'bash',
	console: 'bash',
	css: 'css',
	diff: 'diff',
	patch: 'diff',
	go: 'go',
	golang: 'go',
	javascript: 'javascript',
	js: 'javascript',
	jsx: 'javascript',
	mjs: 'javascript',
	cjs: 'javascript',
	json: 'json',
	jsonc: 'json',
	python: 'python',
	py: 'python',
	rust: 'rust',
	rs: 'rust',
	sql: 'sql',
	typescript: 'typescript',
	ts: 'typescript',
	tsx: 'typescript',
	xml: 'xml',
	html: 'xml',
	svg: 'xml',
	svelte: 'xml',
	vue: 'xml',
	yaml: 'yaml',
	yml: 'yaml'
};

type Languages = typeof HighlightLanguages;
type Resolve = (highlight: HighlightRanges | null) => void;

/** Time an idle period must still have for one more step to be taken in it. */
const SLICE_MS = 3;
/** How long a chunk under the person's selection waits before it is tried again. */
const SELECTION_RETRY_MS = 500;
/** Least time between two highlights of one open block (each one reads the block from its start). */
const REQUEST_INTERVAL_MS = 100;

function whenIdle(callback: (deadline?: IdleDeadline) => void): void {
	if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 2000 });
	else setTimeout(callback, 50);
}

/** The registered language for a name written after ```, if it is one we highlight. */
function registeredLanguage(language: string): string | undefined {
	return Object.hasOwn(ALIASES, language) ? ALIASES[language] : undefined;
}

/**
 * A block being coloured. `text`/`highlight` is the longest text highlighted so far; the text
 * before `coloured` is shown coloured, and chunk `index` of the <code> holds offset `coloured`.
 */
export interface Colouring {
	code: HTMLElement;
	text: string;
	highlight: HighlightRanges;
	index: number;
	coloured: number;
	/** Whether `text` is the block's whole text. */
	final: boolean;
}

/** What the page knows of one block: what it shows, what was asked, what came back. */
interface Block {
	language: string;
	/** The latest text the view announced, and whether it is all of it. */
	latest: string;
	final: boolean;
	/** A request for this block is on its way; when the last one left. */
	requesting: boolean;
	requestedAt: number;
	colouring: Colouring | null;
	/** In the colouring queue, or waiting for a selection to go. */
	queued: boolean;
	/** Given up for good: the block changed under us, left the page or grew too big. */
	abandoned: boolean;
}

/**
 * The page's code highlighter (code-view.ts's `CodeHighlighting`): one worker for the page, one
 * queue of blocks to colour in idle time.
 */
export class WorkerHighlighter implements CodeHighlighting {
	/** The worker: not started yet (undefined), running, or failed for good (null). */
	#worker: Worker | null | undefined;
	readonly #pending = new Map<number, { request: HighlightRequest; resolve: Resolve }>();
	#nextId = 0;
	#languages: Promise<Languages> | null = null;
	readonly #blocks = new WeakMap<HTMLElement, Block>();
	readonly #queue: { code: HTMLElement; block: Block }[] = [];
	#scheduled = false;
	/**
	 * Whether the person may have something selected. Every read of the selection makes Chromium
	 * bring style and layout up to date (300 reads, each after a DOM change: 3 s, against 1 ms
	 * without them), and colouring changes the DOM at every step: so the selection is read once per
	 * idle slice, and only when a `selectionchange` came since it was last seen collapsed.
	 */
	#selectionMayExist = true;
	#watchingSelection = false;

	grew(code: HTMLElement, text: string, language: string): void {
		this.#announce(code, text, language, false);
	}

	closed(code: HTMLElement, text: string, language: string): void {
		this.#announce(code, text, language, true);
	}

	#announce(code: HTMLElement, text: string, language: string, final: boolean): void {
		const registered = registeredLanguage(language);
		if (registered === undefined) return;
		// Nothing to colour yet (an open block's first lines may be blank).
		if (!final && text.trim() === '') return;
		let block = this.#blocks.get(code);
		if (block === undefined) {
			block = {
				language: registered,
				latest: text,
				final,
				requesting: false,
				requestedAt: -Infinity,
				colouring: null,
				queued: false,
				abandoned: false
			};
			this.#blocks.set(code, block);
		}
		if (block.abandoned) return;
		block.latest = text;
		block.final = final;
		// Past the limit the block is left as it is shown (its first part coloured, if it streamed).
		if (text.length > LIMITS.maxHighlightChars || text.trim() === '') {
			block.abandoned = true;
			return;
		}
		this.#request(code, block);
	}

	/** Asks for the block's latest text to be highlighted, unless that is in hand or under way. */
	#request(code: HTMLElement, block: Block): void {
		if (block.requesting || block.abandoned) return;
		const known = block.colouring;
		if (known !== null && known.text.length >= block.latest.length && known.final === block.final)
			return;
		// Highlighting on the page itself (the worker failed) is done once, for the final text.
		if (!block.final && this.#worker === null) return;
		const wait = block.requestedAt + REQUEST_INTERVAL_MS - performance.now();
		block.requesting = true;
		if (!block.final && wait > 0) {
			setTimeout(() => {
				block.requesting = false;
				this.#request(code, block);
			}, wait);
			return;
		}
		const text = block.latest;
		const final = block.final;
		block.requestedAt = performance.now();
		void this.#highlighted(text, block.language).then((highlight) => {
			block.requesting = false;
			if (!code.isConnected) return;
			if (highlight === null || !validRanges(highlight, text.length)) {
				// Not highlightable: the block stays plain (a later text is not tried either).
				block.abandoned = true;
				return;
			}
			this.#accept(code, block, text, highlight, final);
			this.#request(code, block);
		});
	}

	/** Takes an answer for `text` (a prefix of what the block shows, or all of it) in hand. */
	#accept(
		code: HTMLElement,
		block: Block,
		text: string,
		highlight: HighlightRanges,
		final: boolean
	): void {
		if (block.abandoned || !block.latest.startsWith(text)) return;
		const known = block.colouring;
		if (known === null) block.colouring = { code, text, highlight, index: 0, coloured: 0, final };
		else if (text.length > known.text.length || (final && !known.final)) {
			known.text = text;
			known.highlight = highlight;
			known.final = final;
		} else return;
		this.#enqueue(code, block);
	}

	#enqueue(code: HTMLElement, block: Block): void {
		if (block.queued) return;
		block.queued = true;
		this.#queue.push({ code, block });
		this.#watchSelection(code.ownerDocument);
		if (this.#scheduled) return;
		this.#scheduled = true;
		whenIdle((deadline) => this.#colourInIdle(deadline));
	}

	/** Takes steps while the idle period lasts (at least one, so a busy page still progresses). */
	#colourInIdle(deadline?: IdleDeadline): void {
		this.#scheduled = false;
		const doc = this.#queue[0]?.code.ownerDocument;
		const selected = doc === undefined ? [] : this.#selectedRanges(doc);
		let first = true;
		while (this.#queue.length > 0 && (first || (deadline?.timeRemaining() ?? 0) > SLICE_MS)) {
			first = false;
			const next = this.#queue[0];
			if (next === undefined) break;
			const { code, block } = next;
			const step = block.colouring === null ? 'waiting' : colourStep(block.colouring, selected);
			if (step === 'more') continue;
			this.#queue.shift();
			block.queued = false;
			if (step === 'gone') block.abandoned = true;
			else if (step === 'selected') {
				block.queued = true;
				setTimeout(() => {
					block.queued = false;
					this.#enqueue(code, block);
				}, SELECTION_RETRY_MS);
			}
		}
		if (this.#queue.length > 0 && !this.#scheduled) {
			this.#scheduled = true;
			whenIdle((idle) => this.#colourInIdle(idle));
		}
	}

	#watchSelection(doc: Document): void {
		if (this.#watchingSelection) return;
		this.#watchingSelection = true;
		doc.addEventListener('selectionchange', () => (this.#selectionMayExist = true), {
			passive: true
		});
	}

	#selectedRanges(doc: Document): readonly Range[] {
		if (!this.#selectionMayExist) return [];
		const ranges = selectedRanges(doc);
		if (ranges.length === 0) this.#selectionMayExist = false;
		return ranges;
	}

	#startWorker(): Worker | null {
		if (typeof Worker !== 'function') return null;
		try {
			const started = new Worker(new URL('./highlight-worker.ts', import.meta.url), {
				type: 'module',
				name: 'highlight'
			});
			started.addEventListener('message', ({ data }: MessageEvent<HighlightReply>) => {
				const job = this.#pending.get(data.id);
				this.#pending.delete(data.id);
				job?.resolve(data.highlight);
			});
			// The script could not load (offline, blocked, a chunk missing) or the worker failed.
			started.addEventListener('error', (event) => {
				event.preventDefault();
				this.#workerFailed();
			});
			return started;
		} catch {
			return null;
		}
	}

	/** Every request still waiting is done on the main thread instead, and so is every later one. */
	#workerFailed(): void {
		this.#worker?.terminate();
		this.#worker = null;
		const waiting = [...this.#pending.values()];
		this.#pending.clear();
		for (const { request, resolve } of waiting)
			void this.#onMainThread(request.text, request.language).then(resolve);
	}

	#onMainThread(text: string, language: string): Promise<HighlightRanges | null> {
		this.#languages ??= import('./highlight-languages.ts');
		return this.#languages.then(
			(loaded) =>
				new Promise<HighlightRanges | null>((resolve) =>
					whenIdle(() => {
						try {
							resolve(loaded.highlightToRanges(text, language));
						} catch {
							resolve(null);
						}
					})
				),
			() => {
				// Highlighting is decoration: without it the plain code stays (a later block tries again).
				this.#languages = null;
				return null;
			}
		);
	}

	#highlighted(text: string, language: string): Promise<HighlightRanges | null> {
		if (this.#worker === undefined) this.#worker = this.#startWorker();
		const running = this.#worker;
		if (running === null) return this.#onMainThread(text, language);
		return new Promise((resolve) => {
			const request: HighlightRequest = { id: ++this.#nextId, text, language };
			this.#pending.set(request.id, { request, resolve });
			running.postMessage(request);
		});
	}
}

/** The page's highlighter: one worker, started with the first block to colour. */
export const codeHighlighter: CodeHighlighting = new WorkerHighlighter();

/**
 * Colours the next stretch of the block, at most the rest of one chunk: 'more' when something
 * was coloured or passed and more may follow, 'waiting' when all that was highlighted is
 * coloured (a later answer goes on), 'gone' when the block changed or left the page (it is left as
 * it is), 'selected' when the person's selection (`selected`: its ranges) touches the chunk.
 *
 * A chunk is a `span.md-chunk` whose last child is its plain text node (plain-text.ts); what is
 * coloured goes before that node, which loses as many characters from its start.
 */
export function colourStep(
	block: Colouring,
	selected: readonly Range[] = selectedRanges(block.code.ownerDocument)
): 'more' | 'waiting' | 'gone' | 'selected' {
	const { code, text, highlight } = block;
	if (!code.isConnected) return 'gone';
	const chunk = code.childNodes[block.index];
	if (!(chunk instanceof HTMLElement) || !chunk.classList.contains('md-chunk')) {
		// Past the last chunk: finished if this was all of the text (else its tail is still coming).
		if (block.final && block.coloured === text.length) {
			code.classList.add('hljs');
			return 'waiting';
		}
		return chunk === undefined || chunk.nodeType === Node.TEXT_NODE ? 'waiting' : 'gone';
	}
	const plain = chunk.lastChild;
	if (plain === null || plain.nodeType !== Node.TEXT_NODE) return 'gone';
	const shown = (plain as Text).data;
	const length = Math.min(shown.length, text.length - block.coloured);
	if (!text.startsWith(shown.slice(0, length), block.coloured)) return 'gone';
	if (length === 0) {
		// This chunk is coloured as far as the text goes: on to the next one, if there is one.
		const next = chunk.nextSibling;
		if (shown === '' && next instanceof HTMLElement && next.classList.contains('md-chunk')) {
			block.index++;
			return 'more';
		}
		if (shown === '' && block.final && block.coloured === text.length) {
			block.index++;
			return 'more';
		}
		return 'waiting';
	}
	if (selected.some((range) => range.intersectsNode(chunk))) return 'selected';
	const from = block.coloured;
	const to = from + length;
	chunk.insertBefore(highlightedNodes(code.ownerDocument, text, highlight, from, to), plain);
	(plain as Text).deleteData(0, length);
	block.coloured = to;
	return 'more';
}

/** The ranges the person has selected; none when the selection is collapsed. Reading forces layout. */
function selectedRanges(doc: Document): Range[] {
	const selection = doc.getSelection();
	if (selection === null || selection.isCollapsed) return [];
	return Array.from({ length: selection.rangeCount }, (_, index) => selection.getRangeAt(index));
}
