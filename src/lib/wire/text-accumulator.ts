/**
 * Append-only text built from many small deltas. Pieces are joined in blocks as they come, so a long
 * answer is held as a few flat strings rather than tens of thousands of small ones (less for the
 * garbage collector to trace and promote), and reading it joins only the blocks. Each character is
 * copied a bounded number of times, whatever the length: no quadratic concatenation.
 *
 * A plain record and module functions, like the rest of the per-event path (turn-sink.ts explains
 * why): `appendText` runs once per delta.
 */
const BLOCK = 512;

export interface TextAccumulator {
	/** Joined blocks of `BLOCK` pieces each (after `accumulatedText`, one string). */
	blocks: string[];
	/** Pieces not yet joined into a block. */
	pieces: string[];
	/** Length so far, in UTF-16 code units. */
	length: number;
}

export function createTextAccumulator(): TextAccumulator {
	return { blocks: [], pieces: [], length: 0 };
}

export function appendText(text: TextAccumulator, piece: string): void {
	text.pieces.push(piece);
	text.length += piece.length;
	if (text.pieces.length === BLOCK) {
		text.blocks.push(text.pieces.join(''));
		text.pieces = [];
	}
}

/** The whole text so far. */
export function accumulatedText(text: TextAccumulator): string {
	const { blocks } = text;
	if (text.pieces.length > 0) {
		blocks.push(text.pieces.join(''));
		text.pieces = [];
	}
	if (blocks.length > 1) blocks.splice(0, blocks.length, blocks.join(''));
	return blocks[0] ?? '';
}
