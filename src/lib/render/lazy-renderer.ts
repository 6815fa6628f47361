/**
 * The renderer in its own chunk, loaded on first use: a chat page that shows no message yet
 * (every fresh page) does not download it before the first interaction, and the first answer's
 * request is in flight while it loads. What is appended before it arrives is queued and replayed.
 * If the chunk cannot load (a deployment replaced it), the text is shown as plain text.
 */
import type * as Renderer from './live-markdown.ts';
import type { LiveMarkdownOptions, MarkdownSink } from './live-markdown.ts';

let loading: Promise<typeof Renderer> | null = null;

export function loadRenderer(): Promise<typeof Renderer> {
	loading ??= import('./live-markdown.ts');
	return loading;
}

/** Plain text, for when the renderer cannot be loaded. */
class PlainSink implements MarkdownSink {
	readonly #text: Text;

	constructor(element: HTMLElement) {
		element.style.whiteSpace = 'pre-wrap';
		this.#text = element.ownerDocument.createTextNode('');
		element.replaceChildren(this.#text);
	}

	append(text: string): void {
		this.#text.appendData(text);
	}

	finish(): void {}

	reset(): void {
		this.#text.data = '';
	}

	destroy(): void {}
}

export class LazySink implements MarkdownSink {
	#sink: MarkdownSink | null = null;
	#queued = '';
	#finished = false;
	#destroyed = false;

	constructor(element: HTMLElement, options: LiveMarkdownOptions) {
		loadRenderer()
			.then(({ LiveMarkdown }) => this.#ready(new LiveMarkdown(element, options)))
			.catch(() => this.#ready(new PlainSink(element)));
	}

	#ready(sink: MarkdownSink): void {
		if (this.#destroyed) return;
		this.#sink = sink;
		if (this.#queued !== '') sink.append(this.#queued);
		if (this.#finished) sink.finish();
		this.#queued = '';
	}

	append(text: string): void {
		if (this.#sink === null) this.#queued += text;
		else this.#sink.append(text);
	}

	finish(): void {
		if (this.#sink === null) this.#finished = true;
		else this.#sink.finish();
	}

	reset(): void {
		this.#queued = '';
		this.#finished = false;
		this.#sink?.reset();
	}

	destroy(): void {
		this.#destroyed = true;
		this.#sink?.destroy();
	}
}
