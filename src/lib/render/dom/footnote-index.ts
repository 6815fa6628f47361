/**
 * GFM footnotes on the page: which references exist, their numbers, and the footnote section at the
 * end of the message (as GitHub shows them: superscript numbers linking down to a numbered list,
 * each footnote linking back up to every reference to it).
 *
 * Numbers follow reading order: the references in the text, in page order, then those inside the
 * footnotes, in the footnotes' own order; a footnote nobody refers to is not shown. Views hand in
 * the reference links they built (`set`), empty; `settle()`, after each frame's changes, numbers
 * them all and lays out the section. Whatever order the text arrived in, the same document ends
 * with the same numbers, ids and section.
 *
 * Ids are `<prefix>fn-N` and `<prefix>fnref-N[-K]`, numbers only, with a prefix unique to the
 * renderer: a label the text chose never becomes an id, and two messages never share one.
 */
import type { FootnoteDefinitions } from '../core/model.ts';
import { rendererLabels } from './labels.ts';

/** A reference's `<a>`, built by inline-dom.ts; its number, href and id are set here. */
export interface FootnoteAnchor {
	readonly label: string;
	readonly link: HTMLElement;
}

/** What the index needs of a footnote definition's view (footnote-view.ts). */
export interface FootnoteItem {
	/** The `<li>` shown in the section. */
	readonly item: HTMLElement;
	/** Where the links back to its references go. */
	readonly back: HTMLElement;
}

const NONE: FootnoteDefinitions = new Map();

export class FootnoteIndex {
	readonly #doc: Document;
	readonly #container: HTMLElement;
	readonly #prefix: string;
	#footnotes: FootnoteDefinitions = NONE;
	#definitionCount = 0;
	/** Footnote views by the id of their block. */
	readonly #items = new Map<number, FootnoteItem>();
	readonly #anchors = new Map<object, readonly FootnoteAnchor[]>();
	#dirty = false;
	#section: HTMLElement | null = null;
	#list: HTMLElement | null = null;
	/** What each item's links back were written for: `number:count`. */
	readonly #written = new Map<FootnoteItem, string>();

	constructor(doc: Document, container: HTMLElement, prefix: string) {
		this.#doc = doc;
		this.#container = container;
		this.#prefix = prefix;
	}

	get definitions(): FootnoteDefinitions {
		return this.#footnotes;
	}

	/** The footnote definitions of a new snapshot (the map only ever grows). */
	update(footnotes: FootnoteDefinitions): void {
		if (footnotes === this.#footnotes && footnotes.size === this.#definitionCount) return;
		this.#footnotes = footnotes;
		this.#definitionCount = footnotes.size;
		this.#dirty = true;
	}

	/** The view of footnote block `id` (a new view of the same block replaces the old one). */
	adopt(id: number, item: FootnoteItem): void {
		this.#items.set(id, item);
		this.#dirty = true;
	}

	/** The reference links `owner` shows now (replacing what it showed before). */
	set(owner: object, anchors: readonly FootnoteAnchor[]): void {
		const before = this.#anchors.get(owner);
		if ((before === undefined || before.length === 0) && anchors.length === 0) return;
		if (anchors.length === 0) this.#anchors.delete(owner);
		else this.#anchors.set(owner, anchors);
		this.#dirty = true;
	}

	/** Numbers every reference and lays out the section (after a frame's changes). */
	settle(): void {
		if (!this.#dirty) {
			this.#keepLast();
			return;
		}
		this.#dirty = false;
		const byLabel = new Map<string, FootnoteItem>();
		const owners = new Map<HTMLElement, string>();
		for (const [label, id] of this.#footnotes) {
			const item = this.#items.get(id);
			if (item === undefined) continue;
			byLabel.set(label, item);
			owners.set(item.item, label);
		}
		// Where each reference is: in the text, in a footnote (by label), or on no page (dropped).
		const body: FootnoteAnchor[] = [];
		const inFootnote = new Map<string, FootnoteAnchor[]>();
		for (const [owner, anchors] of this.#anchors) {
			let live = false;
			for (const anchor of anchors) {
				const place = this.#placeOf(anchor.link, owners);
				if (place === null) continue;
				live = true;
				if (place === '') body.push(anchor);
				else inFootnote.set(place, [...(inFootnote.get(place) ?? []), anchor]);
			}
			if (!live) this.#anchors.delete(owner);
		}
		const numbered: string[] = [];
		const references = new Map<string, FootnoteAnchor[]>();
		const take = (anchors: FootnoteAnchor[]): void => {
			for (const anchor of anchors.sort(byPageOrder)) {
				if (!byLabel.has(anchor.label)) continue;
				if (!references.has(anchor.label)) {
					numbered.push(anchor.label);
					references.set(anchor.label, []);
				}
				references.get(anchor.label)?.push(anchor);
			}
		};
		take(body);
		for (let index = 0; index < numbered.length; index++)
			take(inFootnote.get(numbered[index] ?? '') ?? []);
		numbered.forEach((label, index) => {
			(references.get(label) ?? []).forEach((anchor, nth) =>
				this.#number(anchor.link, index + 1, nth + 1)
			);
		});
		this.#layOut(numbered, byLabel, references);
	}

	/** '' in the text, a footnote's label inside its item, null when not on the page. */
	#placeOf(link: HTMLElement, owners: Map<HTMLElement, string>): string | null {
		for (let node: Node | null = link; node !== null; node = node.parentNode) {
			if (node === this.#container) return '';
			const label = owners.get(node as HTMLElement);
			if (label !== undefined) return label;
		}
		return null;
	}

	#number(link: HTMLElement, number: number, nth: number): void {
		const text = `${number}`;
		if (link.textContent !== text) {
			while (link.lastChild !== null) link.removeChild(link.lastChild);
			link.appendChild(this.#doc.createTextNode(text));
		}
		setIfChanged(link, 'href', `#${this.#prefix}fn-${number}`);
		setIfChanged(link, 'id', `${this.#prefix}fnref-${number}${nth === 1 ? '' : `-${nth}`}`);
	}

	#layOut(
		numbered: string[],
		byLabel: Map<string, FootnoteItem>,
		references: Map<string, FootnoteAnchor[]>
	): void {
		if (numbered.length === 0) {
			this.#section?.parentNode?.removeChild(this.#section);
			this.#section = null;
			this.#list = null;
			this.#written.clear();
			return;
		}
		const list = this.#ensureSection();
		const items = numbered.map((label) => byLabel.get(label));
		// Items in number order; anything else leaves the list.
		let at: Node | null = list.firstChild;
		items.forEach((item, index) => {
			if (item === undefined) return;
			setIfChanged(item.item, 'id', `${this.#prefix}fn-${index + 1}`);
			if (at !== item.item) list.insertBefore(item.item, at);
			else at = at.nextSibling;
			this.#writeBack(item, index + 1, references.get(numbered[index] ?? '')?.length ?? 0);
		});
		while (at !== null) {
			const next: Node | null = at.nextSibling;
			list.removeChild(at);
			at = next;
		}
		this.#keepLast();
	}

