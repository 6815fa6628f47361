/**
 * A streamed markdown text rendered into one element: `append` is O(1) (it queues the text); the
 * next animation frame parses what it can within the frame budget and applies the DOM changes in
 * one go. Safe by construction (see dom/inline-dom.ts). The same object renders a settled message
 * (`append(all)` then `finish()`), time-sliced the same way if it is large.
 *
 * A text that names a character reference only the full table knows (`&ouml;`, see
 * core/entities.ts) is drawn once that table has loaded, never with the name literal first.
 */
import { EntityScan, loadEntityTable } from './core/entities.ts';
import { MarkdownStream } from './core/markdown-stream.ts';
import { copyWithTex } from './dom/copy-text.ts';
import { DomRenderer } from './dom/dom-renderer.ts';
import {
	frameScheduler,
	type FrameBudget,
	type FrameTask,
	type Scheduler
} from './frame-scheduler.ts';
import { codeHighlighter } from './highlight.ts';
import { mathTypesetter } from './math.ts';
import { mermaidDiagrams } from './mermaid.ts';

/** What a view needs from a markdown renderer (the benchmark swaps in a naive one). */
export interface MarkdownSink {
	append(text: string): void;
	finish(): void;
	/** Forgets everything rendered, for a new text. */
	reset(): void;
	destroy(): void;
}

/**
 * Markdown a streaming renderer takes in per frame, besides the frame's time budget: far above any
 * model's pace (3,000 tokens/s is about 200 characters a frame), it keeps the DOM work of a frame
 * small when a whole long message arrives at once (a conversation opened, a 5 MB answer), since
 * only the parse is timed and the elements built from it cost several times more.
 */
const STREAMING_CHARS_PER_FRAME = 32 * 1024;
/** Text past the markdown cap shown per frame: plain text costs a fraction of markdown. */
const STREAMING_PLAIN_CHARS_PER_FRAME = 256 * 1024;

export interface LiveMarkdownOptions {
	scheduler?: Scheduler;
	/** 0 for what is streaming now, 1 for history rendered lazily. */
	priority?: number;
	/** Highlight code blocks (off the frame, as their lines arrive). Default true. */
	highlight?: boolean;
	/** Typeset math with KaTeX (loaded when first needed). Default true; else TeX source. */
	math?: boolean;
	/** Draw closed ```mermaid blocks in the sandboxed diagram frame. Default true. */
	diagrams?: boolean;
	/** Starts every id the renderer writes (footnotes); unique per renderer by default. */
	idPrefix?: string;
	/**
	 * After a frame's DOM work, when the DOM shows all text appended so far: its length, and
	 * whether that is the whole text (finished).
	 */
	onRender?: (renderedChars: number, finished: boolean) => void;
}

export class LiveMarkdown implements MarkdownSink, FrameTask {
	readonly #element: HTMLElement;
	readonly #options: LiveMarkdownOptions;
	readonly #scheduler: Scheduler;
	#stream = new MarkdownStream();
	#renderer: DomRenderer;
	#entities = new EntityScan();
	/** Drawing waits for the table of named references (loading). */
	#waitingForEntities = false;
	#destroyed = false;

	constructor(element: HTMLElement, options: LiveMarkdownOptions = {}) {
		this.#element = element;
		this.#options = options;
		this.#scheduler = options.scheduler ?? frameScheduler;
		this.#renderer = this.#createRenderer();
		// Copying a selection with math gives the TeX (dom/copy-text.ts).
		if (options.math !== false) element.addEventListener('copy', copyWithTex);
	}

	#createRenderer(): DomRenderer {
		const { highlight, idPrefix, math, diagrams } = this.#options;
		return new DomRenderer(this.#element, {
			...(highlight === false ? {} : { highlighting: codeHighlighter }),
			...(math === false ? {} : { math: mathTypesetter }),
			...(diagrams === false ? {} : { diagrams: mermaidDiagrams }),
			...(idPrefix === undefined ? {} : { idPrefix })
		});
	}

	append(text: string): void {
		this.#stream.append(text);
		if (this.#entities.needsTable(text)) this.#waitForEntityTable();
		this.#schedule();
	}

	finish(): void {
		this.#stream.end();
		this.#schedule();
	}

	#schedule(): void {
		if (!this.#waitingForEntities) this.#scheduler.schedule(this, this.#options.priority ?? 0);
	}

	/** Draws nothing more until the full table is in (if it cannot load, the name stays text). */
	#waitForEntityTable(): void {
		if (this.#waitingForEntities) return;
		this.#waitingForEntities = true;
		this.#scheduler.cancel(this);
		const resume = (): void => {
			this.#waitingForEntities = false;
			if (!this.#destroyed) this.#schedule();
		};
		loadEntityTable().then(resume, resume);
	}

	reset(): void {
		this.#scheduler.cancel(this);
		this.#entities = new EntityScan();
		this.#stream = new MarkdownStream();
		this.#renderer.clear();
		this.#renderer = this.#createRenderer();
	}

	/** Renders everything now, synchronously (tests, and anything that must be on screen at once). */
	flush(): void {
		this.#scheduler.cancel(this);
		while (this.runFrame({ deadline: Infinity, chars: Infinity }));
	}

	runFrame(budget: FrameBudget): boolean {
		if (this.#waitingForEntities) return false;
		const lazy = (this.#options.priority ?? 0) > 0;
		const allowance = lazy ? budget.chars : STREAMING_CHARS_PER_FRAME;
		const before = this.#stream.parsedChars;
		const parsed = this.#stream.process(
			budget.deadline === Infinity ? undefined : () => performance.now() >= budget.deadline,
			allowance
		);
		const used = this.#stream.parsedChars - before;
		budget.chars -= used;
		const snapshot = this.#stream.snapshot();
		const plain = lazy ? Math.max(0, budget.chars) : STREAMING_PLAIN_CHARS_PER_FRAME;
		const shown = this.#renderer.render(snapshot, plain);
		const done = parsed && shown;
		if (snapshot.complete && shown)
			this.#options.onRender?.(this.#stream.length, done && this.#stream.ended);
		return !done;
	}

	destroy(): void {
		this.#destroyed = true;
		this.#scheduler.cancel(this);
		if (this.#options.math !== false) this.#element.removeEventListener('copy', copyWithTex);
	}
}
