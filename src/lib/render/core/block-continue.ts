/**
 * Whether a line continues an open block, consuming its marker or indentation from the cursor
 * (CommonMark 0.31 appendix, "continuation conditions"; commonmark.js `continue`): a block quote
 * needs its `>`, a list item its indentation (or a blank line, unless the item is still empty), a
 * paragraph or table a non-blank line, indented code four columns, fenced code anything until its
 * closing fence, display math anything until its closing delimiter (whose line it takes in).
 */
import { LIMITS } from './limits.ts';
import { CODE_INDENT, type LineCursor } from './line-cursor.ts';
import { mathClosing } from './math-syntax.ts';
import type { Block, CodeBlock, MathBlock } from './model.ts';

export type Continuation = 'matched' | 'unmatched' | 'closing-fence';

export function continueBlock(cursor: LineCursor, block: Block): Continuation {
	switch (block.kind) {
		case 'quote': {
			if (cursor.indented || cursor.peekNonspace() !== '>') return 'unmatched';
			cursor.advanceNextNonspace();
			cursor.advanceOffset(1, false);
			const next = cursor.text.charAt(cursor.offset);
			if (next === ' ' || next === '\t') cursor.advanceOffset(1, true);
			return 'matched';
		}
		case 'footnote':
			// cmark-gfm: four columns of indentation, or a blank line.
			if (cursor.indent >= CODE_INDENT) cursor.advanceOffset(CODE_INDENT, true);
			else if (!cursor.blank) return 'unmatched';
			return 'matched';
		case 'item':
			if (cursor.blank) {
				// A blank line right after an empty item start ends it (§5.2).
				if (block.children.length === 0) return 'unmatched';
				cursor.advanceNextNonspace();
			} else if (cursor.indent >= block.contentIndent) {
				cursor.advanceOffset(block.contentIndent, true);
			} else return 'unmatched';
			return 'matched';
		case 'code':
			return continueCode(cursor, block);
		case 'math':
			return continueMath(cursor, block);
		case 'paragraph':
			return cursor.blank ? 'unmatched' : 'matched';
		case 'table': {
			const full =
				block.rows.length >= LIMITS.maxTableRows || cursor.text.length > LIMITS.maxTableLineChars;
			return cursor.blank || full ? 'unmatched' : 'matched';
		}
		case 'list':
		case 'document':
			return 'matched';
		case 'heading':
		case 'rule':
			return 'unmatched';
	}
}

function continueCode(cursor: LineCursor, block: CodeBlock): Continuation {
	const fence = block.fence;
	if (fence === null) {
		if (cursor.indent >= CODE_INDENT) cursor.advanceOffset(CODE_INDENT, true);
		else if (cursor.blank) cursor.advanceNextNonspace();
		else return 'unmatched';
		return 'matched';
	}
	const rest = cursor.restFromNonspace();
	if (cursor.indent <= 3 && rest.charAt(0) === fence.char) {
		const run = /^(?:`{3,}|~{3,})(?=[ \t]*$)/.exec(rest);
		if (run !== null && run[0].length >= fence.length) return 'closing-fence';
	}
	// Content lines lose up to the opening fence's indentation (§4.5).
	for (let skip = fence.indent; skip > 0; skip--) {
		const char = cursor.text.charAt(cursor.offset);
		if (char !== ' ' && char !== '\t') break;
		cursor.advanceOffset(1, true);
	}
	return 'matched';
}

/**
 * A line of display math: content, or the closing delimiter at the end of the line (content before
 * it on that line is the block's last line). The line is used up either way.
 */
function continueMath(cursor: LineCursor, block: MathBlock): Continuation {
	for (let skip = block.indent; skip > 0; skip--) {
		const char = cursor.text.charAt(cursor.offset);
		if (char !== ' ' && char !== '\t') break;
		cursor.advanceOffset(1, true);
	}
	const line = cursor.remainder();
	const closing = mathClosing(line, block.opener);
	if (closing === null) return 'matched';
	if (closing.trim() !== '') block.lines.push(closing);
	return 'closing-fence';
}
