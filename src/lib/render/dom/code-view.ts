/**
 * A code block (CommonMark §4.4, §4.5): a header with the language and a Copy button, then the
 * text in a <pre><code>. Lines arrive one by one; all but the last are appended for good (plain
 * chunks), the last may still be a preview and is redrawn each frame. `highlighting` hears of the
 * lines kept for good as they grow and of the whole text once the block is final, and colours
 * the plain chunks in place (off the hot path, see highlight.ts and code-colouring.ts); a
 * ```mermaid block is handed to `diagrams` to be drawn beside its code (diagram-view.ts).
 */
import type { Block, CodeBlock } from '../core/model.ts';
import type { BlockView } from './block-views.ts';
import type { DiagramRenderer } from './diagram-view.ts';
import { rendererLabels } from './labels.ts';
import { PlainText } from './plain-text.ts';

/**
 * Colours a code block's plain chunks in place. Only text the view has appended for good is ever
 * passed: `grew` with the lines kept so far while the block is open (each call's text extends the
 * previous one's and ends with a line ending), then `closed` once with all of it.
 */
export interface CodeHighlighting {
	grew(code: HTMLElement, text: string, language: string): void;
	closed(code: HTMLElement, text: string, language: string): void;
}

/** The language named by an info string: its first word, if it looks like one. */
export function languageOf(info: string): string {
	const word = info.split(/[ \t{]/, 1)[0] ?? '';
	return /^[A-Za-z0-9_+#.-]{1,32}$/.test(word) ? word.toLowerCase() : '';
}

export class CodeView implements BlockView {
	readonly element: HTMLElement;
	readonly #doc: Document;
	readonly #code: HTMLElement;
	readonly #plain: PlainText;
	readonly #id: number;
	readonly #info: string | null;
	readonly #highlighting: CodeHighlighting | undefined;
	readonly #language: string;
	readonly #diagrams: DiagramRenderer | undefined;
	readonly #head: HTMLElement;
	readonly #pre: HTMLElement;
	#block: CodeBlock;
	#stableLines = 0;
	#lastStable = '';
	/** The lines appended for good, each with its line ending. */
	#stableText = '';
	#tail: Text | null = null;

	constructor(
		doc: Document,
		block: CodeBlock,
		highlighting: CodeHighlighting | undefined,
		diagrams: DiagramRenderer | undefined = undefined
	) {
		this.#doc = doc;
		this.#block = block;
		this.#id = block.id;
		this.#highlighting = highlighting;
		this.#diagrams = diagrams;
		this.#info = block.info;
		const language = languageOf(block.info ?? '');
		this.#language = language;
		const wrapper = doc.createElement('div');
		wrapper.setAttribute('class', 'md-code');
		const head = doc.createElement('div');
		head.setAttribute('class', 'md-code-head');
		const labels = rendererLabels(doc);
		const label = doc.createElement('span');
		// No label while the opening line is still arriving: the language is not known yet.
		const name = block.info === null ? '' : language === '' ? labels.code : language;
		label.appendChild(doc.createTextNode(name));
		const copy = doc.createElement('button');
		copy.setAttribute('type', 'button');
		copy.setAttribute('class', 'md-copy');
		copy.appendChild(doc.createTextNode(labels.copy));
		copy.addEventListener('click', () => void this.#copy(copy));
		head.appendChild(label);
		head.appendChild(copy);
		const pre = doc.createElement('pre');
		this.#code = doc.createElement('code');
		if (language !== '') this.#code.setAttribute('class', `language-${language}`);
		pre.appendChild(this.#code);
		wrapper.appendChild(head);
		wrapper.appendChild(pre);
		this.element = wrapper;
		this.#head = head;
		this.#pre = pre;
		this.#plain = new PlainText(doc, this.#code);
	}

	/** Whether this view can show `block`: same info string, and what it kept is still there. */
	fits(block: Block): boolean {
		if (block.kind !== 'code' || block.id !== this.#id) return false;
		if (block.info !== this.#info || block.lines.length < this.#stableLines) return false;
		return this.#stableLines === 0 || block.lines[this.#stableLines - 1] === this.#lastStable;
	}

	update(block: Block, final: boolean): void {
		if (block.kind !== 'code') return;
		this.#block = block;
		const lines = block.lines;
		const stable = final ? lines.length : Math.max(0, lines.length - 1);
		const tail = stable < lines.length ? (lines[stable] ?? '') : '';
		if (stable > this.#stableLines) {
			this.#setTail('');
			let text = '';
			for (let index = this.#stableLines; index < stable; index++)
				text += `${lines[index] ?? ''}\n`;
			this.#plain.append(text);
			this.#stableText += text;
			this.#stableLines = stable;
			this.#lastStable = lines[stable - 1] ?? '';
			// A final block is announced by finalize().
			if (!final) this.#highlighting?.grew(this.#code, this.#stableText, this.#language);
		}
		this.#setTail(tail);
	}

	/** The preview line after the kept text ('' for none). */
	#setTail(text: string): void {
		if (text === '') {
			if (this.#tail !== null) this.#code.removeChild(this.#tail);
			this.#tail = null;
		} else if (this.#tail === null) {
			this.#tail = this.#doc.createTextNode(text);
			this.#code.appendChild(this.#tail);
		} else if (this.#tail.data !== text) this.#tail.data = text;
	}

	finalize(): void {
		const language = this.#language;
		if (language === 'mermaid' && this.#diagrams !== undefined && this.text().trim() !== '') {
			this.#diagrams.draw({
				wrapper: this.element,
				head: this.#head,
				code: this.#pre,
				source: this.text()
			});
			return;
		}
		this.#highlighting?.closed(this.#code, this.text(), language);
	}

	text(): string {
		return this.#block.lines.map((line) => `${line}\n`).join('');
	}

	async #copy(button: HTMLElement): Promise<void> {
		const labels = rendererLabels(this.#doc);
		try {
			await navigator.clipboard.writeText(this.text());
			button.textContent = labels.copied;
		} catch {
			button.textContent = labels.copyFailed;
		}
		setTimeout(() => (button.textContent = labels.copy), 2000);
	}
}
