/**
 * Applies snapshots of the block model (core/markdown-stream.ts) to a container element. Call
 * `render` once per animation frame with the latest snapshot: views are matched to blocks by id,
 * final blocks are never visited again, and text past the markdown cap is appended as plain text.
 */
import type { MarkdownSnapshot } from '../core/markdown-stream.ts';
import { ContainerView } from './block-views.ts';
import type { CodeClosedListener } from './code-view.ts';
import { PlainText } from './plain-text.ts';

export interface DomRendererOptions {
	/** Hears of each code block once it is final (to highlight it). */
	onCodeClosed?: CodeClosedListener;
}

export class DomRenderer {
	readonly #doc: Document;
	readonly #container: HTMLElement;
	readonly #options: DomRendererOptions;
	#root: ContainerView | null = null;
	#overflow: PlainText | null = null;
	#overflowPieces = 0;

	constructor(container: HTMLElement, options: DomRendererOptions = {}) {
		const doc = container.ownerDocument;
		this.#doc = doc;
		this.#container = container;
		this.#options = options;
	}

	render(snapshot: MarkdownSnapshot): void {
		this.#root ??= new ContainerView(
			{ doc: this.#doc, onCodeClosed: this.#options.onCodeClosed },
			snapshot.root,
			this.#container
		);
		this.#root.update(snapshot.root, snapshot.root.closed);
		const pieces = snapshot.overflow;
		if (pieces.length > this.#overflowPieces) {
			if (this.#overflow === null) {
				const element = this.#doc.createElement('div');
				element.setAttribute('class', 'md-overflow');
				this.#container.appendChild(element);
				this.#overflow = new PlainText(this.#doc, element);
			}
			this.#overflow.append(pieces.slice(this.#overflowPieces).join(''));
			this.#overflowPieces = pieces.length;
		}
	}

	/** Empties the container, for a new text. */
	clear(): void {
		while (this.#container.lastChild !== null)
			this.#container.removeChild(this.#container.lastChild);
		this.#root = null;
		this.#overflow = null;
		this.#overflowPieces = 0;
	}
}
