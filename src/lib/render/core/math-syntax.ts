/**
 * TeX math in markdown, as chat answers write it (no CommonMark spec covers it; the rules are
 * Pandoc's `tex_math_dollars` and markdown-it-texmath's, the common ground of renderers):
 *
 * - Display blocks on lines of their own: a line starting with `$$` (up to three spaces before it)
 *   opens one, which runs until a line ending with `$$`; `$$ … $$` alone on a line is a one-line
 *   block. `\[` alone on a line opens one closed by a line ending with `\]`, and `\[ … \]` alone on
 *   a line is a one-line block. A block may interrupt a paragraph. (A line with text after the
 *   closing delimiter, `$$x$$ is…`, is a paragraph, with display math inline.)
 * - Inline: `$…$`, `$$…$$` (display), `\(…\)` and `\[…\]` (display). A `$` opens only if the
 *   character after it is not whitespace, and closes only if the character before it is not
 *   whitespace and the one after it is not a digit; as in Pandoc, the first `$` after the opener
 *   decides: `$5 and $10` and `$x$1` stay text. `\$` is a dollar. Left to right, the first
 *   construct wins: `` `$x$` `` is code; and `$…$` holding a backtick is not math (it would cut
 *   a code span: `$5, or `$HOME`` is a price and code).
 *   Inside math nothing is markdown: `\,`, `\{`, `*` and `_` are TeX's.
 *
 * The scanners are pure functions of the text; `MathIndex` finds closers by lookup, so that text
 * full of dollars stays linear.
 */

export type MathOpener = '$$' | '\\[';

export interface MathOpening {
	opener: MathOpener;
	/** TeX on the opening line ('' for none). */
	content: string;
	/** The closing delimiter was on the same line: a one-line block. */
	closed: boolean;
}

/** Whether `text[index]` is preceded by an odd number of backslashes (so escaped). */
function escapedAt(text: string, index: number): boolean {
	let count = 0;
	for (let at = index - 1; at >= 0 && text.charAt(at) === '\\'; at--) count++;
	return count % 2 === 1;
}

/**
 * The content before the closing delimiter of a block opened by `opener` when `line` ends with it
 * (trailing whitespace aside); null when the line does not close the block.
 */
export function mathClosing(line: string, opener: MathOpener): string | null {
	const trimmed = line.replace(/[ \t]+$/, '');
	if (opener === '$$') {
		if (!trimmed.endsWith('$$') || escapedAt(trimmed, trimmed.length - 2)) return null;
	} else if (!trimmed.endsWith('\\]') || escapedAt(trimmed, trimmed.length - 2)) return null;
	return trimmed.slice(0, -2);
}

/** A display math block opening at the start of `rest` (a line from its first non-space). */
export function mathOpening(rest: string): MathOpening | null {
	const opener: MathOpener | null = rest.startsWith('$$')
		? '$$'
		: rest.startsWith('\\[')
			? '\\['
			: null;
	if (opener === null) return null;
	const after = rest.slice(2);
	if (after.trim() === '') return { opener, content: '', closed: false };
	if (after.startsWith('$')) return null;
	const closing = mathClosing(after, opener);
	if (closing !== null) {
		if (closing.trim() === '' || closing.includes(opener === '$$' ? '$$' : '\\]')) return null;
		return { opener, content: closing.trim(), closed: true };
	}
	// `\[` with text after it is an escaped bracket unless the line is all math (`\[x]` is text).
	if (opener === '\\[' || after.includes('$$')) return null;
	return { opener, content: after.trim(), closed: false };
}

/**
 * A line being written that may still become a math block's opening line (`$` → `$$`, `\` →
 * `\[`, `\[ x` → `\[ x \]`): a preview does not show it as text meanwhile.
 */
export function mayBecomeMathOpening(rest: string): boolean {
	const trimmed = rest.replace(/[ \t]+$/, '');
	if (trimmed === '$' || trimmed === '\\') return true;
	return trimmed.startsWith('\\[') && mathOpening(rest) === null;
}

/** An inline math span found by `scanInlineMath`. */
export interface InlineMath {
	tex: string;
	display: boolean;
	/** Offset after its closing delimiter. */
	end: number;
}

