/**
 * Inline parsing (CommonMark 0.31 §6 with GFM strikethrough and extended autolinks), in one left to
 * right pass over a block's text plus the emphasis pass, after commonmark.js. Raw HTML (§6.6) is
 * not recognised: `<` is text. Reference links (§6.3) resolve against the definitions given; the
 * result lists the labels that were looked up and not found, so that a renderer can parse again
 * when a definition arrives later in the stream.
 *
 * Safe points. For streaming, the parser also reports the last offset `k` at which the text can be
 * cut so that parsing `text[..k]` and `text[k..]` (told the character before `k`) gives the same
 * inlines as parsing the whole, whatever text is appended later. `k` qualifies when the character
 * before it is a space or line ending and the one at it is not (no token spans such a cut), it lies
 * at top level (inside no emphasis, link or code span), and nothing before it is still pending: an
 * unmatched code span opener, a `[` not yet resolved, a `](` cut short by the end of the text, or a
 * delimiter run that could still open emphasis. Unit tests check the promise for every split point.
 */
import { isAsciiPunctuation } from './entities.ts';
import { DelimiterStack, type Delimiter } from './inline-emphasis.ts';
import { InlineItem, type Inline } from './inline-model.ts';
import {
	BacktickIndex,
	charAt,
	charBefore,
	isPunctuationChar,
	isWhitespaceChar
} from './inline-scan.ts';
import { closeBracket, type Bracket } from './inline-links.ts';
import { parseAutolink, parseEntity, parseTextRun } from './inline-text.ts';
import { LIMITS } from './limits.ts';
import type { LinkDefinitions } from './link-reference.ts';
import type { FootnoteDefinitions } from './model.ts';
import { toInlines } from './inline-output.ts';
import { safeEnd } from './inline-safe-end.ts';
import { holdsBackMath, MathIndex, scanInlineMath } from './math-syntax.ts';

export interface InlineOptions {
	/** The character before the text ('' or '\n' at the start of a block). */
	before?: string;
	/** The text is complete: strip final spaces and tabs (§4.8). Otherwise keep them. */
	final?: boolean;
	/**
	 * GFM extended autolinks (§6.9: `www.`, `http(s)://`, email, `mailto:` and `xmpp:` in plain
	 * text). Default true; plain CommonMark without them is for checking against its spec.
	 */
	extendedAutolinks?: boolean;
	/** Link reference definitions by normalised label (none: every reference stays text). */
	definitions?: LinkDefinitions;
	/** Footnote definitions by normalised label (none: every `[^label]` stays text). */
	footnotes?: FootnoteDefinitions;
	/**
	 * TeX math (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`, see math-syntax.ts). Default true; off for
	 * checking against the CommonMark spec, where `\[x\]` is an escaped bracket and text.
	 */
	math?: boolean;
	/**
	 * More text may follow (a frame of a paragraph still streaming): inline math still waiting for
	 * its closer is not shown, rather than shown as text and then redrawn as math, for at most
	 * `LIMITS.maxPendingMathChars` characters of its line; past that it is text until it closes.
	 */
	holdBack?: boolean;
}

export interface InlineResult {
	inlines: Inline[];
	/** The last safe cut (see above), 0 when there is none. */
	safeEnd: number;
	/**
	 * Normalised labels of references that found no definition, in order; a footnote's with `^`
	 * in front.
	 */
	missing: readonly string[];
}

const NO_DEFINITIONS: LinkDefinitions = new Map();
const NO_FOOTNOTES: FootnoteDefinitions = new Map();

export class InlineParser {
	readonly text: string;
	readonly root: InlineItem;
	pos = 0;
	readonly delimiters = new DelimiterStack();
	brackets: Bracket | null = null;
	activeBrackets = 0;
	/** Smallest source offset of a construct more text could still change. */
	pendingFrom = Infinity;
	readonly definitions: LinkDefinitions;
	readonly footnotes: FootnoteDefinitions;
	readonly extendedAutolinks: boolean;
	readonly missing = new Set<string>();
	readonly math: boolean;
	readonly #before: string;
	/** More text may follow: a construct cut short by the end of the text may still complete. */
	readonly #mayGrow: boolean;
	readonly #holdBack: boolean;
	#backtickIndex: BacktickIndex | null = null;
	#mathIndex: MathIndex | null = null;
	readonly #unsplittable: [number, number][] = [];

