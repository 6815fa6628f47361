/**
 * Applies snapshots of the block model (core/markdown-stream.ts) to a container element. Call
 * `render` once per animation frame with the latest snapshot: views are matched to blocks by id,
 * final blocks are never visited again, and text past the markdown cap is appended as plain text.
 */
import type { MarkdownSnapshot } from '../core/markdown-stream.ts';
import { ContainerView } from './block-views.ts';
import type { CodeHighlighting } from './code-view.ts';
import type { DiagramRenderer } from './diagram-view.ts';
import { FootnoteIndex } from './footnote-index.ts';
import type { MathTypesetter } from './math-view.ts';
import { PlainText } from './plain-text.ts';
import { ReferenceWatch } from './reference-watch.ts';

export interface DomRendererOptions {
	/** Colours code blocks as their lines arrive and once they are final. */
	highlighting?: CodeHighlighting;
	/** Typesets math; without one, math shows its TeX source. */
	math?: MathTypesetter;
	/** Draws closed ```mermaid blocks; without one, they stay code. */
	diagrams?: DiagramRenderer;
	/**
	 * Starts every id the renderer writes (footnotes); by default unique to this renderer, so
	 * that two messages on a page never share an id.
	 */
	idPrefix?: string;
}

let renderers = 0;

export class DomRenderer {
	readonly #doc: Document;
	readonly #container: HTMLElement;
	readonly #options: DomRendererOptions;
	#root: ContainerView | null = null;
	#references = new ReferenceWatch();
	readonly #idPrefix: string;
	#footnotes: FootnoteIndex;
	#overflow: PlainText | null = null;
	/** Overflow shown so far: whole pieces, then characters of the next. */
	#overflowPieces = 0;
	#overflowOffset = 0;

	constructor(container: HTMLElement, options: DomRendererOptions = {}) {
		const doc = container.ownerDocument;
		this.#doc = doc;
		this.#container = container;
		this.#options = options;
		this.#idPrefix = options.idPrefix ?? `md${++renderers}-`;
		this.#footnotes = new FootnoteIndex(doc, container, this.#idPrefix);
	}

	/**
	 * Shows `snapshot`: its blocks, and at most `overflowChars` more characters of the text past the
	 * markdown cap (a 4 MB overflow is laid out over several frames). True when all of the
	 * snapshot is on the page.
	 */
	render(snapshot: MarkdownSnapshot, overflowChars = Infinity): boolean {
		this.#root ??= new ContainerView(
			{
				doc: this.#doc,
				highlighting: this.#options.highlighting,
				math: this.#options.math,
				diagrams: this.#options.diagrams,
				references: this.#references,
				footnotes: this.#footnotes
			},
			snapshot.root,
			this.#container
		);
		const waiting = this.#references.update(snapshot.definitions, snapshot.footnotes);
		this.#footnotes.update(snapshot.footnotes);
		this.#root.update(snapshot.root, snapshot.root.closed);
		// Content that referred to a label defined only now is parsed again (see reference-watch.ts).
		for (const view of waiting) view.refreshReferences();
		const shown = this.#showOverflow(snapshot.overflow, overflowChars);
		this.#footnotes.settle();
		return shown;
	}

	#showOverflow(pieces: readonly string[], allowance: number): boolean {
		let left = allowance;
		for (let piece = pieces[this.#overflowPieces]; piece !== undefined && left > 0;) {
			const end = Math.min(piece.length, this.#overflowOffset + left);
			this.#overflowText().append(piece.slice(this.#overflowOffset, end));
			left -= end - this.#overflowOffset;
			this.#overflowOffset = end;
			if (end < piece.length) break;
			this.#overflowPieces++;
			this.#overflowOffset = 0;
			piece = pieces[this.#overflowPieces];
		}
		return this.#overflowPieces >= pieces.length;
	}

	#overflowText(): PlainText {
		if (this.#overflow === null) {
			const element = this.#doc.createElement('div');
			element.setAttribute('class', 'md-overflow');
			this.#container.appendChild(element);
			this.#overflow = new PlainText(this.#doc, element);
		}
		return this.#overflow;
	}

	/** Empties the container, for a new text. */
	clear(): void {
		while (this.#container.lastChild !== null)
			this.#container.removeChild(this.#container.lastChild);
		this.#root = null;
		this.#references = new ReferenceWatch();
		this.#footnotes = new FootnoteIndex(this.#doc, this.#container, this.#idPrefix);
		this.#overflow = null;
		this.#overflowPieces = 0;
		this.#overflowOffset = 0;
	}
}
