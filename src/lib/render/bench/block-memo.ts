/**
 * The benchmark's block-memoised peer (bench builds only), the approach of Streamdown and
 * LibreChat: once per animation frame the whole message is lexed (`marked.lexer`) into top-level
 * blocks; a block whose raw text is what it was at its place last frame keeps its DOM (as React's
 * memo keeps a component keyed by index), and only changed blocks — in practice the last — are
 * rendered again, `marked.parser` + DOMPurify + innerHTML. No highlighting. The libraries are
 * injected by the benchmark, not bundled.
 */
import type { MarkdownSink } from '../live-markdown.ts';
import { markedLibraries, type OnRender } from './peer-libraries.ts';

interface RenderedBlock {
	raw: string;
	nodes: ChildNode[];
}

export class BlockMemoMarkdown implements MarkdownSink {
	readonly #element: HTMLElement;
	readonly #onRender: OnRender;
	readonly #template: HTMLTemplateElement;
	#text = '';
	#finished = false;
	#frame: number | null = null;
	#blocks: RenderedBlock[] = [];

	constructor(element: HTMLElement, onRender: OnRender) {
		this.#element = element;
		this.#onRender = onRender;
		this.#template = element.ownerDocument.createElement('template');
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
		this.#blocks = [];
		this.#element.replaceChildren();
	}

	destroy(): void {
		if (this.#frame !== null) cancelAnimationFrame(this.#frame);
	}

	#request(): void {
		this.#frame ??= requestAnimationFrame(() => {
			this.#frame = null;
			this.#render();
			this.#onRender(this.#text.length, this.#finished);
		});
	}

	#render(): void {
		const libraries = markedLibraries();
		if (libraries === null) return;
		const { marked, DOMPurify } = libraries;
		const tokens = marked.lexer(this.#text);
		const next: RenderedBlock[] = [];
		tokens.forEach((token, index) => {
			const old = this.#blocks[index];
			if (old?.raw === token.raw) {
				next.push(old);
				return;
			}
			const single = Object.assign([token], { links: tokens.links });
			this.#template.innerHTML = DOMPurify.sanitize(marked.parser(single));
			const nodes = [...this.#template.content.childNodes];
			this.#element.insertBefore(this.#template.content, this.#anchorAfter(index));
			for (const node of old?.nodes ?? []) node.remove();
			next.push({ raw: token.raw, nodes });
		});
		for (const stale of this.#blocks.slice(tokens.length))
			for (const node of stale.nodes) node.remove();
		this.#blocks = next;
	}

	/** The first node of the blocks rendered after `index` last frame (null: the end). */
	#anchorAfter(index: number): ChildNode | null {
		for (let at = index + 1; at < this.#blocks.length; at++) {
			const first = this.#blocks[at]?.nodes[0];
			if (first !== undefined) return first;
		}
		return null;
	}
}
