/**
 * GFM tables (§4.10): the delimiter row, and splitting a row into cells. A pipe inside a cell is
 * written `\|`, also inside code spans; the escape is removed here, before inline parsing.
 */
import type { Align } from './model.ts';
import { LIMITS } from './limits.ts';

const DELIMITER_CELL = /^:?-+:?$/;

/** The cells of a row: outer pipes dropped, split on unescaped pipes, trimmed. */
export function splitRow(line: string): string[] {
	let text = line.trim();
	if (text.startsWith('|')) text = text.slice(1);
	if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
	const cells: string[] = [];
	let cell = '';
	for (let i = 0; i < text.length; i++) {
		const char = text.charAt(i);
		if (char === '\\' && text.charAt(i + 1) === '|') {
			cell += '|';
			i++;
		} else if (char === '|') {
			cells.push(cell.trim());
			cell = '';
			if (cells.length >= LIMITS.maxTableColumns) return cells;
		} else cell += char;
	}
	cells.push(cell.trim());
	return cells;
}

/** Column alignments if `line` is a delimiter row (it must contain a pipe), else null. */
export function parseDelimiterRow(line: string): Align[] | null {
	if (!line.includes('|') || line.length > LIMITS.maxTableLineChars) return null;
	const cells = splitRow(line);
	const align: Align[] = [];
	for (const cell of cells) {
		if (!DELIMITER_CELL.test(cell)) return null;
		const left = cell.startsWith(':');
		const right = cell.endsWith(':');
		align.push(left && right ? 'center' : right ? 'right' : left ? 'left' : null);
	}
	return align;
}

/** A row with exactly `columns` cells: excess cells dropped, missing ones empty (GFM §4.10). */
export function fitRow(cells: string[], columns: number): string[] {
	if (cells.length === columns) return cells;
	const row = cells.slice(0, columns);
	while (row.length < columns) row.push('');
	return row;
}
