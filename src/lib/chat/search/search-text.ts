/**
 * What "matches" means for the library search, and the snippet that shows why a conversation
 * matched. Pure text functions: no storage, no DOM.
 *
 * Matching is a substring match on folded text (search-fold.ts), which works for every script,
 * Chinese and Japanese included (no word segmentation needed). Loaded with the first search, not
 * with the page: the library filters titles with search-fold.ts alone.
 */
import { foldForSearch } from './search-fold.ts';

/** A part of a text around a match: `match` is what to highlight (empty when nothing is). */
export interface Snippet {
	before: string;
	match: string;
	after: string;
}

/**
 * How much of a message a snippet shows on each side of the match, in characters: little before
 * it, so the match is within the first ~40 characters a sidebar row shows.
 */
const BEFORE = 20;
const AFTER = 60;

/**
 * Where folded `query` first occurs in `text`, as offsets into the original `text`; `null` when it
 * does not occur. Usually folding keeps every character's place (the folded text is as long as the
 * original and the slice there folds to the query); otherwise the text is walked grapheme by
 * grapheme, each folded on its own, so an offset in the folded text maps back to the original.
 */
export function findMatch(text: string, query: string): { start: number; end: number } | null {
	if (query === '') return null;
	const folded = foldForSearch(text);
	const at = folded.indexOf(query);
	if (at === -1) return null;
	if (folded.length === text.length && foldForSearch(text.slice(at, at + query.length)) === query) {
		return { start: at, end: at + query.length };
	}
	return findByGraphemes(text, query);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function findByGraphemes(text: string, query: string): { start: number; end: number } | null {
	// starts[i]: the original offset of the grapheme that folded character i came from.
	const starts: number[] = [];
	const ends: number[] = [];
	let folded = '';
	for (const { segment, index } of graphemes.segment(text)) {
		const part = foldForSearch(segment);
		for (let i = 0; i < part.length; i++) {
			starts.push(index);
			ends.push(index + segment.length);
		}
		folded += part;
	}
	const at = folded.indexOf(query);
	if (at === -1) return null;
	return { start: starts[at] ?? 0, end: ends[at + query.length - 1] ?? text.length };
}

/** One line of text: runs of white space (line breaks too) shown as one space. */
const oneLine = (text: string): string => text.replace(/\s+/gu, ' ');

/** Moves `offset` off the second half of a surrogate pair, so no character is cut in two. */
function codePointBoundary(text: string, offset: number, direction: -1 | 1): number {
	const unit = text.charCodeAt(offset);
	const isLowSurrogate = unit >= 0xdc00 && unit <= 0xdfff;
	return isLowSurrogate && offset > 0 && offset < text.length ? offset + direction : offset;
}

/** `from`, or the start of the next word when `from` is inside one (not past `limit`). */
function wordStart(text: string, from: number, limit: number): number {
	if (from === 0 || /\s/u.test(text.charAt(from - 1))) return from;
	const space = text.slice(from, limit).search(/\s/u);
	return space === -1 ? from : from + space + 1;
}

/**
 * A short part of `text` around the first match of folded `query`, on one line, with "…" where it
 * was cut; `null` when the text does not contain the query.
 */
export function snippetAround(text: string, query: string): Snippet | null {
	const match = findMatch(text, query);
	if (match === null) return null;
	const from = wordStart(
		text,
		codePointBoundary(text, Math.max(0, match.start - BEFORE), 1),
		match.start
	);
	const to = codePointBoundary(text, Math.min(text.length, match.end + AFTER), -1);
	const before = oneLine(text.slice(from, match.start)).trimStart();
	const after = oneLine(text.slice(match.end, to)).trimEnd();
	return {
		before: (from > 0 ? '…' : '') + before,
		match: oneLine(text.slice(match.start, match.end)),
		after: after + (to < text.length ? '…' : '')
	};
}

/** The whole of `text` split around the first match of `query` (for a title); null if none. */
export function highlightIn(text: string, query: string): Snippet | null {
	const match = findMatch(text, query);
	if (match === null) return null;
	return {
		before: text.slice(0, match.start),
		match: text.slice(match.start, match.end),
		after: text.slice(match.end)
	};
}

/** The start of a message, for a conversation whose match could not be placed in the text. */
export function openingOf(text: string): Snippet {
	const end = codePointBoundary(text, Math.min(text.length, BEFORE + AFTER), -1);
	return {
		before: oneLine(text.slice(0, end)) + (end < text.length ? '…' : ''),
		match: '',
		after: ''
	};
}