	constructor(text: string, options: InlineOptions = {}) {
		this.text = options.final === true ? text.replace(/[ \t]+$/, '') : text;
		this.#before = options.before ?? '';
		this.definitions = options.definitions ?? NO_DEFINITIONS;
		this.footnotes = options.footnotes ?? NO_FOOTNOTES;
		this.extendedAutolinks = options.extendedAutolinks ?? true;
		this.math = options.math ?? true;
		this.#holdBack = options.holdBack ?? false;
		this.#mayGrow = options.final !== true || this.#holdBack;
		this.root = new InlineItem('root', '', 0, this.text.length);
	}

	pending(position: number): void {
		if (position < this.pendingFrom) this.pendingFrom = position;
	}

	/** Source [start, end) settles a construct that is not an item of its own: no cut inside. */
	unsplittable(start: number, end: number): void {
		this.#unsplittable.push([start, end]);
	}

	/** Appends literal text covering source [start, end). */
	addText(text: string, start: number, end: number): InlineItem {
		const item = new InlineItem('text', text, start, end);
		this.root.append(item);
		return item;
	}

	parse(): InlineResult {
		const text = this.text;
		while (this.pos < text.length) this.#step();
		this.delimiters.process(null, (delimiter) => this.pending(delimiter.position));
		for (let bracket = this.brackets; bracket !== null; bracket = bracket.prev) {
			if (bracket.active) this.pending(bracket.position);
		}
		return {
			inlines: toInlines(this.root, this.extendedAutolinks),
			safeEnd: safeEnd(this.text, this.root, this.pendingFrom, this.#unsplittable),
			missing: [...this.missing]
		};
	}

	#step(): void {
		const text = this.text;
		const start = this.pos;
		const char = text.charAt(start);
		switch (char) {
			case '\n':
				this.#newline();
				return;
			case '\\':
				if (this.math && (text.charAt(start + 1) === '(' || text.charAt(start + 1) === '[')) {
					if (this.#mathSpan()) return;
				}
				this.#backslash();
				return;
			case '$':
				if (this.math && this.#mathSpan()) return;
				this.pos = start + (this.math && text.charAt(start + 1) === '$' ? 2 : 1);
				this.addText(text.slice(start, this.pos), start, this.pos);
				return;
			case '`':
				this.#backticks();
				return;
			case '*':
			case '_':
			case '~':
				this.#delimiterRun(char);
				return;
			case '[':
				this.pos++;
				this.#openBracket(this.addText('[', start, this.pos), start, false);
				return;
			case '!':
				if (text.charAt(start + 1) === '[') {
					this.pos += 2;
					this.#openBracket(this.addText('![', start, this.pos), start, true);
				} else {
					this.pos++;
					this.addText('!', start, this.pos);
				}
				return;
			case ']':
				closeBracket(this);
				return;
			case '<':
				parseAutolink(this);
				return;
			case '&':
				parseEntity(this);
				return;
			default:
				parseTextRun(this);
		}
	}

	/** The character before source offset `index` (the `before` option at 0). */
	charBeforeAt(index: number): string {
		return index === 0 ? this.#before : charBefore(this.text, index);
	}

	/** §6.7 hard and soft line breaks: spaces before the line ending decide which. */
	#newline(): void {
		const start = this.pos;
		this.pos++;
		const last = this.root.last;
		let hard = false;
		if (last !== null && last.type === 'text' && last.text.endsWith(' ')) {
			hard = last.text.endsWith('  ');
			last.text = last.text.replace(/ +$/, '');
		}
		while (this.text.charAt(this.pos) === ' ') this.pos++;
		this.root.append(new InlineItem(hard ? 'hardbreak' : 'softbreak', '', start, this.pos));
	}

	/** §2.4 backslash escapes; a backslash before a line ending is a hard break (§6.7). */
	#backslash(): void {
		const start = this.pos;
		const next = this.text.charAt(start + 1);
		if (next === '\n') {
			this.pos += 2;
			while (this.text.charAt(this.pos) === ' ') this.pos++;
			this.root.append(new InlineItem('hardbreak', '', start, this.pos));
		} else if (isAsciiPunctuation(next)) {
			this.pos += 2;
			this.addText(next, start, this.pos);
		} else {
			this.pos++;
			this.addText('\\', start, this.pos);
		}
	}

