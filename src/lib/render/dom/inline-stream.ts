/**
 * The inline content of a growing paragraph, rendered at a cost proportional to the new text: the
 * part before the inline parser's last safe point (see core/inline-parser.ts) is rendered once
 * and kept; only the live tail after it is re-parsed and replaced each frame. If the text stops
 * extending what was committed (a preview line turned out to be something else), it starts over.
 * Text longer than `LIMITS.maxInlineChars` is shown as plain text.
 */
import { charBefore } from '../core/inline-scan.ts';
import { parseInline } from '../core/inline-parser.ts';
import { LIMITS } from '../core/limits.ts';
import { insertInlines, removeNodes } from './inline-dom.ts';
import { PlainText } from './plain-text.ts';

export class InlineStream {
	readonly #doc: Document;
	readonly #element: HTMLElement;
	/** Source rendered for good, and the nodes of the live tail after it. */
	#committed = '';
	#live: Node[] = [];
	#plain: PlainText | null = null;
	#plainText = '';

	constructor(doc: Document, element: HTMLElement) {
		this.#doc = doc;
		this.#element = element;
	}

	/** Renders `source`; `final` when no more text will be added (trailing whitespace dropped). */
	update(source: string, final: boolean): void {
		if (source.length > LIMITS.maxInlineChars) {
			this.#updatePlain(final ? source.replace(/[ \t]+$/, '') : source);
			return;
		}
		if (this.#plain !== null || !source.startsWith(this.#committed)) this.#clear();
		removeNodes(this.#live);
		this.#live = [];
		let offset = this.#committed.length;
		if (!final) {
			const probe = parseInline(source.slice(offset), this.#options(source, offset, false));
			if (probe.safeEnd > 0) {
				const segment = source.slice(offset, offset + probe.safeEnd);
				const { inlines } = parseInline(segment, this.#options(source, offset, false));
				insertInlines(this.#doc, this.#element, inlines);
				this.#committed = source.slice(0, offset + probe.safeEnd);
				offset = this.#committed.length;
			}
		}
		const tail = parseInline(source.slice(offset), this.#options(source, offset, true));
		this.#live = insertInlines(this.#doc, this.#element, tail.inlines);
	}

	#options(source: string, offset: number, final: boolean): { before: string; final: boolean } {
		return { before: charBefore(source, offset), final };
	}

	#updatePlain(text: string): void {
		if (this.#plain === null || !text.startsWith(this.#plainText)) {
			this.#clear();
			this.#plain = new PlainText(this.#doc, this.#element);
		}
		this.#plain.append(text.slice(this.#plainText.length));
		this.#plainText = text;
	}

	#clear(): void {
		while (this.#element.lastChild !== null) this.#element.removeChild(this.#element.lastChild);
		this.#committed = '';
		this.#live = [];
		this.#plain = null;
		this.#plainText = '';
	}
}
