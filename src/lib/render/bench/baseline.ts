/**
 * The benchmark's naive peer (bench builds only, never in the app): the whole message through
 * `marked`, sanitised by DOMPurify and assigned with innerHTML, once per animation frame. Both
 * libraries are injected into the page by the benchmark (tests/bench/render), not bundled.
 */
import type { MarkdownSink } from '../live-markdown.ts';
import { markedLibraries, type OnRender } from './peer-libraries.ts';

export class NaiveMarkdown implements MarkdownSink {
	readonly #element: HTMLElement;
	readonly #onRender: OnRender;
	#text = '';
	#finished = false;
	#frame: number | null = null;

	constructor(element: HTMLElement, onRender: OnRender) {
		this.#element = element;
		this.#onRender = onRender;
	}

	append(text: string): void {
		this.#text += text;
		this.#request();
	}

	finish(): void {
		this.#finished = true;
		this.#request();
	}

	reset(): void {
		this.#text = '';
		this.#finished = false;
		this.#element.replaceChildren();
	}

	destroy(): void {
		if (this.#frame !== null) cancelAnimationFrame(this.#frame);
	}

	#request(): void {
		this.#frame ??= requestAnimationFrame(() => {
			this.#frame = null;
			const libraries = markedLibraries();
			if (libraries === null) return;
			const { marked, DOMPurify } = libraries;
			this.#element.innerHTML = DOMPurify.sanitize(marked.parse(this.#text, { async: false }));
			this.#onRender(this.#text.length, this.#finished);
		});
	}
}

/** Renders nothing, reporting each frame as shown: the page's cost without any renderer. */
export class NullSink implements MarkdownSink {
	readonly #onRender: OnRender;
	#length = 0;
	#finished = false;
	#frame: number | null = null;

	constructor(onRender: OnRender) {
		this.#onRender = onRender;
	}

	append(text: string): void {
		this.#length += text.length;
		this.#request();
	}

	finish(): void {
		this.#finished = true;
		this.#request();
	}

	reset(): void {
		this.#length = 0;
		this.#finished = false;
	}

	destroy(): void {
		if (this.#frame !== null) cancelAnimationFrame(this.#frame);
	}

	#request(): void {
		this.#frame ??= requestAnimationFrame(() => {
			this.#frame = null;
			this.#onRender(this.#length, this.#finished);
		});
	}
}
