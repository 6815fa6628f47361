/**
 * One view per block of the model, keyed by block id. A container view keeps the views of its
 * children and never looks again at a child once that child is final (closed and not tentative):
 * per frame only the open chain and new blocks are visited, so the cost follows the new text,
 * not the length of the message.
 */
import { parseInline } from '../core/inline-parser.ts';
import { LIMITS } from '../core/limits.ts';
import {
	type Block,
	type ContainerBlock,
	type FootnoteBlock,
	type HeadingBlock,
	isContainer,
	shownParagraphSource
} from '../core/model.ts';
import { CodeView, type CodeHighlighting } from './code-view.ts';
import type { DiagramRenderer } from './diagram-view.ts';
import type { FootnoteAnchor, FootnoteIndex, FootnoteItem } from './footnote-index.ts';
import { insertInlines } from './inline-dom.ts';
import { InlineStream } from './inline-stream.ts';
import { MathBlockView, type MathTypesetter } from './math-view.ts';
import type { ReferenceWatch, ReferenceWatcher } from './reference-watch.ts';
import { TableView } from './table-view.ts';

export interface ViewContext {
	readonly doc: Document;
	readonly highlighting: CodeHighlighting | undefined;
	readonly references: ReferenceWatch;
	readonly footnotes: FootnoteIndex;
	/** Typesets math (without one, math shows its TeX source). */
	readonly math: MathTypesetter | undefined;
	/** Draws diagrams of closed ```mermaid blocks (without one, they stay code). */
	readonly diagrams: DiagramRenderer | undefined;
}

export interface BlockView {
	readonly element: HTMLElement;
	/** Whether this view can be updated to show `block` (else it is replaced). */
	fits(block: Block): boolean;
	/** `closed`: the block will get no more content (though a preview may still reopen it). */
	update(block: Block, closed: boolean): void;
	/** The block is final: it will never be updated again. */
	finalize(): void;
}

const CONTAINER_TAGS = {
	document: 'div',
	quote: 'blockquote',
	item: 'li',
	footnote: 'li'
} as const;
const SECTION_SIZE = 16;

export class ContainerView implements BlockView {
	readonly element: HTMLElement;
	readonly #context: ViewContext;
	readonly #id: number;
	readonly #kind: ContainerBlock['kind'];
	readonly #ordered: boolean;
	readonly #views: BlockView[] = [];
	readonly #sections: HTMLElement[] = [];
	#final = 0;
	/** The disabled checkbox of a GFM task list item. */
	#box: HTMLElement | null = null;
	/** Children go before this element (a footnote's links back stay last). */
	readonly #trailer: HTMLElement | null;

	constructor(
		context: ViewContext,
		block: ContainerBlock,
		element?: HTMLElement,
		trailer: HTMLElement | null = null
	) {
		this.#trailer = trailer;
		this.#context = context;
		this.#id = block.id;
		this.#kind = block.kind;
		this.#ordered = block.kind === 'list' && block.ordered;
		const tag = block.kind === 'list' ? (block.ordered ? 'ol' : 'ul') : CONTAINER_TAGS[block.kind];
		this.element = element ?? context.doc.createElement(tag);
	}

