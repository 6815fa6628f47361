/**
 * What a pasted API key may hold: visible ASCII, U+0021 to U+007E, and nothing else.
 *
 * A key goes out as a header value (`Authorization: Bearer …`, `x-api-key`). Fetch refuses a
 * header value with a code point above U+00FF (it throws a TypeError naming ISO-8859-1), so a key
 * holding a full-width space from a Chinese input method, or a character of another script,
 * would fail every request with the browser's own English sentence. A space, tab, control or
 * Latin-1 character would reach the gateway, but no gateway's key holds one (a bearer token is
 * RFC 6750 §2.1 `b64token`; relay keys are `sk-` and letters and digits): it is a stray from the
 * copy. Either way the key is refused where it is typed, with the character and where it is.
 */

/** The first character a key cannot hold, and its place counted as a person counts (from 1). */
export interface KeyCharacterProblem {
	character: string;
	position: number;
}

/** null when every character of `key` can be sent; else the first one that cannot. */
export function keyCharacterProblem(key: string): KeyCharacterProblem | null {
	let position = 0;
	// Iterating a string yields code points: an emoji is one character, as on screen.
	for (const character of key) {
		position++;
		const code = character.codePointAt(0) ?? 0;
		if (code < 0x21 || code > 0x7e) return { character, position };
	}
	return null;
}

/** What kind of character was refused, for a sentence that names it (some are invisible). */
export type KeyCharacterKind = 'visible' | 'space' | 'fullWidthSpace' | 'lineBreak' | 'invisible';

export function keyCharacterKind(character: string): KeyCharacterKind {
	if (character === '\u3000') return 'fullWidthSpace';
	if (character === '\r' || character === '\n') return 'lineBreak';
	if (/^\s$/u.test(character)) return 'space';
	return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(character) ? 'visible' : 'invisible';
}

/** `U+3000`: the character's code point, as Unicode writes it. */
export function codePointLabel(character: string): string {
	return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
