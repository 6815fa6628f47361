/**
 * Block starts, tried in this order at each position of a line (CommonMark 0.31 §4–§5, with the
 * GFM table delimiter row of §4.10): block quote, ATX heading, fenced code, display math
 * (math-syntax.ts; not CommonMark), setext underline,
 * table delimiter row, thematic break, GFM footnote definition (as cmark-gfm orders it), list item,
 * indented code. Raw HTML blocks (§4.6) are not
 * recognised: their lines are paragraph text. Ported from commonmark.js's `blockStarts`.
 */
import { unescapeString } from './entities.ts';
import { LIMITS } from './limits.ts';
import { CODE_INDENT, type LineCursor } from './line-cursor.ts';
import type {
	Block,
	BlockInit,
	CodeBlock,
	FootnoteBlock,
	HeadingBlock,
	ItemBlock,
	ListBlock,
	MathBlock,
	ParagraphBlock,
	QuoteBlock,
	RuleBlock,
	TableBlock
} from './model.ts';
import { listMarker, sameList } from './list-marker.ts';
import { mathOpening, mayBecomeMathOpening } from './math-syntax.ts';
import { normalizeLabel } from './link-reference.ts';
import { fitRow, parseDelimiterRow, splitRow } from './table-syntax.ts';

export type StartResult = 'none' | 'container' | 'leaf';

/** What a block start may do to the parser. */
export interface StartContext {
	readonly cursor: LineCursor;
	/** The deepest open block (commonmark.js `parser.tip`). */
	readonly tip: Block;
	/** Open blocks, the document included. */
	readonly depth: number;
	readonly lineNumber: number;
	/**
	 * The line is the unfinished last line of a stream, parsed for a preview: what its end could
	 * still change is not shown yet (see `holdBack`).
	 */
	readonly previewing: boolean;
	/** The preview line may still become something else: show the document without it. */
	holdBack(): void;
	closeUnmatched(): void;
	/** The rest of this line is used up by the start itself (heading text, fence info, …). */
	consumeLine(): void;
	/** Adds a block as the tip's last child (closing tips that cannot contain it). */
	add<B extends Block>(init: BlockInit<B>, open: boolean): B;
	/** A new block, not yet in the tree. */
	create<B extends Block>(init: BlockInit<B>, startLine: number, closed: boolean): B;
	/** Records a footnote definition (the first one of a label counts). */
	defineFootnote(block: FootnoteBlock): void;
	/** Records the link reference definitions at the start of `lines`; returns the rest (§4.7). */
	definitionsRemoved(lines: string[]): string[];
	/** Swaps the open tip (a paragraph) for `blocks`; `open`, one of them, stays open. */
	replaceTip(blocks: Block[], open: Block | null): void;
}

const ATX = /^#{1,6}(?:[ \t]+|$)/;
const FENCE = /^`{3,}(?!.*`)|^~{3,}/;
const SETEXT = /^(?:=+|-+)[ \t]*$/;
/** cmark-gfm's `scan_footnote_definition`: a label without spaces or `]`. */
const FOOTNOTE = /^\[\^([^\]\s]+)\]:[ \t]*/;
const RULE = /^(?:\*[ \t]*){3,}$|^(?:_[ \t]*){3,}$|^(?:-[ \t]*){3,}$/;

type Start = (context: StartContext, container: Block) => StartResult;

const quote: Start = (context) => {
	const cursor = context.cursor;
	if (cursor.indented || cursor.peekNonspace() !== '>') return 'none';
	if (context.depth >= LIMITS.maxContainerDepth) return 'none';
	cursor.advanceNextNonspace();
	cursor.advanceOffset(1, false);
	const next = cursor.text.charAt(cursor.offset);
	if (next === ' ' || next === '\t') cursor.advanceOffset(1, true);
	context.closeUnmatched();
	context.add<QuoteBlock>({ kind: 'quote', children: [] }, true);
	return 'container';
};

