/**
 * The benchmark's `streaming-markdown` peer (bench builds only): its parser writes each delta
 * straight into the DOM as it arrives (append-only, no frames of its own), with its default
 * renderer. No highlighting. The library is injected by the benchmark, not bundled.
 */
import type { MarkdownSink } from '../live-markdown.ts';
import {
	streamingMarkdownLibrary,
	type OnRender,
	type StreamingMarkdownLibrary
} from './peer-libraries.ts';

export class StreamingMarkdownSink implements MarkdownSink {
	readonly #element: HTMLElement;
	readonly #onRender: OnRender;
	readonly #library: StreamingMarkdownLibrary | null = streamingMarkdownLibrary();
	#parser: unknown = null;
	#length = 0;
	#finished = false;
	#frame: number | null = null;

	constructor(element: HTMLElement, onRender: OnRender) {
		this.#element = element;
		this.#onRender = onRender;
		this.reset();
	}

	append(text: string): void {
		this.#library?.parser_write(this.#parser, text);
		this.#length += text.length;
		this.#request();
	}

	finish(): void {
		if (!this.#finished) this.#library?.parser_end(this.#parser);
		this.#finished = true;
		this.#request();
	}

	reset(): void {
		this.#element.replaceChildren();
		this.#length = 0;
		this.#finished = false;
		const library = this.#library;
		this.#parser = library?.parser(library.default_renderer(this.#element)) ?? null;
	}

	destroy(): void {
		if (this.#frame !== null) cancelAnimationFrame(this.#frame);
	}

	/** The DOM already shows the text: report it from the next animation frame, after the paint. */
	#request(): void {
		this.#frame ??= requestAnimationFrame(() => {
			this.#frame = null;
			this.#onRender(this.#length, this.#finished);
		});
	}
}
