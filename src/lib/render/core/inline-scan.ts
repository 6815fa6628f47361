/**
 * Pure scanners over an inline source string: each reads one construct at a position and says
 * where it ends, or that it is not there. A scanner that ran out of text before deciding says
 * `'eof'`, because more streamed text could still complete the construct (see safe points in
 * inline-parser.ts).
 */
export type Scan<T> = T | null | 'eof';

const WHITESPACE = /^[\s]$/u;
const PUNCTUATION = /^[\p{P}\p{S}]$/u;

/** Unicode whitespace (§2.1); the start and end of the text count as whitespace. */
export function isWhitespaceChar(char: string): boolean {
	return char === '' || WHITESPACE.test(char);
}

/** Unicode punctuation: general categories P and S (§2.1). */
export function isPunctuationChar(char: string): boolean {
	return char !== '' && PUNCTUATION.test(char);
}

/** The code point before `index` (a whole surrogate pair), '' at the start. */
export function charBefore(text: string, index: number): string {
	if (index <= 0) return '';
	const low = text.charCodeAt(index - 1);
	if (low >= 0xdc00 && low <= 0xdfff && index >= 2) return text.slice(index - 2, index);
	return text.charAt(index - 1);
}

/** The code point at `index`, '' at the end. */
export function charAt(text: string, index: number): string {
	const code = text.codePointAt(index);
	return code === undefined ? '' : String.fromCodePoint(code);
}

/**
 * Where backtick strings of each length start, so that finding the closer of a code span (§6.1)
 * is a lookup, not a scan: 100k backticks in odd run lengths stay linear.
 */
export class BacktickIndex {
	#runs = new Map<number, number[]>();
	#cursor = new Map<number, number>();

	constructor(text: string) {
		const pattern = /`+/g;
		for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
			const length = match[0].length;
			const list = this.#runs.get(length);
			if (list === undefined) this.#runs.set(length, [match.index]);
			else list.push(match.index);
		}
	}

	/** Start of the first backtick string of exactly `length` at or after `from`, or -1. */
	next(length: number, from: number): number {
		const list = this.#runs.get(length);
		if (list === undefined) return -1;
		let at = this.#cursor.get(length) ?? 0;
		while (at < list.length && (list[at] ?? Infinity) < from) at++;
		this.#cursor.set(length, at);
		return list[at] ?? -1;
	}
}

/** Spaces, tabs and at most one line ending (§6.3 "optional whitespace"). */
export function skipSpaceAndNewline(text: string, pos: number): number {
	let seenNewline = false;
	while (pos < text.length) {
		const char = text.charAt(pos);
		if (char === ' ' || char === '\t') pos++;
		else if (char === '\n' && !seenNewline) {
			seenNewline = true;
			pos++;
		} else break;
	}
	return pos;
}

const MAX_PAREN_DEPTH = 32;

/** A link destination (§6.3) at `pos`: its raw text and end. */
export function scanDestination(text: string, pos: number): Scan<{ raw: string; end: number }> {
	if (text.charAt(pos) === '<') {
		for (let i = pos + 1; i < text.length; i++) {
			const char = text.charAt(i);
			if (char === '\\' && i + 1 < text.length) i++;
			else if (char === '>') return { raw: text.slice(pos + 1, i), end: i + 1 };
			else if (char === '<' || char === '\n') return null;
		}
		return 'eof';
	}
	let depth = 0;
	let i = pos;
	for (; i < text.length; i++) {
		const char = text.charAt(i);
		const code = char.charCodeAt(0);
		if (char === '\\' && i + 1 < text.length && /[!-/:-@[-`{-~]/.test(text.charAt(i + 1))) i++;
		else if (char === '(') {
			if (++depth > MAX_PAREN_DEPTH) return null;
		} else if (char === ')') {
			if (depth === 0) break;
			depth--;
		} else if (code <= 0x20 || code === 0x7f) break;
	}
	if (i >= text.length) return 'eof';
	if (depth !== 0) return null;
	return { raw: text.slice(pos, i), end: i };
}

