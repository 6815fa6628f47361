/**
 * Inline constructs that start at one character and never nest: runs of plain text (with GFM
 * extended autolinks inside them, §6.9), autolinks `<…>` (§6.6; raw HTML is not recognised, so a
 * `<` that starts no autolink is text) and entity references (§2.5).
 */
import { decodeEntity, ENTITY } from './entities.ts';
import { InlineItem } from './inline-model.ts';
import type { InlineParser } from './inline-parser.ts';
import { EXTENDED_AUTOLINK_START, scanAutolink, scanExtendedAutolink } from './inline-scan.ts';

const TEXT_RUN = /[^\n`[\]\\!<&*_~$]+/y;

export function parseTextRun(parser: InlineParser): void {
	const text = parser.text;
	const start = parser.pos;
	TEXT_RUN.lastIndex = start;
	const run = TEXT_RUN.exec(text)?.[0] ?? text.charAt(start);
	// A GFM extended autolink may start inside the run (after whitespace or an opening paren).
	const before = parser.charBeforeAt(start);
	const probe = !parser.extendedAutolinks
		? null
		: EXTENDED_AUTOLINK_START.exec(before === '' ? run : `${before}${run}`);
	if (probe !== null) {
		const at = start + probe.index + probe[0].search(/[wh]/) - before.length;
		if (at > start) {
			parser.pos = at;
			parser.addText(text.slice(start, at), start, at);
			return;
		}
		const link = scanExtendedAutolink(text, at);
		if (link !== null) {
			addLink(parser, link.label, link.href, at, link.end);
			parser.pos = link.end;
			return;
		}
		// Not a link after all: the first character is text, the rest is scanned again.
		parser.pos = start + 1;
		parser.addText(text.charAt(start), start, parser.pos);
		return;
	}
	parser.pos = start + run.length;
	parser.addText(run, start, parser.pos);
}

export function parseAutolink(parser: InlineParser): void {
	const start = parser.pos;
	const link = scanAutolink(parser.text, start);
	if (link === null) {
		parser.pos++;
		parser.addText('<', start, parser.pos);
		return;
	}
	addLink(parser, link.label, link.href, start, link.end);
	parser.pos = link.end;
}

function addLink(
	parser: InlineParser,
	label: string,
	href: string,
	start: number,
	end: number
): void {
	const link = new InlineItem('link', '', start, end);
	link.href = href;
	link.verbatim = true;
	link.append(new InlineItem('text', label, start, end));
	parser.root.append(link);
}

export function parseEntity(parser: InlineParser): void {
	const start = parser.pos;
	const match = ENTITY.exec(parser.text.slice(start, start + 40))?.[0];
	const decoded = match === undefined ? null : decodeEntity(match);
	if (match === undefined || decoded === null) {
		parser.pos++;
		parser.addText('&', start, parser.pos);
		return;
	}
	parser.pos += match.length;
	parser.addText(decoded, start, parser.pos);
}
