/**
 * Code highlighting, off the main thread, line by line as a block streams: only in a language of
 * the set in highlight-languages.ts, only up to `LIMITS.maxHighlightChars`. highlight.js runs in a
 * worker (highlight-worker.ts, created once the first block to colour has been painted plain,
 * so neither it nor highlight.js is part of the page's first load, nor of a reopened
 * conversation's first paint) and answers with scope ranges, not markup.
 *
 * An open block is highlighted again each time it has grown by complete lines (the lines a code
 * view keeps for good, never its preview line), at most one request per block in flight and
 * `REQUEST_INTERVAL_MS` apart, the first one an interval after the block appeared; highlight.js
 * reads left to right, so the ranges over a prefix are those of the whole text for every complete
 * line of it. Once the block is final, it is highlighted whole, at once: a block that closes
 * within its first interval (a short block of a fast answer) costs one round trip, not two. Each
 * answer is coloured into the page in idle time, a chunk at a step (code-colouring.ts).
 *
 * If the worker cannot start or load, highlight.js is imported on the main thread and run in idle
 * time instead; if that fails too, the code stays plain.
 */
import { LIMITS } from './core/limits.ts';
import type * as HighlightLanguages from './highlight-languages.ts';
import type { CodeHighlighting } from './dom/code-view.ts';
import type { HighlightReply, HighlightRequest } from './highlight-worker-protocol.ts';
import { validRanges, type HighlightRanges } from './hljs-dom.ts';
import { ColouringQueue, whenIdle, type ColouredBlock } from './code-colouring.ts';

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

/** Least time between two highlights of one open block (each one reads the block from its start). */
const REQUEST_INTERVAL_MS = 100;

/** The registered language for a name written after ```, if it is one we highlight. */
function registeredLanguage(language: string): string | undefined {
	return Object.hasOwn(ALIASES, language) ? ALIASES[language] : undefined;
}

/** What the page knows of one block: what it shows, what was asked, what came back. */
interface Block extends ColouredBlock {
	language: string;
	/** The latest text the view announced, and whether it is all of it. */
	latest: string;
	final: boolean;
	/** A request for this block is on its way; when the last one left (or the block appeared). */
	requesting: boolean;
	requestedAt: number;
	/** The wait before the next request of the open block, if one is set. */
	waiting: ReturnType<typeof setTimeout> | null;
}

/**
 * The page's code highlighter (code-view.ts's `CodeHighlighting`): one worker for the page, one
 * queue of blocks to colour in idle time.
 */
export class WorkerHighlighter implements CodeHighlighting {
	/** The worker: not started yet (undefined), running, or failed for good (null). */
	#worker: Worker | null | undefined;
	/** Resolves once the worker was asked to start (after the first block's paint). */
	#starting: Promise<void> | undefined;
	readonly #pending = new Map<number, { request: HighlightRequest; resolve: Resolve }>();
	#nextId = 0;
	#languages: Promise<Languages> | null = null;
	readonly #blocks = new WeakMap<HTMLElement, Block>();
	readonly #colouring = new ColouringQueue();

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
				requestedAt: performance.now(),
				waiting: null,
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
		// The block closed while its open text waited its turn: the final text goes now instead.
		if (block.waiting !== null && block.final) {
			clearTimeout(block.waiting);
			block.waiting = null;
			block.requesting = false;
		}
		if (block.requesting || block.abandoned) return;
		const known = block.colouring;
		if (known !== null && known.text.length >= block.latest.length && known.final === block.final)
			return;
		// Highlighting on the page itself (the worker failed) is done once, for the final text.
		if (!block.final && this.#worker === null) return;
		const wait = block.requestedAt + REQUEST_INTERVAL_MS - performance.now();
		block.requesting = true;
		if (!block.final && wait > 0) {
			block.waiting = setTimeout(() => {
				block.waiting = null;
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
		this.#colouring.enqueue(code, block);
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
		// Colour is decoration: the worker's script (highlight.js) loads once the first block to
		// colour has been painted plain, never before the page's first paint of a conversation.
		this.#starting ??= afterNextPaint().then(() => {
			this.#worker ??= this.#startWorker();
		});
		return this.#starting.then(() => this.#ask(text, language));
	}

	#ask(text: string, language: string): Promise<HighlightRanges | null> {
		const running = this.#worker;
		// Started (`#starting` resolved) it is never undefined again; null: it failed.
		if (running === null || running === undefined) return this.#onMainThread(text, language);
		return new Promise((resolve) => {
			const request: HighlightRequest = { id: ++this.#nextId, text, language };
			this.#pending.set(request.id, { request, resolve });
			running.postMessage(request);
		});
	}
}

/**
 * Resolves once the next frame is painted: a task queued from its animation frame runs after
 * the frame's paint (HTML's event loop: rendering, then the next task). Where there are no
 * frames (no `requestAnimationFrame`), after a task. A hidden tab runs no animation frames, so
 * there it resolves when the tab is next shown: the code stays plain until then, and nothing
 * is loaded for a page no one sees.
 */
function afterNextPaint(): Promise<void> {
	return new Promise((resolve) => {
		const painted = (): void => void setTimeout(resolve, 0);
		if (typeof requestAnimationFrame === 'function') requestAnimationFrame(painted);
		else painted();
	});
}

/** The page's highlighter: one worker, started after the first block to colour is painted. */
export const codeHighlighter: CodeHighlighting = new WorkerHighlighter();
