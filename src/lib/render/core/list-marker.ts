/**
 * List item markers (CommonMark 0.31 §5.2, commonmark.js `parseListMarker`): a bullet (`-`, `+`,
 * `*`) or an ordered number (1–9 digits, then `.` or `)`), followed by 1–4 columns of spaces
 * that set the indentation of the item's content (5 or more, or none, count as one).
 */
import type { StartContext } from './block-starts.ts';
import { CODE_INDENT } from './line-cursor.ts';
import type { Block, ListBlock } from './model.ts';

const BULLET = /^[*+-]/;
const ORDERED = /^(\d{1,9})([.)])/;

export interface ListMarker {
	ordered: boolean;
	marker: string;
	start: number;
	contentIndent: number;
}

/** §5.2 list item start: marker, then 1–4 columns of spaces (or one, see "padding"). */
export function listMarker(context: StartContext, container: Block): ListMarker | null {
	const cursor = context.cursor;
	if (cursor.indent >= CODE_INDENT) return null;
	const rest = cursor.restFromNonspace();
	const bullet = BULLET.exec(rest);
	const ordered = bullet === null ? ORDERED.exec(rest) : null;
	const match = bullet ?? ordered;
	if (match === null) return null;
	// An ordered list may interrupt a paragraph only when it starts with 1 (§5.3).
	if (ordered !== null && container.kind === 'paragraph' && ordered[1] !== '1') return null;
	const after = cursor.text.charAt(cursor.nextNonspace + match[0].length);
	if (after !== '' && after !== ' ' && after !== '\t') return null;
	// An empty item may not interrupt a paragraph.
	const afterMarker = cursor.text.slice(cursor.nextNonspace + match[0].length);
	if (container.kind === 'paragraph' && !/[^ \t]/.test(afterMarker)) return null;
	const markerOffset = cursor.indent;
	cursor.advanceNextNonspace();
	cursor.advanceOffset(match[0].length, true);
	const spacesStartColumn = cursor.column;
	const spacesStartOffset = cursor.offset;
	let next: string;
	do {
		cursor.advanceOffset(1, true);
		next = cursor.text.charAt(cursor.offset);
	} while (cursor.column - spacesStartColumn < 5 && (next === ' ' || next === '\t'));
	const blankItem = cursor.offset >= cursor.text.length;
	const spacesAfterMarker = cursor.column - spacesStartColumn;
	let padding: number;
	if (spacesAfterMarker >= 5 || spacesAfterMarker < 1 || blankItem) {
		padding = match[0].length + 1;
		cursor.column = spacesStartColumn;
		cursor.offset = spacesStartOffset;
		const char = cursor.text.charAt(cursor.offset);
		if (char === ' ' || char === '\t') cursor.advanceOffset(1, true);
	} else {
		padding = match[0].length + spacesAfterMarker;
	}
	return {
		ordered: ordered !== null,
		marker: ordered?.[2] ?? match[0],
		start: ordered === null ? 1 : Number.parseInt(ordered[1] ?? '1', 10),
		contentIndent: markerOffset + padding
	};
}

export function sameList(list: ListBlock, marker: ListMarker): boolean {
	return list.ordered === marker.ordered && list.marker === marker.marker;
}