	/**
	 * Inline math at a `$`, `\(` or `\[` (math-syntax.ts). True when the position was used up: a
	 * math span, or an opener still waiting for its closer, held back with everything after it.
	 * False: the characters are not math (the caller reads them as text or an escape).
	 */
	#mathSpan(): boolean {
		const text = this.text;
		const start = this.pos;
		this.#mathIndex ??= new MathIndex(text);
		const found = scanInlineMath(text, start, this.#mathIndex, !this.#mayGrow);
		if (found === 'eof') {
			this.pending(start);
			if (!this.#holdBack || !holdsBackMath(text, start, LIMITS.maxPendingMathChars)) return false;
			this.pos = text.length;
			return true;
		}
		if (found === null) return false;
		const item = new InlineItem('math', found.tex, start, found.end);
		item.display = found.display;
		this.root.append(item);
		this.pos = found.end;
		return true;
	}

	/** §6.1 code spans. An opener without a closer is literal, and pending. */
	#backticks(): void {
		const text = this.text;
		const start = this.pos;
		let end = start;
		while (text.charAt(end) === '`') end++;
		const length = end - start;
		this.#backtickIndex ??= new BacktickIndex(text);
		const closer = this.#backtickIndex.next(length, end);
		if (closer === -1) {
			this.pos = end;
			this.addText(text.slice(start, end), start, end);
			this.pending(start);
			return;
		}
		let content = text.slice(end, closer).replace(/\n/g, ' ');
		// One space is stripped from each side when both have one and the span is not all spaces.
		if (content.startsWith(' ') && content.endsWith(' ') && /[^ ]/.test(content))
			content = content.slice(1, -1);
		this.pos = closer + length;
		this.root.append(new InlineItem('code', content, start, this.pos));
	}

	/** §6.2 delimiter runs: flanking decides whether a run may open or close emphasis. */
	#delimiterRun(char: '*' | '_' | '~'): void {
		const text = this.text;
		const start = this.pos;
		let end = start;
		while (text.charAt(end) === char) end++;
		this.pos = end;
		const count = end - start;
		const item = this.addText(text.slice(start, end), start, end);
		// GFM strikethrough takes runs of one or two tildes only.
		if (char === '~' && count > 2) return;
		const before = this.charBeforeAt(start);
		const after = charAt(text, end);
		const afterSpace = isWhitespaceChar(after);
		const afterPunct = isPunctuationChar(after);
		const beforeSpace = isWhitespaceChar(before);
		const beforePunct = isPunctuationChar(before);
		const left = !afterSpace && (!afterPunct || beforeSpace || beforePunct);
		const right = !beforeSpace && (!beforePunct || afterSpace || afterPunct);
		const canOpen = char === '_' ? left && (!right || beforePunct) : left;
		const canClose = char === '_' ? right && (!left || afterPunct) : right;
		if (!canOpen && !canClose) return;
		const run: Omit<Delimiter, 'prev' | 'next'> = {
			char,
			count,
			originalCount: count,
			item,
			canOpen,
			canClose,
			position: start
		};
		this.delimiters.push(run);
	}

	#openBracket(item: InlineItem, position: number, image: boolean): void {
		if (this.activeBrackets >= LIMITS.maxOpenBrackets) return;
		this.activeBrackets++;
		if (this.brackets !== null) this.brackets.bracketAfter = true;
		this.brackets = {
			item,
			prev: this.brackets,
			prevDelimiter: this.delimiters.top,
			position,
			image,
			active: true,
			bracketAfter: false
		};
	}
}

export function parseInline(text: string, options: InlineOptions = {}): InlineResult {
	return new InlineParser(text, options).parse();
}
