/**
 * A streamed markdown text rendered into one element: `append` is O(1) (it queues the text); the
 * next animation frame parses what it can within the frame budget and applies the DOM changes in
 * one go. Safe by construction (see dom/inline-dom.ts). The same object renders a settled message
 * (`append(all)` then `finish()`), time-sliced the same way if it is large.
 */
import { MarkdownStream } from './core/markdown-stream.ts';
import { DomRenderer } from './dom/dom-renderer.ts';
import {
	frameScheduler,
	type FrameBudget,
	type FrameTask,
	type Scheduler
} from './frame-scheduler.ts';
import { highlightLater } from './highlight.ts';

/** What a view needs from a markdown renderer (the benchmark swaps in a naive one). */
export interface MarkdownSink {
	append(text: string): void;
	finish(): void;
	/** Forgets everything rendered, for a new text. */
	reset(): void;
	destroy(): void;
}

export interface LiveMarkdownOptions {
	scheduler?: Scheduler;
	/** 0 for what is streaming now, 1 for history rendered lazily. */
	priority?: number;
	/** Highlight closed code blocks (lazily). Default true. */
	highlight?: boolean;
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

	constructor(element: HTMLElement, options: LiveMarkdownOptions = {}) {
		this.#element = element;
		this.#options = options;
		this.#scheduler = options.scheduler ?? frameScheduler;
		this.#renderer = this.#createRenderer();
	}

	#createRenderer(): DomRenderer {
		return new DomRenderer(
			this.#element,
			this.#options.highlight === false ? {} : { onCodeClosed: highlightLater }
		);
	}

	append(text: string): void {
		this.#stream.append(text);
		this.#scheduler.schedule(this, this.#options.priority ?? 0);
	}

	finish(): void {
		this.#stream.end();
		this.#scheduler.schedule(this, this.#options.priority ?? 0);
	}

	reset(): void {
		this.#scheduler.cancel(this);
		this.#stream = new MarkdownStream();
		this.#renderer.clear();
		this.#renderer = this.#createRenderer();
	}

	/** Renders everything now, synchronously (tests, and anything that must be on screen at once). */
	flush(): void {
		this.#scheduler.cancel(this);
		this.runFrame({ deadline: Infinity, chars: Infinity });
	}

	runFrame(budget: FrameBudget): boolean {
		const lazy = (this.#options.priority ?? 0) > 0;
		const before = this.#stream.parsedChars;
		const done = this.#stream.process(
			budget.deadline === Infinity ? undefined : () => performance.now() >= budget.deadline,
			lazy ? budget.chars : Infinity
		);
		budget.chars -= this.#stream.parsedChars - before;
		const snapshot = this.#stream.snapshot();
		this.#renderer.render(snapshot);
		if (snapshot.complete)
			this.#options.onRender?.(this.#stream.length, done && this.#stream.ended);
		return !done;
	}

	destroy(): void {
		this.#scheduler.cancel(this);
	}
}
