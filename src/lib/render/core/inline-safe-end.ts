/**
 * The last offset where a paragraph's text can be cut so that the part before it is final, whatever
 * text follows (see the module comment of inline-parser.ts for the conditions and why they
 * suffice; unit tests check the promise for random texts and continuations).
 */
import type { InlineItem } from './inline-model.ts';

/**
 * `root`: the parsed items of `text` (before emphasis nesting moved anything below top level);
 * `pendingFrom`: the first offset of a construct more text could still change; `unsplittable`:
 * more source spans no cut may fall strictly inside (spans that settled something yet became
 * text, such as a reference label that found no definition).
 */
export function safeEnd(
	text: string,
	root: InlineItem,
	pendingFrom: number,
	unsplittable: readonly (readonly [number, number])[] = []
): number {
	const limit = Math.min(pendingFrom, text.length - 1);
	// Spans a cut must not fall strictly inside, by start; they may overlap.
	const blocked: (readonly [number, number])[] = [...unsplittable];
	for (let item = root.first; item !== null; item = item.next) {
		if (item.type !== 'text' && item.type !== 'softbreak' && item.type !== 'hardbreak')
			blocked.push([item.start, item.end]);
	}
	if (unsplittable.length > 0) blocked.sort((a, b) => a[0] - b[0]);
	// reach[i]: the furthest end among blocked[0..i].
	const reach: number[] = [];
	for (const [, end] of blocked) reach.push(Math.max(end, reach.at(-1) ?? 0));
	let span = blocked.length - 1;
	for (let k = limit; k > 0; k--) {
		const before = text.charAt(k - 1);
		if (before !== ' ' && before !== '\n') continue;
		const at = text.charAt(k);
		if (at === ' ' || at === '\t' || at === '\n' || at === '') continue;
		while (span >= 0 && (blocked[span]?.[0] ?? 0) >= k) span--;
		const inside = span >= 0 && (reach[span] ?? 0) > k;
		if (!inside) return k;
	}
	return 0;
}
