/**
 * Closing a bracket: inline links and images, and full, collapsed and shortcut references
 * (CommonMark 0.31 §6.3, §6.4, "look for link or image" in the appendix). Links may not contain links, so forming one deactivates every earlier
 * `[` (never `![`); the walk stops at the first already inactive `[`, because everything below it
 * was deactivated by the same earlier link, which keeps runs of brackets linear.
 */
import type { Delimiter } from './inline-emphasis.ts';
import { InlineItem } from './inline-model.ts';
import type { InlineParser } from './inline-parser.ts';
import { scanDestination, scanTitle, skipSpaceAndNewline, type Scan } from './inline-scan.ts';
import { normalizeLabel, scanLinkLabel } from './link-reference.ts';

export interface Bracket {
	readonly item: InlineItem;
	readonly prev: Bracket | null;
	readonly prevDelimiter: Delimiter | null;
	readonly position: number;
	readonly image: boolean;
	active: boolean;
	/** Another `[` opened after this one: its text cannot be a shortcut or collapsed label. */
	bracketAfter: boolean;
}

interface LinkTail {
	destination: string;
	title: string;
	end: number;
}

/** `(destination "title")` right after `]` (§6.3). */
function scanLinkTail(text: string, pos: number): Scan<LinkTail> {
	if (pos >= text.length) return 'eof';
	if (text.charAt(pos) !== '(') return null;
	const destinationStart = skipSpaceAndNewline(text, pos + 1);
	if (destinationStart >= text.length) return 'eof';
	const destination = scanDestination(text, destinationStart);
	if (destination === null || destination === 'eof') return destination;
	let at = skipSpaceAndNewline(text, destination.end);
	if (at >= text.length) return 'eof';
	let title = '';
	if (at > destination.end && /["'(]/.test(text.charAt(at))) {
		const scanned = scanTitle(text, at);
		if (scanned === 'eof') return 'eof';
		if (scanned !== null) {
			title = scanned.raw;
			at = skipSpaceAndNewline(text, scanned.end);
			if (at >= text.length) return 'eof';
		}
	}
	if (text.charAt(at) !== ')') return null;
	return { destination: destination.raw, title, end: at + 1 };
}

function removeBracket(parser: InlineParser): void {
	const top = parser.brackets;
	if (top === null) return;
	if (top.active) parser.activeBrackets--;
	parser.brackets = top.prev;
}

export function closeBracket(parser: InlineParser): void {
	const start = parser.pos;
	parser.pos++;
	const opener = parser.brackets;
	if (opener === null || !opener.active) {
		if (opener !== null) removeBracket(parser);
		parser.addText(']', start, parser.pos);
		return;
	}
	const tail = scanLinkTail(parser.text, parser.pos);
	// More text could still change what `[…]` is: an inline link's tail, or a label still being
	// written after it (`[a][^`, which can leave `[a]` no link at all; scanned once, here, and
	// handed to `reference()`). Nothing before the `[` is final yet, nor are the brackets a link
	// made of it deactivates.
	const label = tail === null ? scanLinkLabel(parser.text, parser.pos) : null;
	const unsettled = tail === 'eof' || label === 'eof';
	if (unsettled) parser.pending(opener.position);
	const target = tail !== null && tail !== 'eof' ? tail : reference(parser, opener, start, label);
	if (target === null) {
		if (footnoteReference(parser, opener, start)) return;
		removeBracket(parser);
		parser.addText(']', start, parser.pos);
		return;
	}
	const link = new InlineItem(opener.image ? 'image' : 'link', '', opener.position, target.end);
	link.href = target.destination;
	link.title = target.title;
	for (let child = opener.item.next; child !== null;) {
		const next = child.next;
		link.append(child);
		child = next;
	}
	parser.root.append(link);
	parser.delimiters.process(opener.prevDelimiter);
	removeBracket(parser);
	opener.item.unlink();
	if (!opener.image) {
		for (let bracket = parser.brackets; bracket !== null; bracket = bracket.prev) {
			if (bracket.image) continue;
			if (!bracket.active) break;
			bracket.active = false;
			parser.activeBrackets--;
			if (unsettled) parser.pending(bracket.position);
		}
	}
	parser.pos = target.end;
}

/**
 * `[^label]` that is no link: a GFM footnote reference when the label has a footnote definition
 * (cmark-gfm: the bracket's text starts with `^` and has more). It replaces the bracket and its
 * content, and, unlike a link, leaves the brackets before it active. After `!` (an image opener),
 * the `!` stays text, as in cmark-gfm.
 */
function footnoteReference(parser: InlineParser, opener: Bracket, closerStart: number): boolean {
	const open = opener.position + (opener.image ? 1 : 0);
	const content = parser.text.slice(open + 1, closerStart);
	if (!content.startsWith('^') || content.length < 2) return false;
	const label = normalizeLabel(content.slice(1));
	if (!parser.footnotes.has(label)) {
		parser.missing.add(`^${label}`);
		return false;
	}
	parser.delimiters.process(opener.prevDelimiter);
	for (let child = opener.item.next; child !== null;) {
		const next = child.next;
		child.unlink();
		child = next;
	}
	const raw = parser.text.slice(open, parser.pos);
	parser.root.append(new InlineItem('footnote', raw, open, parser.pos));
	if (opener.image) {
		opener.item.text = '!';
		opener.item.end = open;
	} else opener.item.unlink();
	removeBracket(parser);
	return true;
}

/**
 * A reference after `]` (§6.3): `[label]` names the definition (full), `[]` or nothing means the
 * bracket's own text (collapsed, shortcut). A label not defined is remembered as missing. `label`
 * is `scanLinkLabel` right after the `]`, which the caller has already scanned (null when there is
 * no label, or when the caller found an inline link's tail still being written).
 */
function reference(
	parser: InlineParser,
	opener: Bracket,
	closerStart: number,
	label: ReturnType<typeof scanLinkLabel>
): LinkTail | null {
	const text = parser.text;
	const after = closerStart + 1;
	let raw: string | null = null;
	let end = after;
	if (label !== null && label !== 'eof') {
		end = label.end;
		if (/[^ \t\n]/.test(label.content)) {
			raw = label.content;
			// Cut inside the label, the head would have none and could read `[text]` as a
			// shortcut link: the label settles this bracket, so no cut falls inside either.
			parser.unsplittable(opener.position, end);
		}
	}
	if (raw === null && !opener.bracketAfter) {
		raw = text.slice(opener.position + (opener.image ? 2 : 1), closerStart);
		// A shortcut or collapsed reference's text is a label too: at most 999 characters.
		if (raw.length > 999 || !/[^ \t\n]/.test(raw)) raw = null;
	}
	if (raw === null) return null;
	const key = normalizeLabel(raw);
	const definition = parser.definitions.get(key);
	if (definition === undefined) {
		parser.missing.add(key);
		return null;
	}
	return { destination: definition.destination, title: definition.title, end };
}
