/**
 * A cursor over one source line with CommonMark's column arithmetic: tabs stop every 4 columns
 * (§2.2), and a tab may be consumed partly when only some of its columns belong to a marker or an
 * indentation (ported from the commonmark.js reference parser).
 */
const TAB_STOP = 4;
export const CODE_INDENT = 4;

export class LineCursor {
	text = '';
	offset = 0;
	column = 0;
	nextNonspace = 0;
	nextNonspaceColumn = 0;
	indent = 0;
	indented = false;
	blank = false;
	partiallyConsumedTab = false;

	reset(text: string): void {
		this.text = text;
		this.offset = 0;
		this.column = 0;
		this.partiallyConsumedTab = false;
		this.findNextNonspace();
	}

	findNextNonspace(): void {
		const text = this.text;
		let index = this.offset;
		let columns = this.column;
		while (index < text.length) {
			const char = text.charAt(index);
			if (char === ' ') {
				index++;
				columns++;
			} else if (char === '\t') {
				index++;
				columns += TAB_STOP - (columns % TAB_STOP);
			} else break;
		}
		this.blank = index >= text.length;
		this.nextNonspace = index;
		this.nextNonspaceColumn = columns;
		this.indent = columns - this.column;
		this.indented = this.indent >= CODE_INDENT;
	}

	advanceNextNonspace(): void {
		this.offset = this.nextNonspace;
		this.column = this.nextNonspaceColumn;
		this.partiallyConsumedTab = false;
	}

	/** Advances `count` characters, or `count` columns when `columns` (splitting a tab if needed). */
	advanceOffset(count: number, columns = false): void {
		const text = this.text;
		while (count > 0 && this.offset < text.length) {
			if (text.charAt(this.offset) === '\t') {
				const toTab = TAB_STOP - (this.column % TAB_STOP);
				if (columns) {
					this.partiallyConsumedTab = toTab > count;
					const advance = toTab > count ? count : toTab;
					this.column += advance;
					this.offset += this.partiallyConsumedTab ? 0 : 1;
					count -= advance;
				} else {
					this.partiallyConsumedTab = false;
					this.column += toTab;
					this.offset += 1;
					count -= 1;
				}
			} else {
				this.partiallyConsumedTab = false;
				this.offset += 1;
				this.column += 1;
				count -= 1;
			}
		}
	}

	/** The character at the next non-space position ('' at the end of the line). */
	peekNonspace(): string {
		return this.text.charAt(this.nextNonspace);
	}

	/** The rest of the line from the next non-space position. */
	restFromNonspace(): string {
		return this.text.slice(this.nextNonspace);
	}

	/** The rest of the line from the offset, with the unconsumed columns of a split tab as spaces. */
	remainder(): string {
		if (!this.partiallyConsumedTab) return this.text.slice(this.offset);
		const spaces = TAB_STOP - (this.column % TAB_STOP);
		return ' '.repeat(spaces) + this.text.slice(this.offset + 1);
	}
}