const atxHeading: Start = (context) => {
	const cursor = context.cursor;
	const match = cursor.indented ? null : ATX.exec(cursor.restFromNonspace());
	if (match === null) return 'none';
	cursor.advanceNextNonspace();
	cursor.advanceOffset(match[0].length, false);
	context.closeUnmatched();
	const text = cursor
		.remainder()
		.replace(/^[ \t]*#+[ \t]*$/, '')
		.replace(/[ \t]+#+[ \t]*$/, '')
		.replace(/^[ \t]+|[ \t]+$/g, '');
	context.add<HeadingBlock>({ kind: 'heading', level: match[0].trim().length, text }, false);
	context.consumeLine();
	return 'leaf';
};

const fencedCode: Start = (context) => {
	const cursor = context.cursor;
	const match = cursor.indented ? null : FENCE.exec(cursor.restFromNonspace());
	if (match === null) return 'none';
	const length = match[0].length;
	const char = match[0].charAt(0) === '~' ? '~' : '`';
	const indent = cursor.indent;
	context.closeUnmatched();
	cursor.advanceNextNonspace();
	cursor.advanceOffset(length, false);
	// The info string of an unfinished line is not known yet (a label would flicker per character).
	const info = context.previewing ? null : unescapeString(cursor.remainder().trim());
	context.add<CodeBlock>({ kind: 'code', info, fence: { char, length, indent }, lines: [] }, true);
	context.consumeLine();
	return 'leaf';
};

const mathBlock: Start = (context) => {
	const cursor = context.cursor;
	if (cursor.indented) return 'none';
	const rest = cursor.restFromNonspace();
	const first = rest.charAt(0);
	if (first !== '$' && first !== '\\') return 'none';
	// A line still arriving that may yet open math (`$` of `$$`, `\[ x` of `\[ x \]`) is not
	// shown as text meanwhile.
	if (context.previewing && mayBecomeMathOpening(rest)) {
		context.holdBack();
		return 'none';
	}
	const opening = mathOpening(rest);
	if (opening === null) return 'none';
	const indent = cursor.indent;
	context.closeUnmatched();
	const lines = opening.content === '' ? [] : [opening.content];
	const { opener } = opening;
	context.add<MathBlock>({ kind: 'math', opener, lines, indent }, !opening.closed);
	context.consumeLine();
	return 'leaf';
};

const setextHeading: Start = (context, container) => {
	const cursor = context.cursor;
	if (cursor.indented || container.kind !== 'paragraph') return 'none';
	const match = SETEXT.exec(cursor.restFromNonspace());
	if (match === null) return 'none';
	// A lone `-` still being written may become a list item (`- item`): until its line ends, it
	// is no underline, and the line is not shown at all rather than as paragraph text.
	if (context.previewing && /^-[ \t]*$/.test(match[0])) {
		context.holdBack();
		return 'none';
	}
	context.closeUnmatched();
	// Definitions at the paragraph's start are not heading text; if nothing else is, the line is
	// not an underline (§4.3; commonmark.js).
	container.lines = context.definitionsRemoved(container.lines);
	if (container.lines.length === 0) return 'none';
	// The paragraph becomes the heading's content (§4.3).
	const text = container.lines.join('\n').replace(/[ \t]+$/, '');
	const level = match[0].charAt(0) === '=' ? 1 : 2;
	const heading = context.create<HeadingBlock>(
		{ kind: 'heading', level, text },
		container.startLine,
		true
	);
	context.replaceTip([heading], null);
	context.consumeLine();
	return 'leaf';
};

const tableDelimiter: Start = (context, container) => {
	const cursor = context.cursor;
	if (cursor.indented || container.kind !== 'paragraph') return 'none';
	const align = parseDelimiterRow(cursor.restFromNonspace());
	const headLine = container.lines.at(-1);
	if (align === null || headLine === undefined) return 'none';
	const head = splitRow(headLine);
	if (head.length !== align.length) return 'none';
	context.closeUnmatched();
	// The paragraph's last line is the head; lines before it stay a paragraph (a new block).
	const blocks: Block[] = [];
	const before = context.definitionsRemoved(container.lines.slice(0, -1));
	if (before.length > 0) {
		const rest = context.create<ParagraphBlock>(
			{ kind: 'paragraph', lines: before },
			context.lineNumber - 1 - before.length,
			true
		);
		rest.endLine = context.lineNumber - 2;
		blocks.push(rest);
	}
	const table = context.create<TableBlock>(
		{ kind: 'table', head: fitRow(head, align.length), align, rows: [] },
		context.lineNumber - 1,
		false
	);
	blocks.push(table);
	context.replaceTip(blocks, table);
	context.consumeLine();
	return 'leaf';
};

const thematicBreak: Start = (context) => {
	const cursor = context.cursor;
	if (cursor.indented || !RULE.test(cursor.restFromNonspace())) return 'none';
	context.closeUnmatched();
	context.add<RuleBlock>({ kind: 'rule' }, false);
	context.consumeLine();
	return 'leaf';
};

const footnoteDefinition: Start = (context) => {
	const cursor = context.cursor;
	if (cursor.indented || cursor.peekNonspace() !== '[') return 'none';
	if (context.depth >= LIMITS.maxContainerDepth) return 'none';
	const match = FOOTNOTE.exec(cursor.restFromNonspace());
	const label = normalizeLabel(match?.[1] ?? '');
	if (match === null || label === '') return 'none';
	context.closeUnmatched();
	cursor.advanceNextNonspace();
	cursor.advanceOffset(match[0].length, false);
	const block = context.add<FootnoteBlock>({ kind: 'footnote', label, children: [] }, true);
	context.defineFootnote(block);
	return 'container';
};

const listItem: Start = (context, container) => {
	if (context.cursor.indented && container.kind !== 'list') return 'none';
	if (context.depth + 1 >= LIMITS.maxContainerDepth) return 'none';
	const marker = listMarker(context, container);
	if (marker === null) return 'none';
	context.closeUnmatched();
	const tip = context.tip;
	if (tip.kind !== 'list' || !sameList(tip, marker)) {
		const { ordered, start } = marker;
		context.add<ListBlock>(
			{ kind: 'list', ordered, start, marker: marker.marker, loose: false, children: [] },
			true
		);
	}
	context.add<ItemBlock>(
		{ kind: 'item', contentIndent: marker.contentIndent, checked: null, children: [] },
		true
	);
	return 'container';
};

const indentedCode: Start = (context) => {
	const cursor = context.cursor;
	const tip = context.tip;
	if (!cursor.indented || cursor.blank || tip.kind === 'paragraph' || tip.kind === 'table')
		return 'none';
	cursor.advanceOffset(CODE_INDENT, true);
	context.closeUnmatched();
	context.add<CodeBlock>({ kind: 'code', info: '', fence: null, lines: [] }, true);
	return 'leaf';
};

export const BLOCK_STARTS: readonly Start[] = [
	quote,
	atxHeading,
	fencedCode,
	mathBlock,
	setextHeading,
	tableDelimiter,
	thematicBreak,
	footnoteDefinition,
	listItem,
	indentedCode
];

/** A line that cannot start any block when not indented (a fast path, as in commonmark.js). */
export const MAYBE_SPECIAL = /^[#`~*+_=<>0-9|:[$\\-]/;