/** A link title (§6.3) at `pos`: "…", '…' or (…), with its raw text and end. */
export function scanTitle(text: string, pos: number): Scan<{ raw: string; end: number }> {
	const open = text.charAt(pos);
	const close = open === '(' ? ')' : open;
	if (open !== '"' && open !== "'" && open !== '(') return null;
	for (let i = pos + 1; i < text.length; i++) {
		const char = text.charAt(i);
		if (char === '\\' && i + 1 < text.length) i++;
		else if (char === close) return { raw: text.slice(pos + 1, i), end: i + 1 };
		else if (open === '(' && char === '(') return null;
	}
	return 'eof';
}

// eslint-disable-next-line no-control-regex -- §6.5: no ASCII controls or spaces in an autolink.
const URI_AUTOLINK = /^<([A-Za-z][A-Za-z0-9.+-]{1,31}:[^<>\x00-\x20]*)>/;
const EMAIL_AUTOLINK =
	/^<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>/;

/** An autolink `<scheme:…>` or `<user@host>` (§6.6) at `pos`. */
export function scanAutolink(
	text: string,
	pos: number
): { label: string; href: string; end: number } | null {
	const rest = text.slice(pos, pos + 2048);
	const uri = URI_AUTOLINK.exec(rest);
	if (uri?.[1] !== undefined) return { label: uri[1], href: uri[1], end: pos + uri[0].length };
	const email = EMAIL_AUTOLINK.exec(rest);
	if (email?.[1] !== undefined)
		return { label: email[1], href: `mailto:${email[1]}`, end: pos + email[0].length };
	return null;
}

/** Where a GFM extended autolink may start: after these, or at the start (§6.9). */
export const EXTENDED_AUTOLINK_START = /(?:^|[\s*_~(])(?:www\.|https?:\/\/)/;
const EXTENDED_PREFIX = /^(?:www\.|https?:\/\/)/;
const DOMAIN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*/;
const TRAILING_PUNCTUATION = /[?!.,:*_~]$/;
const TRAILING_ENTITY = /&[A-Za-z0-9]+;$/;

/** A GFM extended www or http(s) autolink (§6.9) at `pos`, its trailing punctuation left out. */
export function scanExtendedAutolink(
	text: string,
	pos: number
): { label: string; href: string; end: number } | null {
	const prefix = EXTENDED_PREFIX.exec(text.slice(pos, pos + 8))?.[0];
	if (prefix === undefined) return null;
	const domainStart = pos + (prefix === 'www.' ? 0 : prefix.length);
	const domain = DOMAIN.exec(text.slice(domainStart, domainStart + 256))?.[0] ?? '';
	// A valid domain (§6.9): no underscore in its last two segments; `www.` needs a period after it.
	const segments = domain.split('.');
	if (prefix === 'www.' && segments.length < 2) return null;
	if (domain === '' || segments.slice(-2).some((part) => part.includes('_'))) return null;
	let end = domainStart + domain.length;
	while (end < text.length && !/[\s<]/.test(text.charAt(end))) end++;
	let label = text.slice(pos, end);
	for (;;) {
		if (TRAILING_PUNCTUATION.test(label)) label = label.slice(0, -1);
		else if (label.endsWith(')') && count(label, '(') < count(label, ')'))
			label = label.slice(0, -1);
		else if (TRAILING_ENTITY.test(label)) label = label.replace(TRAILING_ENTITY, '');
		else break;
	}
	if (label.length <= (prefix === 'www.' ? 4 : prefix.length)) return null;
	return {
		label,
		href: prefix === 'www.' ? `http://${label}` : label,
		end: pos + label.length
	};
}

function count(text: string, char: string): number {
	let total = 0;
	for (const each of text) if (each === char) total++;
	return total;
}
