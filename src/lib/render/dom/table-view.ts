/**
 * A GFM table (§4.10) in a horizontally scrolling wrapper. Rows arrive one line at a time: all but
 * the last are appended for good; the last may still be a preview and is redrawn each frame.
 */
import { parseInline } from '../core/inline-parser.ts';
import { LIMITS } from '../core/limits.ts';
import type { Align, Block, TableBlock } from '../core/model.ts';
import type { BlockView } from './block-views.ts';
import { insertInlines } from './inline-dom.ts';

export class TableView implements BlockView {
	readonly element: HTMLElement;
	readonly #doc: Document;
	readonly #body: HTMLElement;
	readonly #id: number;
	readonly #head: readonly string[];
	readonly #align: readonly Align[];
	#stableRows = 0;
	#lastStable: readonly string[] | null = null;
	#tail: HTMLElement | null = null;

	constructor(doc: Document, block: TableBlock) {
		this.#doc = doc;
		this.#id = block.id;
		this.#head = block.head;
		this.#align = block.align;
		const wrapper = doc.createElement('div');
		wrapper.setAttribute('class', 'md-table');
		const table = doc.createElement('table');
		const head = doc.createElement('thead');
		head.appendChild(this.#row('th', block.head));
		this.#body = doc.createElement('tbody');
		table.appendChild(head);
		table.appendChild(this.#body);
		wrapper.appendChild(table);
		this.element = wrapper;
	}

	/** Whether this view can show `block`: same head, and the rows it kept are still there. */
	fits(block: Block): boolean {
		if (block.kind !== 'table' || block.id !== this.#id) return false;
		const sameHead =
			sameCells(block.head, this.#head) && block.align.every((a, i) => a === this.#align[i]);
		if (!sameHead || block.rows.length < this.#stableRows) return false;
		return this.#stableRows === 0 || block.rows[this.#stableRows - 1] === this.#lastStable;
	}

	update(block: Block, final: boolean): void {
		if (block.kind !== 'table') return;
		const rows = block.rows;
		const stable = final ? rows.length : Math.max(0, rows.length - 1);
		if (this.#tail !== null) {
			this.#body.removeChild(this.#tail);
			this.#tail = null;
		}
		for (let index = this.#stableRows; index < stable; index++) {
			this.#body.appendChild(this.#row('td', rows[index] ?? []));
		}
		if (stable > this.#stableRows) {
			this.#stableRows = stable;
			this.#lastStable = rows[stable - 1] ?? null;
		}
		const preview = rows[stable];
		if (preview !== undefined) {
			this.#tail = this.#row('td', preview);
			this.#body.appendChild(this.#tail);
		}
	}

	finalize(): void {}

	#row(tag: 'th' | 'td', cells: readonly string[]): HTMLElement {
		const row = this.#doc.createElement('tr');
		cells.forEach((text, index) => {
			const cell = this.#doc.createElement(tag);
			const align = this.#align[index];
			if (align !== null && align !== undefined) cell.setAttribute('data-align', align);
			if (text.length > LIMITS.maxInlineChars) cell.appendChild(this.#doc.createTextNode(text));
			else insertInlines(this.#doc, cell, parseInline(text, { final: true }).inlines);
			row.appendChild(cell);
		});
		return row;
	}
}

function sameCells(a: readonly string[], b: readonly string[]): boolean {
	return a.length === b.length && a.every((cell, index) => cell === b[index]);
}
