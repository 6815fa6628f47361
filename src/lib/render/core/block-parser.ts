/**
 * The block structure of a document, one line at a time (CommonMark 0.31, appendix "A parsing
 * strategy"; ported from commonmark.js's `incorporateLine`). Open blocks form a chain from the
 * document down to the tip; each line first continues the open blocks it can, then may start new
 * ones, then adds its text. Closed blocks are never touched again (see model.ts).
 *
 * `fork()` copies only the open chain, so that the unfinished last line of a stream can be parsed
 * for a preview without disturbing the real state; the copies and everything the fork creates are
 * `tentative`.
 */
import { continueBlock } from './block-continue.ts';
import { BLOCK_STARTS, MAYBE_SPECIAL, type StartContext } from './block-starts.ts';
import { canContain, forkChain, replaceLastChild } from './block-tree.ts';
import { LIMITS } from './limits.ts';
import { LineCursor } from './line-cursor.ts';
import {
	definitionPrefix,
	type LinkDefinition,
	type LinkDefinitions,
	type ParsedDefinition
} from './link-reference.ts';
import {
	type Block,
	type BlockInit,
	type CodeBlock,
	type ContainerBlock,
	type DocumentBlock,
	type FootnoteBlock,
	type FootnoteDefinitions,
	type ItemBlock,
	type ParagraphBlock,
	isContainer,
	paragraphSource
} from './model.ts';
import { fitRow, splitRow } from './table-syntax.ts';

const TASK_MARKER = /^\[([ xX])\](?=[ \t]|$)/;

export class BlockParser implements StartContext {
	readonly root: DocumentBlock;
	readonly cursor = new LineCursor();
	/** Open blocks, from the document down to the tip. */
	readonly #open: Block[];
	readonly #tentative: boolean;
	#nextId: number;
	#lineNumber: number;
	#lastMatched = 0;
	#allClosed = true;
	#lineConsumed = false;
	#heldBack = false;
	/** The open paragraph whose definitions count line by line, and its lines that did. */
	#settling: ParagraphBlock | null = null;
	#settledLines = -1;
	/**
	 * Link reference definitions of closed paragraphs (§4.7), only ever added to. Shared with forks,
	 * which never write to it: a definition counts once the real parser has closed its paragraph.
	 */
	readonly #definitions: Map<string, LinkDefinition>;
	/** Footnote definitions (label → block id) of the complete lines, as `#definitions`. */
	readonly #footnotes: Map<string, number>;

	constructor(from?: BlockParser) {
		if (from === undefined) {
			this.root = {
				kind: 'document',
				id: 0,
				closed: false,
				tentative: false,
				startLine: 1,
				endLine: 1,
				children: []
			};
			this.#open = [this.root];
			this.#tentative = false;
			this.#nextId = 1;
			this.#lineNumber = 0;
			this.#definitions = new Map();
			this.#footnotes = new Map();
			return;
		}
		this.#definitions = from.#definitions;
		this.#footnotes = from.#footnotes;
		this.#open = forkChain(from.#open);
		const root = this.#open[0];
		if (root?.kind !== 'document') throw new Error('A document is always open at the root.');
		this.root = root;
		this.#tentative = true;
		this.#nextId = from.#nextId;
		// The open paragraph's definitions that counted already need not be scanned again.
		if (from.#settling !== null && from.#settling === from.tip && this.tip.kind === 'paragraph') {
			this.#settling = this.tip;
			this.#settledLines = from.#settledLines;
		}
		this.#lineNumber = from.#lineNumber;
	}

	fork(): BlockParser {
		return new BlockParser(this);
	}

	/** A fork parses only the unfinished last line of a stream (see markdown-stream.ts). */
	get previewing(): boolean {
		return this.#tentative;
	}

	/** The preview line was held back: the fork's document is not to be shown. */
	get heldBack(): boolean {
		return this.#heldBack;
	}

	holdBack(): void {
		this.#heldBack = true;
	}

	get tip(): Block {
		return this.#open[this.#open.length - 1] ?? this.root;
	}

	get depth(): number {
		return this.#open.length;
	}

	get closed(): boolean {
		return this.root.closed;
	}

	get definitions(): LinkDefinitions {
		return this.#definitions;
	}

	get footnotes(): FootnoteDefinitions {
		return this.#footnotes;
	}

