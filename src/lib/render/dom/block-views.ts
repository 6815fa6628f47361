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
	type HeadingBlock,
	isContainer,
	paragraphSource
} from '../core/model.ts';
import { CodeView, type CodeClosedListener } from './code-view.ts';
import { insertInlines } from './inline-dom.ts';
import { InlineStream } from './inline-stream.ts';
import { TableView } from './table-view.ts';

export interface ViewContext {
	readonly doc: Document;
	readonly onCodeClosed: CodeClosedListener | undefined;
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

const CONTAINER_TAGS = { document: 'div', quote: 'blockquote', item: 'li' } as const;
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

	constructor(context: ViewContext, block: ContainerBlock, element?: HTMLElement) {
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
		if (!isContainer(block)) return;
		const children: readonly Block[] = block.children;
		for (let index = this.#final; index < children.length; index++) {
			const child = children[index];
			if (child === undefined) break;
			let view = this.#views[index];
			if (view === undefined || !view.fits(child)) {
				const next = createView(this.#context, child);
				if (view === undefined) this.#host(index).appendChild(next.element);
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

class ParagraphView implements BlockView {
	readonly element: HTMLElement;
	readonly #id: number;
	readonly #inline: InlineStream;

	constructor(context: ViewContext, id: number) {
		this.#id = id;
		this.element = context.doc.createElement('p');
		this.#inline = new InlineStream(context.doc, this.element);
	}

	fits(block: Block): boolean {
		return block.kind === 'paragraph' && block.id === this.#id;
	}

	update(block: Block, closed: boolean): void {
		if (block.kind === 'paragraph') this.#inline.update(paragraphSource(block), closed);
	}

	finalize(): void {}
}

class HeadingView implements BlockView {
	readonly element: HTMLElement;
	readonly #doc: Document;
	readonly #block: HeadingBlock;
	#text: string | null = null;

	constructor(context: ViewContext, block: HeadingBlock) {
		this.#doc = context.doc;
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
		while (this.element.lastChild !== null) this.element.removeChild(this.element.lastChild);
		this.#text = block.text;
		if (block.text.length > LIMITS.maxInlineChars)
			this.element.appendChild(this.#doc.createTextNode(block.text));
		else insertInlines(this.#doc, this.element, parseInline(block.text, { final: true }).inlines);
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
		case 'code':
			return new CodeView(context.doc, block, context.onCodeClosed);
		case 'table':
			return new TableView(context.doc, block);
	}
}
