/**
 * Append-only text built from many small deltas. Pieces are joined in blocks as they come, so a long
 * answer is held as a few flat strings rather than tens of thousands of small ones (less for the
 * garbage collector to trace and promote), and reading it joins only the blocks. Each character is
 * copied a bounded number of times, whatever the length: no quadratic concatenation.
 */
const BLOCK = 512;

export interface TextAccumulator {
	push(piece: string): void;
	/** Length so far, in UTF-16 code units. */
	readonly length: number;
	value(): string;
}

export function createTextAccumulator(): TextAccumulator {
	const blocks: string[] = [];
	let pieces: string[] = [];
	let length = 0;
	return {
		push(piece) {
			pieces.push(piece);
			length += piece.length;
			if (pieces.length === BLOCK) {
				blocks.push(pieces.join(''));
				pieces = [];
			}
		},
		get length() {
			return length;
		},
		value() {
			if (pieces.length > 0) {
				blocks.push(pieces.join(''));
				pieces = [];
			}
			if (blocks.length > 1) blocks.splice(0, blocks.length, blocks.join(''));
			return blocks[0] ?? '';
		}
	};
}
