/**
 * The Messages stream's hot event read straight from its text: almost every event of an answer is a
 * text or thinking delta, and the API writes each one in a single compact form,
 *
 *   {"type":"content_block_delta","index":<N>,"delta":{"type":"text_delta","text":<string>}}
 *   {"type":"content_block_delta","index":<N>,"delta":{"type":"thinking_delta","thinking":<string>}}
 *
 * For a payload in exactly that form, `readCanonicalDelta` gives the index and the string without
 * building the objects `JSON.parse` would (on small events that parse is most of the cost of a
 * frame). Contract: whenever it answers, `JSON.parse(data)` succeeds and is exactly
 * `{ type: 'content_block_delta', index, delta: { type: '<kind>_delta', <kind>: text } }`. Any other
 * text (other spacing or key order, an index with a sign, fraction, exponent or leading zero, an
 * extra key, invalid JSON) answers `undefined` and takes the ordinary path, so every payload means
 * what `JSON.parse` says it means and a malformed one fails exactly as before.
 *
 * @see RFC 8259 §7 (strings: a quotation mark, backslash or control character must be escaped)
 */
import { parseJson } from './wire-json.ts';

export interface CanonicalDelta {
	/** The content block index: a JSON integer ≥ 0 of at most nine digits. */
	index: number;
	kind: 'text' | 'thinking';
	/** The delta's string, unescaped. */
	text: string;
}

const HEAD = '{"type":"content_block_delta","index":';
const TEXT_DELTA = ',"delta":{"type":"text_delta","text":"';
const THINKING_DELTA = ',"delta":{"type":"thinking_delta","thinking":"';
/** The closing quotation mark of the string, then the two objects. */
const TAIL = '"}}';
/** Nine digits always make a small integer (below 2^30), read exactly. */
const MAX_INDEX_DIGITS = 9;

const QUOTATION_MARK = 0x22;
const REVERSE_SOLIDUS = 0x5c;
const FIRST_NON_CONTROL = 0x20;
const DIGIT_ZERO = 0x30;
const DIGIT_NINE = 0x39;

export function readCanonicalDelta(data: string): CanonicalDelta | undefined {
	if (!data.startsWith(HEAD)) return undefined;
	const first = HEAD.length;
	let at = first;
	let index = 0;
	for (; at < data.length && at - first <= MAX_INDEX_DIGITS; at++) {
		const code = data.charCodeAt(at);
		if (code < DIGIT_ZERO || code > DIGIT_NINE) break;
		index = index * 10 + (code - DIGIT_ZERO);
	}
	const digits = at - first;
	if (digits === 0 || digits > MAX_INDEX_DIGITS) return undefined;
	if (digits > 1 && data.charCodeAt(first) === DIGIT_ZERO) return undefined;

	let kind: CanonicalDelta['kind'];
	if (data.startsWith(TEXT_DELTA, at)) {
		kind = 'text';
		at += TEXT_DELTA.length;
	} else if (data.startsWith(THINKING_DELTA, at)) {
		kind = 'thinking';
		at += THINKING_DELTA.length;
	} else {
		return undefined;
	}
	const end = data.length - TAIL.length;
	if (end < at || !data.endsWith(TAIL)) return undefined;
	const text = stringBetween(data, at, end);
	return text === undefined ? undefined : { index, kind, text };
}

/**
 * The JSON string whose characters lie in `data[start, end)` (its quotation marks at `start - 1` and
 * `end`): the characters themselves when none needs escaping, else what `JSON.parse` reads from
 * exactly that quoted span — `undefined` when the span is not one valid JSON string (an unescaped
 * quotation mark ends the string early, a control character or a bad escape is invalid).
 */
function stringBetween(data: string, start: number, end: number): string | undefined {
	for (let at = start; at < end; at++) {
		const code = data.charCodeAt(at);
		if (code < FIRST_NON_CONTROL || code === QUOTATION_MARK || code === REVERSE_SOLIDUS) {
			const parsed = parseJson(data.slice(start - 1, end + 1));
			return typeof parsed?.value === 'string' ? parsed.value : undefined;
		}
	}
	return data.slice(start, end);
}