const WHITESPACE = /\s/;
const DIGIT = /[0-9]/;

/**
 * Where the closing delimiters of inline math may be, by kind (every `$` and `$$` not escaped,
 * every `\)` and `\]`), each list ascending; built in one pass and read with cursors that only
 * move forward (openers are met left to right).
 */
export class MathIndex {
	readonly #closers: Record<'$' | '$$' | '\\)' | '\\]', number[]> = {
		$: [],
		$$: [],
		'\\)': [],
		'\\]': []
	};
	readonly #cursors = new Map<string, number>();

	constructor(text: string) {
		for (let at = 0; at < text.length; at++) {
			const char = text.charAt(at);
			if (char === '\\') {
				const next = text.charAt(at + 1);
				if (next === ')') this.#closers['\\)'].push(at);
				else if (next === ']') this.#closers['\\]'].push(at);
				// The escaped character is never a delimiter.
				at++;
			} else if (char === '$') {
				if (text.charAt(at + 1) === '$') this.#closers.$$.push(at);
				this.#closers.$.push(at);
			}
		}
	}

	/** The first closer of `kind` at or after `from`, or -1. */
	next(kind: '$' | '$$' | '\\)' | '\\]', from: number): number {
		const list = this.#closers[kind];
		let at = this.#cursors.get(kind) ?? 0;
		while (at < list.length && (list[at] ?? Infinity) < from) at++;
		this.#cursors.set(kind, at);
		return list[at] ?? -1;
	}
}

/**
 * Inline math opening at `pos` (a `$`, or a backslash before `(` or `[`): the span, null when
 * there is none, or 'eof' when only more text can tell (no closer yet, or a `$` closer that a
 * digit arriving next would undo). `final`: the text is complete.
 */
export function scanInlineMath(
	text: string,
	pos: number,
	index: MathIndex,
	final: boolean
): InlineMath | null | 'eof' {
	const char = text.charAt(pos);
	if (char === '\\') {
		const display = text.charAt(pos + 1) === '[';
		const closer = index.next(display ? '\\]' : '\\)', pos + 2);
		if (closer === -1) return final ? null : 'eof';
		const tex = text.slice(pos + 2, closer);
		if (tex.trim() === '') return null;
		return { tex, display, end: closer + 2 };
	}
	if (text.charAt(pos + 1) === '$') {
		const closer = index.next('$$', pos + 2);
		if (closer === -1) return final ? null : 'eof';
		const tex = text.slice(pos + 2, closer);
		if (tex.trim() === '') return null;
		return { tex, display: true, end: closer + 2 };
	}
	const after = text.charAt(pos + 1);
	if (after === '') return final ? null : 'eof';
	if (WHITESPACE.test(after)) return null;
	// The first `$` after the opener decides, as in Pandoc: it closes, or there is no math here.
	const closer = index.next('$', pos + 2);
	if (closer === -1) return final || text.includes('`', pos + 1) ? null : 'eof';
	if (WHITESPACE.test(text.charAt(closer - 1))) return null;
	// A closer at the very end may still be followed by a digit, which would undo it.
	if (!final && closer === text.length - 1) return 'eof';
	if (DIGIT.test(text.charAt(closer + 1))) return null;
	const tex = text.slice(pos + 1, closer);
	// Not across a code span: `$5 … `$PATH`` is a price and code.
	if (tex.includes('`')) return null;
	return { tex, display: false, end: closer + 1 };
}

/** A `$` before a number, then a word: most likely a price (`$10 now`), not math (`$1 + 1$`). */
const PRICE_THEN_WORDS = /^\$[0-9][^$]*?\s[A-Za-z]{2}/;

/**
 * Whether a frame of a streaming paragraph holds back inline math opened at `start` and not closed
 * yet (`text` is all the paragraph has so far): only while it could still be a formula on this
 * line, at most `limit` characters long, and does not read like a price followed by prose. Past
 * that it is shown as text (and becomes math if it closes after all).
 */
export function holdsBackMath(text: string, start: number, limit: number): boolean {
	if (text.length - start > limit || text.includes('\n', start)) return false;
	return !PRICE_THEN_WORDS.test(text.slice(start));
}
