/**
 * A GFM table (§4.10) in a horizontally scrolling wrapper. Rows arrive one line at a time: all but
 * the last are appended for good; the last may still be a preview and is redrawn each frame.
 *
 * A table longer than one segment (table-layout.ts) continues in further tables of
 * `segmentRows(columns)` rows, each in a `.md-table-part` that skips layout off-screen. As soon as
 * a settled row lies past the first segment, every segment takes the same fixed column widths
 * (estimated from the head and the first segment), so the parts line up as one table. A table of
 * one segment keeps the browser's automatic layout.
 */
import { parseInline } from '../core/inline-parser.ts';
import { LIMITS } from '../core/limits.ts';
import type { Align, Block, TableBlock } from '../core/model.ts';
import type { BlockView } from './block-views.ts';
import { insertInlines } from './inline-dom.ts';
import type { ViewContext } from './block-views.ts';
import type { MathTypesetter } from './math-view.ts';
import type { FootnoteAnchor, FootnoteIndex } from './footnote-index.ts';
import type { ReferenceWatch, ReferenceWatcher } from './reference-watch.ts';
import { columnChars, columnWidth, segmentIntrinsicSize, segmentRows } from './table-layout.ts';

interface Segment {
	readonly table: HTMLElement;
	readonly body: HTMLElement;
	/** The `.md-table-part` around every segment but the first. */
	readonly part: HTMLElement | null;
}

export class TableView implements BlockView, ReferenceWatcher {
	readonly element: HTMLElement;
	readonly #doc: Document;
	readonly #references: ReferenceWatch;
	readonly #footnotes: FootnoteIndex;
	readonly #math: MathTypesetter | undefined;
	/** Rows on the page whose cells refer to a label not defined yet, with their cells. */
	readonly #waiting = new Map<HTMLElement, { tag: 'th' | 'td'; cells: readonly string[] }>();
	readonly #id: number;
	readonly #head: readonly string[];
	readonly #align: readonly Align[];
	readonly #rowsPerSegment: number;
	readonly #segments: Segment[] = [];
	/** Column widths in `ch`, once the table has grown past its first segment. */
	#fixedChars: number[] | null = null;
	#stableRows = 0;
	#lastStable: readonly string[] | null = null;
	#tail: HTMLElement | null = null;

	constructor(context: ViewContext, block: TableBlock) {
		const doc = context.doc;
		this.#doc = doc;
		this.#references = context.references;
		this.#footnotes = context.footnotes;
		this.#math = context.math;
		this.#id = block.id;
		this.#head = block.head;
		this.#align = block.align;
		this.#rowsPerSegment = segmentRows(block.head.length);
		const wrapper = doc.createElement('div');
		wrapper.setAttribute('class', 'md-table');
		const table = doc.createElement('table');
		const head = doc.createElement('thead');
		head.appendChild(this.#row('th', block.head));
		const body = doc.createElement('tbody');
		table.appendChild(head);
		table.appendChild(body);
		wrapper.appendChild(table);
		this.#segments.push({ table, body, part: null });
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
			this.#tail.parentNode?.removeChild(this.#tail);
			this.#waiting.delete(this.#tail);
			this.#footnotes.set(this.#tail, []);
			this.#tail = null;
		}
		if (this.#fixedChars === null && stable > this.#rowsPerSegment) {
			this.#fixColumns(columnChars(this.#head, rows.slice(0, this.#rowsPerSegment)));
		}
		for (let index = this.#stableRows; index < stable; index++) {
			this.#bodyOf(index).appendChild(this.#row('td', rows[index] ?? []));
		}
		if (stable > this.#stableRows) {
			this.#stableRows = stable;
			this.#lastStable = rows[stable - 1] ?? null;
		}
		const preview = rows[stable];
		if (preview !== undefined) {
			this.#tail = this.#row('td', preview);
			this.#bodyOf(stable).appendChild(this.#tail);
		}
		this.#dropEmptySegments();
	}

	finalize(): void {}

	/** Rows that referred to a label defined since are built again in place. */
	refreshReferences(): void {
		for (const [row, { tag, cells }] of [...this.#waiting]) {
			this.#waiting.delete(row);
			const next = this.#row(tag, cells);
			if (this.#tail === row) this.#tail = next;
			row.parentNode?.replaceChild(next, row);
			this.#footnotes.set(row, []);
		}
	}

	/** The body row `index` goes into, starting a segment when it is the first of one. */
	#bodyOf(index: number): HTMLElement {
		const number = Math.floor(index / this.#rowsPerSegment);
		let segment = this.#segments[number];
		while (segment === undefined) {
			this.#segments.push(this.#newSegment());
			segment = this.#segments[number];
		}
		return segment.body;
	}

	#newSegment(): Segment {
		const part = this.#doc.createElement('div');
		part.setAttribute('class', 'md-table-part');
		part.setAttribute('style', segmentIntrinsicSize(this.#rowsPerSegment));
		const table = this.#doc.createElement('table');
		const body = this.#doc.createElement('tbody');
		table.appendChild(body);
		part.appendChild(table);
		this.element.appendChild(part);
		const segment = { table, body, part };
		if (this.#fixedChars !== null) this.#fix(segment, this.#fixedChars);
		return segment;
	}

	/** Gives every segment, present and future, the same fixed column widths. */
	#fixColumns(chars: number[]): void {
		this.#fixedChars = chars;
		for (const segment of this.#segments) this.#fix(segment, chars);
	}

	#fix(segment: Segment, chars: readonly number[]): void {
		const columns = this.#doc.createElement('colgroup');
		for (const width of chars) {
			const column = this.#doc.createElement('col');
			column.setAttribute('style', columnWidth(width));
			columns.appendChild(column);
		}
		segment.table.insertBefore(columns, segment.table.firstChild);
		segment.table.setAttribute('class', 'md-table-fixed');
	}

	/** A preview row that started a segment and then went away leaves no empty part behind. */
	#dropEmptySegments(): void {
		for (let last = this.#segments.at(-1); last?.part; last = this.#segments.at(-1)) {
			if (last.body.firstChild !== null) return;
			this.element.removeChild(last.part);
			this.#segments.pop();
		}
	}

	#row(tag: 'th' | 'td', cells: readonly string[]): HTMLElement {
		const row = this.#doc.createElement('tr');
		const definitions = this.#references.definitions;
		const footnotes = this.#footnotes.definitions;
		const anchors: FootnoteAnchor[] = [];
		let waits = false;
		cells.forEach((text, index) => {
			const cell = this.#doc.createElement(tag);
			const align = this.#align[index];
			if (align !== null && align !== undefined) cell.setAttribute('data-align', align);
			if (text.length > LIMITS.maxInlineChars) cell.appendChild(this.#doc.createTextNode(text));
			else {
				const { inlines, missing } = parseInline(text, { final: true, definitions, footnotes });
				if (missing.length > 0) {
					this.#references.watch(missing, this);
					waits = true;
				}
				insertInlines(this.#doc, cell, inlines, null, anchors, this.#math);
			}
			row.appendChild(cell);
		});
		if (waits) this.#waiting.set(row, { tag, cells });
		this.#footnotes.set(row, anchors);
		return row;
	}
}

function sameCells(a: readonly string[], b: readonly string[]): boolean {
	return a.length === b.length && a.every((cell, index) => cell === b[index]);
}