	defineFootnote(block: FootnoteBlock): void {
		if (this.#tentative || this.#footnotes.has(block.label)) return;
		if (this.#footnotes.size < LIMITS.maxLinkDefinitions)
			this.#footnotes.set(block.label, block.id);
	}

	/** Adds one line (without its line ending). */
	addLine(line: string): void {
		if (this.root.closed) return;
		const cursor = this.cursor;
		this.#lineNumber++;
		this.#lineConsumed = false;
		cursor.reset(line);
		let matched = 0;
		for (let index = 1; index < this.#open.length; index++) {
			const block = this.#open[index];
			if (block === undefined) break;
			cursor.findNextNonspace();
			const result = continueBlock(cursor, block);
			if (result === 'closing-fence') {
				// The closing fence (§4.5) belongs to the block, and ends it: the line is used up.
				this.#touch(this.#open.length);
				this.#closeTip();
				return;
			}
			if (result === 'unmatched') break;
			matched = index;
		}
		this.#lastMatched = matched;
		// A line that is only a block quote's marker (`>`) is not a blank line (§5.3 looseness:
		// items separated by it are not separated by a blank line).
		this.#touchQuoteMarkers(matched);
		this.#allClosed = matched === this.#open.length - 1;
		let container = this.#open[matched] ?? this.root;
		let leaf = container.kind === 'code' || container.kind === 'math';
		while (!leaf) {
			cursor.findNextNonspace();
			if (!cursor.indented && !MAYBE_SPECIAL.test(cursor.peekNonspace())) {
				cursor.advanceNextNonspace();
				break;
			}
			let result: 'none' | 'container' | 'leaf' = 'none';
			for (const start of BLOCK_STARTS) {
				result = start(this, container);
				if (result !== 'none') break;
			}
			if (result === 'none') {
				cursor.advanceNextNonspace();
				break;
			}
			container = this.tip;
			leaf = result === 'leaf';
		}
		this.#addText(container);
	}

	/** Closes every open block: the document is complete. */
	finish(): void {
		while (this.#open.length > 0) this.#closeTip();
	}

	#addText(container: Block): void {
		const cursor = this.cursor;
		const tip = this.tip;
		if (!this.#allClosed && !cursor.blank && tip.kind === 'paragraph' && !this.#lineConsumed) {
			// A lazy continuation line (§5.1): it continues the paragraph however it is indented.
			this.#pushParagraphLine(tip);
			return;
		}
		this.closeUnmatched();
		if (this.#lineConsumed) return;
		if (container.kind === 'code' || container.kind === 'math') {
			container.lines.push(cursor.remainder());
			this.#touch(this.#open.length);
		} else if (container.kind === 'paragraph' && !cursor.blank) {
			this.#pushParagraphLine(container);
		} else if (container.kind === 'table' && !cursor.blank) {
			container.rows.push(fitRow(splitRow(cursor.remainder()), container.align.length));
			this.#touch(this.#open.length);
		} else if (cursor.offset < cursor.text.length && !cursor.blank) {
			cursor.advanceNextNonspace();
			if (container.kind === 'item' && this.#taskMarker(container)) return;
			const paragraph = this.#add<ParagraphBlock>({ kind: 'paragraph', lines: [] }, true);
			this.#pushParagraphLine(paragraph);
		}
	}

	/**
	 * GFM §5.3: `[ ]`, `[x]` or `[X]` first on the line that starts an item, then whitespace (or
	 * nothing), makes a task list item. Consumes the marker; true when nothing else is on the line.
	 */
	#taskMarker(item: ItemBlock): boolean {
		const cursor = this.cursor;
		if (item.children.length > 0 || item.startLine !== this.#lineNumber) return false;
		const match = TASK_MARKER.exec(cursor.remainder());
		if (match === null) return false;
		item.checked = match[1] !== ' ';
		cursor.advanceOffset(3, false);
		cursor.findNextNonspace();
		if (!cursor.blank) return false;
		this.#touch(this.#open.length);
		return true;
	}

	#pushParagraphLine(paragraph: ParagraphBlock): void {
		paragraph.lines.push(this.cursor.remainder().replace(/^[ \t]+/, ''));
		this.#touch(this.#open.length);
		this.#settleDefinitions(paragraph);
	}

	/**
	 * A definition at the start of an open paragraph counts as soon as no more text can change it
	 * (the line after it has begun and cannot be a title of it), not only when the paragraph ends:
	 * a list of references at the end of an answer resolves line by line. What counts early is
	 * exactly what the paragraph's end would find first (the same scan, stopped where it needed
	 * more text), so a preview may record it too: the unfinished line only has to have begun.
	 */
	#settleDefinitions(paragraph: ParagraphBlock): void {
		if (this.#settling !== paragraph) {
			this.#settling = paragraph;
			this.#settledLines = paragraph.lines[0]?.startsWith('[') === true ? 0 : -1;
		}
		if (this.#settledLines < 0) return;
		const source = paragraph.lines.slice(this.#settledLines).join('\n');
		const prefix = definitionPrefix(source, false);
		this.#define(prefix.definitions);
		if (!prefix.pending) this.#settledLines = -1;
		else this.#settledLines += source.slice(0, prefix.end).split('\n').length - 1;
	}

	#define(definitions: readonly ParsedDefinition[]): void {
		for (const { label, destination, title } of definitions) {
			if (this.#definitions.size >= LIMITS.maxLinkDefinitions) return;
			if (!this.#definitions.has(label)) this.#definitions.set(label, { destination, title });
		}
	}

	#touchQuoteMarkers(matched: number): void {
		for (let index = matched; index > 0; index--) {
			if (this.#open[index]?.kind === 'quote') {
				this.#touch(index + 1);
				return;
			}
		}
	}

	/** Records that the first `count` open blocks have content on this line. */
	#touch(count: number): void {
		for (let index = 0; index < count; index++) {
			const block = this.#open[index];
			if (block !== undefined) block.endLine = this.#lineNumber;
		}
	}

	closeUnmatched(): void {
		if (this.#allClosed) return;
		while (this.#open.length - 1 > this.#lastMatched) this.#closeTip();
		this.#allClosed = true;
	}

	consumeLine(): void {
		this.#lineConsumed = true;
	}

	#closeTip(): void {
		const block = this.#open.pop();
		if (block === undefined) return;
		block.closed = true;
		if (block.kind === 'code' && block.fence === null) this.#trimIndentedCode(block);
		if (block.kind === 'paragraph') this.#settleParagraph(block);
	}

	/**
	 * A closing paragraph loses the link reference definitions at its start (§4.7): what remains is
	 * a new block (its content changed), and a paragraph of definitions only is removed.
	 */
	#settleParagraph(block: ParagraphBlock): void {
		const lines = this.definitionsRemoved(block.lines);
		if (lines === block.lines && lines.length > 0) return;
		const parent = this.tip;
		if (!isContainer(parent) || parent.kind === 'list' || parent.children.at(-1) !== block) return;
		if (lines.length === 0) {
			parent.children.pop();
			return;
		}
		const startLine = block.startLine + block.lines.length - lines.length;
		replaceLastChild(parent, { ...block, id: this.#nextId++, lines, startLine });
	}

	/**
	 * Records the link reference definitions at the start of a complete paragraph's `lines` and
	 * returns the lines after them (`lines` itself when there are none).
	 */
	definitionsRemoved(lines: string[]): string[] {
		if (!lines[0]?.startsWith('[')) return lines;
		const source = paragraphSource({ lines });
		const prefix = definitionPrefix(source, true);
		if (prefix.definitions.length === 0) return lines;
		if (!this.#tentative) this.#define(prefix.definitions);
		if (prefix.end >= source.length) return [];
		const used = source.slice(0, prefix.end).split('\n').length - 1;
		return lines.slice(used);
	}

	/** Trailing blank lines are not part of an indented code block (§4.4). */
	#trimIndentedCode(block: CodeBlock): void {
		let end = block.lines.length;
		while (end > 0 && /^[ \t]*$/.test(block.lines[end - 1] ?? '')) end--;
		if (end === block.lines.length) return;
		// Same id, shorter content would break the identity contract: the trimmed block is new.
		const parent = this.tip;
		if (!isContainer(parent) || parent.kind === 'list') return;
		const trimmed: CodeBlock = { ...block, id: this.#nextId++, lines: block.lines.slice(0, end) };
		replaceLastChild(parent, trimmed);
	}

	/** Adds `init` as the tip's last child, first closing tips that cannot contain it (§5.2, §5.3). */
	#add<B extends Block>(init: BlockInit<B>, open: boolean): B {
		const block = {
			...init,
			id: this.#nextId++,
			closed: !open,
			tentative: this.#tentative,
			startLine: this.#lineNumber,
			endLine: this.#lineNumber
		} as unknown as B;
		while (!canContain(this.tip, block)) this.#closeTip();
		const parent = this.tip;
		if (!isContainer(parent)) throw new Error('A container is always open below the document.');
		this.#markLoose(parent, block);
		if (parent.kind === 'list') {
			if (block.kind === 'item') parent.children.push(block);
		} else parent.children.push(block);
		if (open) this.#open.push(block);
		this.#touch(this.#open.length);
		return block;
	}

	/**
	 * §5.3: a list is loose when two of its items, or two blocks directly in one item, are separated
	 * by a blank line; i.e. when a new item or item child starts after a gap since its predecessor.
	 */
	#markLoose(parent: ContainerBlock, block: Block): void {
		const previous = parent.children.at(-1);
		if (previous === undefined || previous.endLine >= this.#lineNumber - 1) return;
		if (parent.kind === 'list' && block.kind === 'item') parent.loose = true;
		else if (parent.kind === 'item') {
			const list = this.#open[this.#open.length - 2];
			if (list?.kind === 'list') list.loose = true;
		}
	}

	get lineNumber(): number {
		return this.#lineNumber;
	}

	add<B extends Block>(init: BlockInit<B>, open: boolean): B {
		return this.#add(init, open);
	}

	create<B extends Block>(init: BlockInit<B>, startLine: number, closed: boolean): B {
		return { ...init, ...this.#base(startLine, closed) } as unknown as B;
	}

	#base(startLine: number, closed: boolean): Omit<Block, 'kind'> {
		return {
			id: this.#nextId++,
			closed,
			tentative: this.#tentative,
			startLine,
			endLine: this.#lineNumber
		};
	}

	replaceTip(blocks: Block[], open: Block | null): void {
		const tip = this.#open.pop();
		const parent = this.#open.at(-1);
		if (tip === undefined || parent === undefined || !isContainer(parent)) return;
		if (parent.kind === 'list') return;
		parent.children.pop();
		parent.children.push(...blocks);
		if (open !== null) this.#open.push(open);
		this.#touch(this.#open.length);
	}
}
