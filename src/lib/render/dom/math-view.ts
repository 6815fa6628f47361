/**
 * TeX math on the page. The renderer builds each formula as an element showing its source (as
 * text) and hands it to a `MathTypesetter` (src/lib/render/math.ts, KaTeX loaded on first use),
 * which replaces the source with the typeset formula, now or as soon as it can. Without one (unit
 * tests, the benchmark's baseline) the source stays. The source is also kept in `data-tex`, for
 * copying the text as written (plain-text.ts `markdownText`).
 *
 * A display math block shows its source while it is still open (lines arrive; TeX cut short
 * cannot be typeset), and is typeset once closed: it is a math block from its first line on,
 * never paragraphs that later jump.
 */
import { LIMITS } from '../core/limits.ts';
import { type Block, type MathBlock, mathSource } from '../core/model.ts';
import type { BlockView } from './block-views.ts';
import { PlainText } from './plain-text.ts';

export interface MathTypesetter {
	/**
	 * Shows `tex` typeset in `element` (which shows the source until then): now, or later (an
	 * element no longer on the page by then is skipped). An error shows the source as code.
	 */
	typeset(element: HTMLElement, tex: string, display: boolean): void;
}

/** An element for one formula: its source, typeset by `typesetter` if given and not too long. */
export function mathElement(
	doc: Document,
	tex: string,
	display: boolean,
	typesetter: MathTypesetter | undefined
): HTMLElement {
	const element = doc.createElement('span');
	element.setAttribute('class', display ? 'md-math md-math-display' : 'md-math');
	element.setAttribute('data-tex', tex);
	if (display) element.setAttribute('data-display', '');
	element.appendChild(doc.createTextNode(tex));
	if (typesetter !== undefined && tex.length <= LIMITS.maxMathChars)
		typesetter.typeset(element, tex, display);
	return element;
}

export class MathBlockView implements BlockView {
	readonly element: HTMLElement;
	readonly #doc: Document;
	readonly #id: number;
	readonly #typesetter: MathTypesetter | undefined;
	/** While open: the source, stable lines appended once, the last line redrawn. */
	#source: HTMLElement | null = null;
	#plain: PlainText | null = null;
	#tail: Text | null = null;
	#stableLines = 0;
	#lastStable = '';
	/** The TeX shown typeset (null while open). */
	#typeset: string | null = null;

	constructor(doc: Document, block: MathBlock, typesetter: MathTypesetter | undefined) {
		this.#doc = doc;
		this.#id = block.id;
		this.#typesetter = typesetter;
		this.element = doc.createElement('div');
		this.element.setAttribute('class', 'md-math-block');
	}

	fits(block: Block): boolean {
		if (block.kind !== 'math' || block.id !== this.#id) return false;
		// What was appended for good must still be there (a preview may differ).
		if (this.#source === null || this.#stableLines === 0) return true;
		return block.lines[this.#stableLines - 1] === this.#lastStable;
	}

	update(block: Block, closed: boolean): void {
		if (block.kind !== 'math') return;
		if (closed) this.#showTypeset(mathSource(block));
		else this.#showSource(block.lines);
	}

	#showTypeset(tex: string): void {
		if (tex === this.#typeset) return;
		this.#typeset = tex;
		this.#source = null;
		this.#plain = null;
		this.#tail = null;
		this.#stableLines = 0;
		this.#lastStable = '';
		this.element.setAttribute('data-tex', tex);
		this.element.replaceChildren(mathElement(this.#doc, tex, true, this.#typesetter));
	}

	#showSource(lines: readonly string[]): void {
		if (this.#source === null || this.#typeset !== null || lines.length < this.#stableLines) {
			this.#typeset = null;
			this.element.removeAttribute('data-tex');
			const pre = this.#doc.createElement('pre');
			pre.setAttribute('class', 'md-math-source');
			this.element.replaceChildren(pre);
			this.#source = pre;
			this.#plain = new PlainText(this.#doc, pre);
			this.#tail = null;
			this.#stableLines = 0;
			this.#lastStable = '';
		}
		const stable = Math.max(0, lines.length - 1);
		if (stable > this.#stableLines) {
			this.#setTail('');
			let text = '';
			for (let index = this.#stableLines; index < stable; index++)
				text += `${lines[index] ?? ''}\n`;
			this.#plain?.append(text);
			this.#stableLines = stable;
			this.#lastStable = lines[stable - 1] ?? '';
		}
		this.#setTail(lines[stable] ?? '');
	}

	#setTail(text: string): void {
		const source = this.#source;
		if (source === null) return;
		if (text === '') {
			if (this.#tail !== null) source.removeChild(this.#tail);
			this.#tail = null;
		} else if (this.#tail === null) {
			this.#tail = this.#doc.createTextNode(text);
			source.appendChild(this.#tail);
		} else if (this.#tail.data !== text) this.#tail.data = text;
	}

	finalize(): void {}
}
