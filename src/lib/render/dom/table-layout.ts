/**
 * How a big table is cut into segments, and the column widths every segment shares. Pure functions
 * of the table's text (never of time, chunking or measured layout), so a table renders to the same
 * DOM however its rows arrived.
 *
 * Why segments: an auto-layout table computes every column from every cell, and does so again each
 * time a row is added. For 2,000 rows × 64 columns that is about 1.5 s of layout in Chromium in one
 * frame (a frozen tab), and streaming rows into it repeats the cost per frame. Separate tables of a
 * few hundred cells with fixed, shared column widths lay out one segment at a time, and segments
 * off-screen not at all (content-visibility).
 */
import { LIMITS } from '../core/limits.ts';

/** Rows per segment for a table of `columns` columns. */
export function segmentRows(columns: number): number {
	return Math.max(
		LIMITS.tableSegmentMinRows,
		Math.floor(LIMITS.tableSegmentCells / Math.max(1, columns))
	);
}

/**
 * Width of each column in characters (`ch`): the longest text of the column among the head and
 * `rows`, between 3 and `LIMITS.tableColumnMaxChars` (longer text wraps inside its column).
 */
export function columnChars(
	head: readonly string[],
	rows: readonly (readonly string[])[]
): number[] {
	return head.map((title, column) => {
		let widest = title.trim().length;
		for (const row of rows) widest = Math.max(widest, (row[column] ?? '').trim().length);
		return Math.min(LIMITS.tableColumnMaxChars, Math.max(3, widest));
	});
}

/** The CSS width of a column `chars` wide, padding included (see `.markdown td` in markdown.css). */
export function columnWidth(chars: number): string {
	return `width: calc(${chars}ch + 1.2em)`;
}

/** Height a segment of `rows` rows is assumed to have before it was first laid out. */
export function segmentIntrinsicSize(rows: number): string {
	return `contain-intrinsic-block-size: auto ${(rows * 1.9).toFixed(1)}em`;
}
