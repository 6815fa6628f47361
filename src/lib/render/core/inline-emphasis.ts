/**
 * Emphasis, strong emphasis (CommonMark 0.31 §6.2, "process emphasis" in the appendix) and GFM
 * strikethrough (§6.5), over the delimiter runs the inline parser found. Ported from the
 * commonmark.js reference implementation, including its `openers_bottom` bound, which keeps the
 * pass linear on pathological runs.
 */
import { InlineItem } from './inline-model.ts';

export interface Delimiter {
	char: '*' | '_' | '~';
	count: number;
	readonly originalCount: number;
	readonly item: InlineItem;
	readonly canOpen: boolean;
	readonly canClose: boolean;
	/** Source offset of the run. */
	readonly position: number;
	prev: Delimiter | null;
	next: Delimiter | null;
}

export class DelimiterStack {
	top: Delimiter | null = null;

	push(run: Omit<Delimiter, 'prev' | 'next'>): void {
		// Written out rather than spread: V8 copies a spread through a slow generic path, which was
		// the parser's largest self time on emphasis-heavy text.
		const entry: Delimiter = {
			char: run.char,
			count: run.count,
			originalCount: run.originalCount,
			item: run.item,
			canOpen: run.canOpen,
			canClose: run.canClose,
			position: run.position,
			prev: this.top,
			next: null
		};
		if (this.top !== null) this.top.next = entry;
		this.top = entry;
	}

	remove(delimiter: Delimiter): void {
		if (delimiter.prev !== null) delimiter.prev.next = delimiter.next;
		if (delimiter.next !== null) delimiter.next.prev = delimiter.prev;
		else this.top = delimiter.prev;
	}

	/**
	 * Matches closers with openers above `bottom` (exclusive), builds em/strong/del items, and
	 * removes every delimiter above `bottom`. `onUnmatchedOpener` hears of each run that could
	 * still open emphasis when it is removed (more text could have closed it).
	 */
	process(bottom: Delimiter | null, onUnmatchedOpener?: (delimiter: Delimiter) => void): void {
		const openersBottom = new Map<string, Delimiter | null>();
		let closer = this.top;
		while (closer !== null && closer.prev !== bottom) closer = closer.prev;
		while (closer !== null) {
			if (!closer.canClose) {
				closer = closer.next;
				continue;
			}
			const key = `${closer.char}${closer.canOpen ? 1 : 0}${closer.originalCount % 3}`;
			const floor = openersBottom.has(key) ? (openersBottom.get(key) ?? null) : bottom;
			let opener = closer.prev;
			let found = false;
			while (opener !== null && opener !== bottom && opener !== floor) {
				if (opener.char === closer.char && opener.canOpen && matches(opener, closer)) {
					found = true;
					break;
				}
				opener = opener.prev;
			}
			const oldCloser = closer;
			if (found && opener !== null) {
				closer = this.#pair(opener, closer);
			} else {
				closer = closer.next;
				openersBottom.set(key, oldCloser.prev);
				if (!oldCloser.canOpen) this.remove(oldCloser);
			}
		}
		while (this.top !== null && this.top !== bottom) {
			if (this.top.canOpen && this.top.count > 0) onUnmatchedOpener?.(this.top);
			this.remove(this.top);
		}
	}

	/** Wraps what lies between `opener` and `closer`; returns the next closer to look at. */
	#pair(opener: Delimiter, closer: Delimiter): Delimiter | null {
		const used =
			opener.char === '~' ? closer.count : closer.count >= 2 && opener.count >= 2 ? 2 : 1;
		opener.count -= used;
		closer.count -= used;
		const openerItem = opener.item;
		const closerItem = closer.item;
		openerItem.text = openerItem.text.slice(0, openerItem.text.length - used);
		closerItem.text = closerItem.text.slice(0, closerItem.text.length - used);
		const type = opener.char === '~' ? 'del' : used === 1 ? 'em' : 'strong';
		const wrapper = new InlineItem(type, '', openerItem.start, closerItem.end);
		let child = openerItem.next;
		while (child !== null && child !== closerItem) {
			const next = child.next;
			wrapper.append(child);
			child = next;
		}
		openerItem.insertAfter(wrapper);
		// Delimiters between the two can no longer match anything.
		let between = closer.prev;
		while (between !== null && between !== opener) {
			const previous = between.prev;
			this.remove(between);
			between = previous;
		}
		if (opener.count === 0) {
			openerItem.unlink();
			this.remove(opener);
		}
		if (closer.count === 0) {
			closerItem.unlink();
			const next = closer.next;
			this.remove(closer);
			return next;
		}
		return closer;
	}
}

/**
 * Whether a closer may close an opener of the same character: the "rule of 3" for * and _ (§6.2,
 * rules 9 and 10), and equal run lengths for ~ (GFM §6.5).
 */
function matches(opener: Delimiter, closer: Delimiter): boolean {
	if (opener.char === '~') return opener.count === closer.count;
	const oddMatch =
		(closer.canOpen || opener.canClose) &&
		closer.originalCount % 3 !== 0 &&
		(opener.originalCount + closer.originalCount) % 3 === 0;
	return !oddMatch;
}
