/**
 * The inline content of a growing paragraph, rendered at a cost proportional to the new text: the
 * part before the inline parser's last safe point (see core/inline-parser.ts) is rendered once
 * and kept; only the live tail after it is re-parsed and replaced each frame. If the text stops
 * extending what was committed (a preview line turned out to be something else), it starts over.
 * Text longer than `LIMITS.maxInlineChars` is shown as plain text.
 *
 * A reference to a label not defined yet is text; the stream asks `references` to be told when the
 * definition arrives, and then renders its source again from the start.
 */
import { charBefore } from '../core/inline-scan.ts';
import { type InlineOptions, type InlineResult, parseInline } from '../core/inline-parser.ts';
import { LIMITS } from '../core/limits.ts';
import { insertInlines, removeNodes } from './inline-dom.ts';
import { PlainText } from './plain-text.ts';
import type { ViewContext } from './block-views.ts';
import type { FootnoteAnchor, FootnoteIndex } from './footnote-index.ts';
import type { MathTypesetter } from './math-view.ts';
import type { ReferenceWatch, ReferenceWatcher } from './reference-watch.ts';

export class InlineStream implements ReferenceWatcher {
	readonly #doc: Document;
	readonly #element: HTMLElement;
	readonly #references: ReferenceWatch;
	readonly #footnotes: FootnoteIndex;
	readonly #math: MathTypesetter | undefined;
	/** Footnote references in the committed part and in the live tail. */
	#committedAnchors: FootnoteAnchor[] = [];
	#source = '';
	#final = false;
	/** Source rendered for good, and the nodes of the live tail after it. */
	#committed = '';
	#live: Node[] = [];
	#plain: PlainText | null = null;
	#plainText = '';

	constructor(doc: Document, element: HTMLElement, context: ViewContext) {
		this.#doc = doc;
		this.#element = element;
		this.#references = context.references;
		this.#footnotes = context.footnotes;
		this.#math = context.math;
	}

	refreshReferences(): void {
		this.#clear();
		this.update(this.#source, this.#final);
	}

	/** Renders `source`; `final` when no more text will be added (trailing whitespace dropped). */
	update(source: string, final: boolean): void {
		this.#source = source;
		this.#final = final;
		if (source.length > LIMITS.maxInlineChars) {
			this.#updatePlain(final ? source.replace(/[ \t]+$/, '') : source);
			this.#footnotes.set(this, []);
			return;
		}
		if (this.#plain !== null || !source.startsWith(this.#committed)) this.#clear();
		removeNodes(this.#live);
		this.#live = [];
		let offset = this.#committed.length;
		if (!final) {
			const probe = this.#parse(source.slice(offset), this.#options(source, offset, false));
			if (probe.safeEnd > 0) {
				const segment = source.slice(offset, offset + probe.safeEnd);
				const { inlines } = this.#parse(segment, this.#options(source, offset, false));
				insertInlines(this.#doc, this.#element, inlines, null, this.#committedAnchors, this.#math);
				this.#committed = source.slice(0, offset + probe.safeEnd);
				offset = this.#committed.length;
			}
		}
		// The live tail is shown as if complete, except inline math still waiting for its closer.
		const tail = this.#parse(source.slice(offset), {
			...this.#options(source, offset, true),
			holdBack: !final
		});
		const anchors = this.#committedAnchors.slice();
		this.#live = insertInlines(this.#doc, this.#element, tail.inlines, null, anchors, this.#math);
		this.#footnotes.set(this, anchors);
	}

	#options(source: string, offset: number, final: boolean): InlineOptions {
		return {
			before: charBefore(source, offset),
			final,
			definitions: this.#references.definitions,
			footnotes: this.#footnotes.definitions
		};
	}

	#parse(text: string, options: InlineOptions): InlineResult {
		const result = parseInline(text, options);
		if (result.missing.length > 0) this.#references.watch(result.missing, this);
		return result;
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
		this.#committedAnchors = [];
		this.#live = [];
		this.#plain = null;
		this.#plainText = '';
	}
}
