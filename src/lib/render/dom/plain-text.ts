/**
 * Append-only plain text laid out in chunks (`<span class="md-chunk">`, display: block, with
 * `content-visibility: auto` in CSS): streaming into a big code block or an over-long paragraph
 * then re-lays out one small chunk per frame, not the whole block, and off-screen chunks are not
 * laid out at all. Chunk boundaries depend only on the text (a chunk ends after
 * `LIMITS.plainChunkLines` line endings or `LIMITS.plainChunkChars` characters), so the same text
 * gives the same chunks however it was appended.
 */
import { LIMITS } from '../core/limits.ts';

export class PlainText {
	readonly #doc: Document;
	readonly #parent: HTMLElement;
	#chunk: Text | null = null;
	#chunkChars = 0;
	#chunkLines = 0;
	#length = 0;

	constructor(doc: Document, parent: HTMLElement) {
		this.#doc = doc;
		this.#parent = parent;
	}

	get length(): number {
		return this.#length;
	}

	/** Appends `text` (the caller guarantees what was appended before is still a prefix). */
	append(text: string): void {
		let from = 0;
		while (from < text.length) {
			if (
				this.#chunk === null ||
				this.#chunkChars >= LIMITS.plainChunkChars ||
				this.#chunkLines >= LIMITS.plainChunkLines
			) {
				const span = this.#doc.createElement('span');
				span.setAttribute('class', 'md-chunk');
				this.#chunk = this.#doc.createTextNode('');
				span.appendChild(this.#chunk);
				this.#parent.appendChild(span);
				this.#chunkChars = 0;
				this.#chunkLines = 0;
			}
			let end = Math.min(text.length, from + LIMITS.plainChunkChars - this.#chunkChars);
			const newline = nthNewline(text, from, end, LIMITS.plainChunkLines - this.#chunkLines);
			if (newline !== -1) end = newline + 1;
			const piece = text.slice(from, end);
			this.#chunk.appendData(piece);
			this.#chunkChars += piece.length;
			this.#chunkLines += countNewlines(piece);
			this.#length += piece.length;
			from = end;
		}
	}
}

/** Index of the `n`-th newline in text[from, end), or -1. */
function nthNewline(text: string, from: number, end: number, n: number): number {
	let at = from - 1;
	for (let seen = 0; seen < n; seen++) {
		at = text.indexOf('\n', at + 1);
		if (at === -1 || at >= end) return -1;
	}
	return at;
}

function countNewlines(text: string): number {
	let count = 0;
	for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
	return count;
}
