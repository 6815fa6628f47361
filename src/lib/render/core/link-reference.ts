/**
 * Link reference definitions and link labels (CommonMark 0.31 §4.7, §6.3 full, collapsed and
 * shortcut references; ported from commonmark.js `parseReference` and `parseLinkLabel`).
 *
 * Definitions sit at the start of a paragraph. While the paragraph is still open, more text can
 * change what they are (a title on the next line, a label not closed yet); `final` says whether it
 * can: a scan that runs out of text before deciding answers `'eof'` unless the text is final.
 */
import { type Scan, scanDestination, scanTitle, skipSpaceAndNewline } from './inline-scan.ts';
import { LIMITS } from './limits.ts';

export interface LinkDefinition {
	/** Destination and title as written (escapes and entities not yet resolved). */
	readonly destination: string;
	readonly title: string;
}

/** Definitions by normalised label; the first definition of a label wins (§4.7). */
export type LinkDefinitions = ReadonlyMap<string, LinkDefinition>;

/** At most this many characters between a label's brackets (§4.7). */
const MAX_LABEL = 999;

/**
 * The key two labels match by (§4.7): whitespace runs collapsed, trimmed, Unicode case-folded
 * (lower then upper case, as commonmark.js does, so that `ẞ` matches `SS`).
 */
export function normalizeLabel(label: string): string {
	return label
		.trim()
		.replace(/[ \t\r\n]+/g, ' ')
		.toLowerCase()
		.toUpperCase();
}

/**
 * A link label `[…]` at `pos`: its content and end. At most 999 characters, no unescaped bracket
 * inside. (Whether it has a non-blank character is the caller's check: `[ ]` still ends a
 * reference, it just matches nothing.)
 */
export function scanLinkLabel(text: string, pos: number): Scan<{ content: string; end: number }> {
	if (text.charAt(pos) !== '[') return null;
	const limit = pos + 1 + MAX_LABEL;
	for (let i = pos + 1; i < text.length; i++) {
		const char = text.charAt(i);
		if (char === ']') return i > limit ? null : { content: text.slice(pos + 1, i), end: i + 1 };
		if (i >= limit || char === '[') return null;
		if (char === '\\') i++;
	}
	return text.length > limit ? null : 'eof';
}

export interface ParsedDefinition extends LinkDefinition {
	readonly label: string;
}

/**
 * `[label]: destination "title"` at `pos` (§4.7), up to and including its line ending. `'eof'`:
 * the text ended before it could be decided (never when `final`).
 */
function scanDefinition(
	text: string,
	pos: number,
	final: boolean
): Scan<{ definition: ParsedDefinition; end: number }> {
	const undecided = final ? null : 'eof';
	const label = scanLinkLabel(text, pos);
	if (label === null) return null;
	if (label === 'eof' || label.end >= text.length) return undecided;
	const key = normalizeLabel(label.content);
	if (text.charAt(label.end) !== ':' || key === '') return null;
	const destinationStart = skipSpaceAndNewline(text, label.end + 1);
	if (destinationStart >= text.length) return undecided;
	let destination = scanDestination(text, destinationStart);
	if (destination === 'eof') {
		if (!final) return 'eof';
		// A final text may end right after a destination: as if a line ending followed.
		destination = scanDestination(`${text}\n`, destinationStart);
	}
	if (destination === null || destination === 'eof') return null;
	if (destination.end === destinationStart) return null;
	const afterDestination = Math.min(destination.end, text.length);
	const titleStart = skipSpaceAndNewline(text, afterDestination);
	let title = '';
	// Without a title, the destination must end its line.
	let end = lineEnd(text, afterDestination, final);
	if (titleStart >= text.length) {
		if (!final) return 'eof';
	} else if (titleStart > afterDestination) {
		const scanned = scanTitle(text, titleStart);
		if (scanned === 'eof' && !final) return 'eof';
		if (scanned !== null && scanned !== 'eof') {
			// A title must end its line too; if it does not, the definition may still end before it.
			const afterTitle = lineEnd(text, scanned.end, final);
			if (afterTitle === 'eof') return 'eof';
			if (afterTitle !== null) {
				title = scanned.raw;
				end = afterTitle;
			}
		}
	}
	if (end === null || end === 'eof') return end === null ? null : 'eof';
	return { definition: { label: key, destination: destination.raw, title }, end };
}

/** Past the spaces, tabs and line ending at `pos` (or the end of a final text); null if not. */
function lineEnd(text: string, pos: number, final: boolean): Scan<number> {
	let at = pos;
	while (text.charAt(at) === ' ' || text.charAt(at) === '\t') at++;
	if (at >= text.length) return final ? at : 'eof';
	return text.charAt(at) === '\n' ? at + 1 : null;
}

export interface DefinitionPrefix {
	readonly definitions: readonly ParsedDefinition[];
	/** Where the text after the definitions starts (always at a line start). */
	readonly end: number;
	/**
	 * The text from `end` on may still turn out to be a definition (only when not final, and not
	 * past `LIMITS.maxPendingDefinitionChars`).
	 */
	readonly pending: boolean;
}

/** The link reference definitions at the start of a paragraph's text (§4.7). */
export function definitionPrefix(text: string, final: boolean): DefinitionPrefix {
	const definitions: ParsedDefinition[] = [];
	let pos = 0;
	while (text.charAt(pos) === '[') {
		const scanned = scanDefinition(text, pos, final);
		if (scanned === 'eof') {
			const pending = text.length - pos <= LIMITS.maxPendingDefinitionChars;
			return { definitions, end: pos, pending };
		}
		if (scanned === null) break;
		definitions.push(scanned.definition);
		pos = scanned.end;
	}
	return { definitions, end: pos, pending: false };
}
