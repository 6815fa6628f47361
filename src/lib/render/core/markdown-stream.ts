/**
 * Streamed markdown → block model, incrementally: text is appended in chunks of any size; complete
 * lines go to the block parser (as many per call as the caller's time budget allows); the
 * unfinished last line is parsed on a fork for a preview, so that a renderer shows text as it
 * arrives without the real state ever depending on where chunks were cut.
 *
 * Line endings: `\r\n` and a lone `\r` are line endings like `\n` (CommonMark §2.1), also when a
 * `\r\n` is split between chunks; U+0000 becomes U+FFFD (§2.3).
 *
 * Past `LIMITS.maxMarkdownChars`, lines are no longer parsed: the document is closed and the rest
 * is `overflow`, shown as plain text.
 */
import { BlockParser } from './block-parser.ts';
import { LIMITS } from './limits.ts';
import type { LinkDefinitions } from './link-reference.ts';
import type { DocumentBlock, FootnoteDefinitions } from './model.ts';

/** The unfinished last line is previewed only up to this length (then shown once complete). */
const MAX_PREVIEW_LINE = 64 * 1024;
/** How many lines are parsed between two looks at the clock. */
const LINES_PER_CHECK = 16;

export interface MarkdownSnapshot {
	readonly root: DocumentBlock;
	/**
	 * Link reference definitions of the complete lines (§4.7), a definition counting once no more
	 * text can change it (the next line is there, or its paragraph has ended); never those of the
	 * preview. The same map in every snapshot, only ever
	 * added to: a renderer can tell what is new from its size.
	 */
	readonly definitions: LinkDefinitions;
	/**
	 * Footnote definitions of the complete lines (a label is defined from its definition's first
	 * line on), the same map in every snapshot, only ever added to.
	 */
	readonly footnotes: FootnoteDefinitions;
	/** Text past the markdown cap, in pieces, in order. Only ever grows. */
	readonly overflow: readonly string[];
	/** Every appended character is reflected (no lines waiting for a later slice). */
	readonly complete: boolean;
}

export class MarkdownStream {
	readonly #parser = new BlockParser();
	/** Complete lines not parsed yet, from `#head`. */
	#lines: string[] = [];
	#head = 0;
	/** The unfinished last line, in pieces. */
	#partial: string[] = [];
	#partialLength = 0;
	#pendingCarriageReturn = false;
	#ended = false;
	#parsedChars = 0;
	#overflow: string[] | null = null;
	#length = 0;

	/** Characters appended so far (after line-ending normalisation). */
	get length(): number {
		return this.#length;
	}

	get ended(): boolean {
		return this.#ended;
	}

	append(chunk: string): void {
		if (this.#ended || chunk === '') return;
		let text = chunk;
		if (this.#pendingCarriageReturn && text.startsWith('\n')) text = text.slice(1);
		this.#pendingCarriageReturn = text.endsWith('\r');
		if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
		if (text.includes('\0')) text = text.replace(/\0/g, '\uFFFD');
		this.#length += text.length;
		if (this.#overflow !== null) {
			this.#overflow.push(text);
			return;
		}
		let from = 0;
		for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', from)) {
			this.#partial.push(text.slice(from, newline));
			this.#lines.push(this.#partial.join(''));
			this.#partial = [];
			this.#partialLength = 0;
			from = newline + 1;
		}
		if (from < text.length) {
			this.#partial.push(text.slice(from));
			this.#partialLength += text.length - from;
		}
	}

	/** No more text: the last line is complete and every block closes. */
	end(): void {
		this.#ended = true;
	}

	/** Characters of complete lines parsed so far (line endings included). */
	get parsedChars(): number {
		return this.#parsedChars;
	}

	/**
	 * Parses queued lines until done, or `shouldYield()` says the frame's time is spent, or about
	 * `maxChars` were parsed in this call.
	 * Returns true when everything appended (and the end, if ended) has been parsed.
	 */
	process(shouldYield: () => boolean = () => false, maxChars = Infinity): boolean {
		let sinceCheck = 0;
		let parsedLines = 0;
		const stopAt = this.#parsedChars + maxChars;
		while (this.#head < this.#lines.length) {
			// At least one line per call, so that a small budget still makes progress.
			if (parsedLines > 0 && this.#parsedChars >= stopAt) break;
			if (this.#overflow === null && this.#parsedChars >= LIMITS.maxMarkdownChars) {
				this.#startOverflow();
				break;
			}
			const line = this.#lines[this.#head] ?? '';
			this.#head++;
			this.#parser.addLine(line);
			this.#parsedChars += line.length + 1;
			parsedLines++;
			if (++sinceCheck >= LINES_PER_CHECK) {
				sinceCheck = 0;
				if (shouldYield()) break;
			}
		}
		if (this.#head >= this.#lines.length) {
			this.#lines = [];
			this.#head = 0;
		} else if (this.#head > 4096) {
			this.#lines = this.#lines.slice(this.#head);
			this.#head = 0;
		}
		const done = this.#head >= this.#lines.length;
		if (done && this.#ended && !this.#parser.closed) {
			if (this.#parsedChars >= LIMITS.maxMarkdownChars) {
				this.#startOverflow();
			} else if (this.#partialLength > 0) {
				this.#parser.addLine(this.#partial.join(''));
				this.#partial = [];
				this.#partialLength = 0;
			}
			this.#parser.finish();
		}
		return done;
	}

	#startOverflow(): void {
		const rest = this.#lines.slice(this.#head).map((line) => `${line}\n`);
		if (this.#partialLength > 0) rest.push(this.#partial.join(''));
		this.#overflow = rest;
		this.#lines = [];
		this.#head = 0;
		this.#partial = [];
		this.#partialLength = 0;
		this.#parser.finish();
	}

	/** The document as far as it can be shown now (see the module comment). */
	snapshot(): MarkdownSnapshot {
		const overflow = this.#overflow ?? [];
		const complete = this.#head >= this.#lines.length;
		const { definitions, footnotes, root } = this.#parser;
		if (!complete || this.#parser.closed || this.#partialLength === 0)
			return { root, definitions, footnotes, overflow, complete };
		if (this.#partialLength > MAX_PREVIEW_LINE)
			return { root, definitions, footnotes, overflow, complete: false };
		const preview = this.#parser.fork();
		preview.addLine(this.#partial.join(''));
		if (preview.heldBack) return { root, definitions, footnotes, overflow, complete };
		return { root: preview.root, definitions, footnotes, overflow, complete };
	}
}
