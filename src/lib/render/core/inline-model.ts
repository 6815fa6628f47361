/**
 * Inline content (CommonMark 0.31 §6, GFM strikethrough §6.5 and extended autolinks §6.9) as the
 * renderer reads it. Every address passed the URL policy: a link whose address was refused is
 * replaced by its text, an image whose address was refused has `src: null`.
 */
export type Inline =
	| { type: 'text'; text: string }
	| { type: 'code'; text: string }
	/** TeX math: `display` for `$$…$$` and `\[…\]` (a line of its own), else inline. */
	| { type: 'math'; tex: string; display: boolean }
	| { type: 'em' | 'strong' | 'del'; children: Inline[] }
	| { type: 'link'; href: string; title: string; children: Inline[] }
	| { type: 'image'; src: string | null; alt: string; title: string }
	/** A GFM footnote reference `[^label]` to a defined footnote (label normalised). */
	| { type: 'footnote'; label: string }
	| { type: 'softbreak' }
	| { type: 'hardbreak' };

export type InlineType = Inline['type'];

/** A node of the parser's working tree: a doubly linked list per parent, as in commonmark.js. */
export class InlineItem {
	parent: InlineItem | null = null;
	first: InlineItem | null = null;
	last: InlineItem | null = null;
	prev: InlineItem | null = null;
	next: InlineItem | null = null;
	href: string | null = null;
	/** An autolink's address is used as written: no escapes or entities in it (§6.5). */
	verbatim = false;
	/** Math shown as display (its own line) rather than inline. */
	display = false;
	title = '';

	constructor(
		public type: InlineType | 'root',
		public text: string,
		/** Source span [start, end) in the parsed string. */
		public start: number,
		public end: number
	) {}

	append(child: InlineItem): void {
		child.unlink();
		child.parent = this;
		if (this.last === null) {
			this.first = child;
		} else {
			this.last.next = child;
			child.prev = this.last;
		}
		this.last = child;
	}

	insertAfter(sibling: InlineItem): void {
		sibling.unlink();
		sibling.next = this.next;
		if (sibling.next !== null) sibling.next.prev = sibling;
		sibling.prev = this;
		this.next = sibling;
		sibling.parent = this.parent;
		if (sibling.next === null && this.parent !== null) this.parent.last = sibling;
	}

	unlink(): void {
		if (this.prev !== null) this.prev.next = this.next;
		else if (this.parent !== null) this.parent.first = this.next;
		if (this.next !== null) this.next.prev = this.prev;
		else if (this.parent !== null) this.parent.last = this.prev;
		this.parent = null;
		this.next = null;
		this.prev = null;
	}
}
