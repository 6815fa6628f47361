/**
 * The block model of a markdown document (CommonMark 0.31 §4–§5, GFM tables §4.10). The parser
 * builds it line by line; the renderer reads it.
 *
 * Identity contract (what makes incremental rendering cheap and exact):
 * - `id` names one block for its whole life; a block whose kind or content is reinterpreted
 *   (a paragraph becoming a setext heading or a table) is replaced by a new block with a new id;
 * - a block with `closed` and not `tentative` never changes again, and is the same object in every
 *   later view: a renderer may build it once and keep it;
 * - `tentative` marks blocks of a preview (the parse of an unfinished last line): they may differ,
 *   or vanish, in the next view.
 */

import { definitionPrefix } from './link-reference.ts';

export type Align = 'left' | 'center' | 'right' | null;

interface BlockBase {
	readonly id: number;
	closed: boolean;
	tentative: boolean;
	/** First and last source line (1-based) with content of this block or a descendant. */
	startLine: number;
	endLine: number;
}

export interface DocumentBlock extends BlockBase {
	kind: 'document';
	children: Block[];
}

export interface QuoteBlock extends BlockBase {
	kind: 'quote';
	children: Block[];
}

/**
 * A GFM footnote definition (`[^label]: text`, continued by lines indented four columns; as
 * cmark-gfm parses it). It is shown in the footnote section at the end, not where it stands.
 */
export interface FootnoteBlock extends BlockBase {
	kind: 'footnote';
	/** The label, normalised like a link label. */
	label: string;
	children: Block[];
}

/** A bullet or ordered list (§5.3). `loose` only ever turns from false to true. */
export interface ListBlock extends BlockBase {
	kind: 'list';
	ordered: boolean;
	start: number;
	/** The bullet character, or the delimiter (`.` or `)`) of an ordered list. */
	marker: string;
	loose: boolean;
	children: ItemBlock[];
}

export interface ItemBlock extends BlockBase {
	kind: 'item';
	/** Columns a continuation line must be indented by to belong to this item (§5.2). */
	contentIndent: number;
	/**
	 * A GFM task list item (`- [ ] a`, `- [x] b`, GFM §5.3): whether its box is checked; null for
	 * an ordinary item. The marker is not part of the item's text.
	 */
	checked: boolean | null;
	children: Block[];
}

/** Lines with leading whitespace removed; the inline source is `lines.join('\n')`, trimmed. */
export interface ParagraphBlock extends BlockBase {
	kind: 'paragraph';
	lines: string[];
}

export interface HeadingBlock extends BlockBase {
	kind: 'heading';
	level: number;
	text: string;
}

export interface Fence {
	char: '`' | '~';
	length: number;
	/** Indentation of the opening fence, removed from content lines (§4.5). */
	indent: number;
}

export interface CodeBlock extends BlockBase {
	kind: 'code';
	/**
	 * Info string of a fenced block, escapes and entities resolved (§4.5); '' when indented; null
	 * while its opening line is still arriving (a preview), so that no partial language is shown.
	 */
	info: string | null;
	lines: string[];
	fence: Fence | null;
}

export interface RuleBlock extends BlockBase {
	kind: 'rule';
}

/**
 * Display math (TeX) on lines of its own: `$$` … `$$` or `\[` … `\]` (see block-starts.ts). Like a
 * fenced code block it runs until its closing delimiter, or until its container or the text ends;
 * its lines are TeX source, never markdown.
 */
export interface MathBlock extends BlockBase {
	kind: 'math';
	/** The opening delimiter; the closing one is `$$` or `\]`. */
	opener: '$$' | '\\[';
	/** TeX source, line by line (delimiters left out). */
	lines: string[];
	/** Indentation of the opening line, removed from content lines (as a fence's, §4.5). */
	indent: number;
}

/** Cells hold inline source, `\|` already unescaped (GFM §4.10). Rows have `align.length` cells. */
export interface TableBlock extends BlockBase {
	kind: 'table';
	align: Align[];
	head: string[];
	rows: string[][];
}

/** Footnote definitions by normalised label: the id of the block that defines each. */
export type FootnoteDefinitions = ReadonlyMap<string, number>;

/** What a block start supplies; the parser adds identity and bookkeeping. */
export type BlockInit<B extends Block> = Omit<
	B,
	'id' | 'closed' | 'tentative' | 'startLine' | 'endLine'
>;

export type ContainerBlock = DocumentBlock | QuoteBlock | ListBlock | ItemBlock | FootnoteBlock;
export type LeafBlock =
	ParagraphBlock | HeadingBlock | CodeBlock | MathBlock | RuleBlock | TableBlock;
export type Block = ContainerBlock | LeafBlock;

export function isContainer(block: Block): block is ContainerBlock {
	return (
		block.kind === 'document' ||
		block.kind === 'quote' ||
		block.kind === 'footnote' ||
		block.kind === 'list' ||
		block.kind === 'item'
	);
}

/**
 * The inline source of a paragraph: its lines joined. (§4.8 also strips final spaces and tabs; the
 * inline parser does that when told the source is final.)
 */
export function paragraphSource(block: Pick<ParagraphBlock, 'lines'>): string {
	return block.lines.join('\n');
}

/**
 * The inline source a paragraph shows. A closed paragraph has lost its link reference definitions
 * already (the parser removes them, §4.7); an open one may still start with some, which are not
 * shown, and text that may yet turn out to be a definition (`[1]: https://exa…`) is held back
 * rather than flashed as text.
 */
/** The TeX source of a math block. */
export function mathSource(block: Pick<MathBlock, 'lines'>): string {
	return block.lines.join('\n').trim();
}

export function shownParagraphSource(block: ParagraphBlock): string {
	const source = paragraphSource(block);
	if (block.closed || !source.startsWith('[')) return source;
	const prefix = definitionPrefix(source, false);
	return prefix.pending ? '' : source.slice(prefix.end);
}
