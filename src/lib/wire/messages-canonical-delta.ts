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

/**
 * Everything before the delta's string, for each kind: the index is `0` or up to nine digits without
 * a leading zero (always a small integer, read exactly). Sticky (`y`): matched at `lastIndex` only.
 * Regular expressions because they measured fastest here: a sticky test of the whole head took
 * about half the time of comparing its fixed parts with `startsWith` or `substring(…) ===` on the
 * parser's sliced strings.
 */
const TEXT_HEAD =
	/\{"type":"content_block_delta","index":(?:0|[1-9][0-9]{0,8}),"delta":\{"type":"text_delta","text":"/y;
const THINKING_HEAD =
	/\{"type":"content_block_delta","index":(?:0|[1-9][0-9]{0,8}),"delta":\{"type":"thinking_delta","thinking":"/y;
/** Where the index starts. */
const INDEX_START = '{"type":"content_block_delta","index":'.length;
/** The string's characters, none of which needs escaping, then its closing quotation mark and the end. */
// eslint-disable-next-line no-control-regex -- control characters are what JSON strings must escape
const PLAIN_STRING_TO_END = /[^"\\\u0000-\u001f]*"\}\}$/y;
/** The closing quotation mark of the string, then the two objects. */
const TAIL = '"}}';

const DIGIT_ZERO = 0x30;
const DIGIT_NINE = 0x39;

export function readCanonicalDelta(data: string): CanonicalDelta | undefined {
	let kind: CanonicalDelta['kind'];
	let start = headEnd(TEXT_HEAD, data);
	if (start !== -1) {
		kind = 'text';
	} else {
		start = headEnd(THINKING_HEAD, data);
		if (start === -1) return undefined;
		kind = 'thinking';
	}
	const text = stringToEnd(data, start);
	return text === undefined ? undefined : { index: readIndex(data), kind, text };
}

/** Where the string's characters start when `data` begins with `head`, else -1. */
function headEnd(head: RegExp, data: string): number {
	head.lastIndex = 0;
	return head.test(data) ? head.lastIndex : -1;
}

/** The index digits the head matched. */
function readIndex(data: string): number {
	let index = 0;
	for (let at = INDEX_START; ; at++) {
		const code = data.charCodeAt(at);
		if (code < DIGIT_ZERO || code > DIGIT_NINE) return index;
		index = index * 10 + (code - DIGIT_ZERO);
	}
}

/**
 * The JSON string whose characters start at `start` and whose closing quotation mark is followed by
 * exactly `}}` and the end of `data`: the characters themselves when none needs escaping, else what
 * `JSON.parse` reads from exactly that quoted span — `undefined` when it is not one valid JSON string
 * (an unescaped quotation mark ends the string early, a control character or a bad escape is
 * invalid) or something other than `}}` follows it.
 */
function stringToEnd(data: string, start: number): string | undefined {
	const end = data.length - TAIL.length;
	PLAIN_STRING_TO_END.lastIndex = start;
	if (PLAIN_STRING_TO_END.test(data)) return data.slice(start, end);
	if (end < start || data.substring(end) !== TAIL) return undefined;
	const parsed = parseJson(data.slice(start - 1, end + 1));
	return typeof parsed?.value === 'string' ? parsed.value : undefined;
}
