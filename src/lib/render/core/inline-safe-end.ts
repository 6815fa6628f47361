/**
 * The last offset where a paragraph's text can be cut so that the part before it is final, whatever
 * text follows (see the module comment of inline-parser.ts for the conditions and why they
 * suffice; unit tests check the promise for random texts and continuations).
 */
import type { InlineItem } from './inline-model.ts';

/**
 * `root`: the parsed items of `text` (before emphasis nesting moved anything below top level);
 * `pendingFrom`: the first offset of a construct more text could still change.
 */
export function safeEnd(text: string, root: InlineItem, pendingFrom: number): number {
	const limit = Math.min(pendingFrom, text.length - 1);
	// Spans of top-level items a cut must not fall strictly inside.
	const blocked: [number, number][] = [];
	for (let item = root.first; item !== null; item = item.next) {
		if (item.type !== 'text' && item.type !== 'softbreak' && item.type !== 'hardbreak')
			blocked.push([item.start, item.end]);
	}
	let span = blocked.length - 1;
	for (let k = limit; k > 0; k--) {
		const before = text.charAt(k - 1);
		if (before !== ' ' && before !== '\n') continue;
		const at = text.charAt(k);
		if (at === ' ' || at === '\t' || at === '\n' || at === '') continue;
		while (span >= 0 && (blocked[span]?.[0] ?? 0) >= k) span--;
		const inside = span >= 0 && (blocked[span]?.[1] ?? 0) > k;
		if (!inside) return k;
	}
	return 0;
}