	fits(block: Block): boolean {
		if (block.id !== this.#id || block.kind !== this.#kind) return false;
		return block.kind !== 'list' || block.ordered === this.#ordered;
	}

	update(block: Block, _closed: boolean): void {
		if (block.kind === 'list') {
			if (block.ordered && block.start !== 1) this.element.setAttribute('start', `${block.start}`);
			else this.element.removeAttribute('start');
			this.element.setAttribute('class', block.loose ? 'md-list md-loose' : 'md-list');
		}
		if (block.kind === 'item') this.#showTask(block.checked);
		if (!isContainer(block)) return;
		const children: readonly Block[] = block.children;
		for (let index = this.#final; index < children.length; index++) {
			const child = children[index];
			if (child === undefined) break;
			let view = this.#views[index];
			if (view === undefined || !view.fits(child)) {
				const next = createView(this.#context, child);
				if (view === undefined) this.#host(index).insertBefore(next.element, this.#trailer);
				else view.element.parentNode?.replaceChild(next.element, view.element);
				this.#views[index] = next;
				view = next;
			}
			view.update(child, child.closed);
			if (child.closed && !child.tentative && index === this.#final) {
				view.finalize();
				this.#final++;
			}
		}
		while (this.#views.length > children.length) {
			const extra = this.#views.pop();
			if (extra !== undefined) extra.element.parentNode?.removeChild(extra.element);
		}
		// A section whose blocks all went (a paragraph of definitions only) goes too.
		while (this.#sections.length > Math.ceil(this.#views.length / SECTION_SIZE)) {
			const section = this.#sections.pop();
			if (section !== undefined) this.element.removeChild(section);
		}
	}

	/** A task list item starts with a checkbox nobody can tick (GFM §5.3: `disabled`). */
	#showTask(checked: boolean | null): void {
		if (checked === null) {
			if (this.#box !== null) this.element.removeChild(this.#box);
			this.element.removeAttribute('class');
			this.#box = null;
			return;
		}
		if (this.#box === null) {
			this.#box = this.#context.doc.createElement('input');
			this.#box.setAttribute('type', 'checkbox');
			this.#box.setAttribute('disabled', '');
			this.element.insertBefore(this.#box, this.element.firstChild);
			this.element.setAttribute('class', 'md-task');
		}
		if (checked) this.#box.setAttribute('checked', '');
		else this.#box.removeAttribute('checked');
	}

	/**
	 * Where child `index` goes. The document's blocks are grouped in sections of SECTION_SIZE
	 * (`.md-section`, `content-visibility: auto` in CSS): per frame, layout and paint then visit a
	 * few sections, not every block of a long answer, and sections scrolled away are skipped.
	 */
	#host(index: number): HTMLElement {
		if (this.#kind !== 'document') return this.element;
		const number = Math.floor(index / SECTION_SIZE);
		let section = this.#sections[number];
		if (section === undefined) {
			section = this.#context.doc.createElement('div');
			section.setAttribute('class', 'md-section');
			this.element.appendChild(section);
			this.#sections[number] = section;
		}
		return section;
	}

	finalize(): void {}
}

/**
 * A footnote definition (GFM): its content is an item of the footnote section at the end of the
 * message (footnote-index.ts decides whether and where it is shown); where the definition stood in
 * the text, only an empty marker remains.
 */
class FootnoteView implements BlockView, FootnoteItem {
	readonly element: HTMLElement;
	readonly item: HTMLElement;
	readonly back: HTMLElement;
	readonly #id: number;
	readonly #content: ContainerView;

	constructor(context: ViewContext, block: FootnoteBlock) {
		this.#id = block.id;
		this.element = context.doc.createElement('span');
		this.element.setAttribute('class', 'md-footnote-source');
		this.item = context.doc.createElement('li');
		this.back = context.doc.createElement('span');
		this.back.setAttribute('class', 'md-footnote-backs');
		this.item.appendChild(this.back);
		this.#content = new ContainerView(context, block, this.item, this.back);
		context.footnotes.adopt(block.id, this);
	}

	fits(block: Block): boolean {
		return block.kind === 'footnote' && block.id === this.#id;
	}

	update(block: Block, closed: boolean): void {
		this.#content.update(block, closed);
	}

	finalize(): void {}
}

class ParagraphView implements BlockView {
	readonly element: HTMLElement;
	readonly #id: number;
	readonly #inline: InlineStream;

	constructor(context: ViewContext, id: number) {
		this.#id = id;
		this.element = context.doc.createElement('p');
		this.#inline = new InlineStream(context.doc, this.element, context);
	}

	fits(block: Block): boolean {
		return block.kind === 'paragraph' && block.id === this.#id;
	}

	update(block: Block, closed: boolean): void {
		if (block.kind === 'paragraph') this.#inline.update(shownParagraphSource(block), closed);
	}

	finalize(): void {}
}

class HeadingView implements BlockView, ReferenceWatcher {
	readonly element: HTMLElement;
	readonly #doc: Document;
	readonly #references: ReferenceWatch;
	readonly #footnotes: FootnoteIndex;
	readonly #math: MathTypesetter | undefined;
	readonly #block: HeadingBlock;
	#text: string | null = null;

	constructor(context: ViewContext, block: HeadingBlock) {
		this.#doc = context.doc;
		this.#references = context.references;
		this.#footnotes = context.footnotes;
		this.#math = context.math;
		this.#block = block;
		this.element = context.doc.createElement(`h${block.level}`);
	}

	fits(block: Block): boolean {
		return (
			block.kind === 'heading' && block.id === this.#block.id && block.level === this.#block.level
		);
	}

	update(block: Block): void {
		if (block.kind !== 'heading' || block.text === this.#text) return;
		this.#render(block.text);
	}

	refreshReferences(): void {
		if (this.#text !== null) this.#render(this.#text);
	}

	#render(text: string): void {
		while (this.element.lastChild !== null) this.element.removeChild(this.element.lastChild);
		this.#text = text;
		if (text.length > LIMITS.maxInlineChars) {
			this.element.appendChild(this.#doc.createTextNode(text));
			this.#footnotes.set(this, []);
			return;
		}
		const { definitions } = this.#references;
		const footnotes = this.#footnotes.definitions;
		const { inlines, missing } = parseInline(text, { final: true, definitions, footnotes });
		if (missing.length > 0) this.#references.watch(missing, this);
		const anchors: FootnoteAnchor[] = [];
		insertInlines(this.#doc, this.element, inlines, null, anchors, this.#math);
		this.#footnotes.set(this, anchors);
	}

	finalize(): void {}
}

class RuleView implements BlockView {
	readonly element: HTMLElement;
	constructor(
		context: ViewContext,
		readonly id: number
	) {
		this.element = context.doc.createElement('hr');
	}
	fits(block: Block): boolean {
		return block.kind === 'rule' && block.id === this.id;
	}
	update(): void {}
	finalize(): void {}
}

export function createView(context: ViewContext, block: Block): BlockView {
	switch (block.kind) {
		case 'document':
		case 'quote':
		case 'list':
		case 'item':
			return new ContainerView(context, block);
		case 'paragraph':
			return new ParagraphView(context, block.id);
		case 'heading':
			return new HeadingView(context, block);
		case 'rule':
			return new RuleView(context, block.id);
		case 'footnote':
			return new FootnoteView(context, block);
		case 'code':
			return new CodeView(context.doc, block, context.highlighting, context.diagrams);
		case 'math':
			return new MathBlockView(context.doc, block, context.math);
		case 'table':
			return new TableView(context, block);
	}
}