	/** The links from a footnote back to each of its `count` references. */
	#writeBack(item: FootnoteItem, number: number, count: number): void {
		const key = `${number}:${count}`;
		if (this.#written.get(item) === key) return;
		this.#written.set(item, key);
		const back = item.back;
		while (back.lastChild !== null) back.removeChild(back.lastChild);
		for (let nth = 1; nth <= count; nth++) {
			const link = this.#doc.createElement('a');
			link.setAttribute('href', `#${this.#prefix}fnref-${number}${nth === 1 ? '' : `-${nth}`}`);
			link.setAttribute('class', 'md-footnote-back');
			link.setAttribute(
				'aria-label',
				rendererLabels(this.#doc).backToReference(`${number}${nth === 1 ? '' : `-${nth}`}`)
			);
			link.appendChild(this.#doc.createTextNode('↩'));
			if (nth > 1) {
				const sup = this.#doc.createElement('sup');
				sup.appendChild(this.#doc.createTextNode(`${nth}`));
				link.appendChild(sup);
			}
			scrollOnClick(this.#doc, link);
			if (nth > 1) back.appendChild(this.#doc.createTextNode(' '));
			back.appendChild(link);
		}
	}

	#ensureSection(): HTMLElement {
		if (this.#list !== null) return this.#list;
		const section = this.#doc.createElement('section');
		section.setAttribute('class', 'md-footnotes');
		section.setAttribute('aria-label', rendererLabels(this.#doc).footnotes);
		const list = this.#doc.createElement('ol');
		section.appendChild(list);
		this.#container.appendChild(section);
		this.#section = section;
		this.#list = list;
		return list;
	}

	/** The section stays the container's last child (after text past the markdown cap, too). */
	#keepLast(): void {
		const section = this.#section;
		if (section !== null && this.#container.lastChild !== section)
			this.#container.appendChild(section);
	}
}

function setIfChanged(element: HTMLElement, name: string, value: string): void {
	if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

function byPageOrder(a: FootnoteAnchor, b: FootnoteAnchor): number {
	if (a.link === b.link) return 0;
	// Node.DOCUMENT_POSITION_FOLLOWING
	return a.link.compareDocumentPosition(b.link) & 4 ? -1 : 1;
}

/**
 * A footnote link scrolls its target into view instead of navigating: the chat's address does not
 * change, and the page's router never sees a fragment of ours.
 */
export function scrollOnClick(doc: Document, link: HTMLElement): void {
	link.addEventListener('click', (event: Event) => {
		event.preventDefault();
		const id = link.getAttribute('href')?.slice(1) ?? '';
		doc.getElementById(id)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
	});
}
