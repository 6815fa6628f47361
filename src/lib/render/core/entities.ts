/**
 * Entity and numeric character references (CommonMark 0.31 §2.5) and backslash escapes (§2.4).
 *
 * Numeric references and every HTML5 named reference (the 2,125 names ending in `;`, from
 * entity-table.ts) are decoded; an unknown name stays literal text, which is always safe, since
 * text never becomes markup here.
 */
import { PACKED_ENTITIES, UNPACKED_ENTITIES } from './entity-table.ts';

let named: Map<string, string> | null = null;

/** The named references, unpacked on first use (about 0.2 ms, once). */
function namedReferences(): Map<string, string> {
	if (named !== null) return named;
	named = new Map(Object.entries(UNPACKED_ENTITIES));
	for (const [, name, value] of PACKED_ENTITIES.matchAll(/([A-Za-z0-9]+)([^A-Za-z0-9]+)/g)) {
		if (name !== undefined && value !== undefined) named.set(name, value);
	}
	return named;
}

/** An entity reference at the start of the text: `&name;`, `&#123;` or `&#x1F;` (§2.5). */
export const ENTITY = /^&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/;

/** The character(s) an entity reference stands for, or null for a name not decoded here. */
export function decodeEntity(reference: string): string | null {
	const body = reference.slice(1, -1);
	if (body.startsWith('#')) {
		const hex = body[1] === 'x' || body[1] === 'X';
		const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
		// §2.5: invalid code points and U+0000 become U+FFFD.
		const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
		return String.fromCodePoint(valid ? code : 0xfffd);
	}
	return namedReferences().get(body) ?? null;
}

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

export function isAsciiPunctuation(char: string): boolean {
	return char.length === 1 && ASCII_PUNCTUATION.test(char);
}

const ESCAPE_OR_ENTITY =
	/\\[!-/:-@[-`{-~]|&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g;

/** Resolves backslash escapes and entity references in a link destination, title or info string. */
export function unescapeString(text: string): string {
	if (!text.includes('\\') && !text.includes('&')) return text;
	return text.replace(ESCAPE_OR_ENTITY, (match) =>
		match.startsWith('\\') ? match.slice(1) : (decodeEntity(match) ?? match)
	);
}
