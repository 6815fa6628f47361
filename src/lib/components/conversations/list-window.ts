/**
 * Which rows of a long list of equal-height rows are rendered: those in the viewport and
 * `overscan` more on each side, so a list of thousands keeps a few dozen rows in the DOM.
 */

/** Rows `start` (inclusive) to `end` (exclusive). */
export interface ListWindow {
	start: number;
	end: number;
}

export function listWindow(view: {
	scrollTop: number;
	viewportHeight: number;
	rowHeight: number;
	count: number;
	overscan: number;
}): ListWindow {
	const { scrollTop, viewportHeight, rowHeight, count, overscan } = view;
	const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
	const last = Math.ceil((Math.max(0, scrollTop) + viewportHeight) / rowHeight);
	const end = Math.min(count, last + overscan);
	return { start: Math.min(Math.max(0, first - overscan), end), end };
}

/**
 * The scroll position that brings row `index` wholly into view with the least movement; null when
 * it is in view already.
 */
export function scrollToShow(
	index: number,
	rowHeight: number,
	scrollTop: number,
	viewportHeight: number
): number | null {
	const top = index * rowHeight;
	if (top < scrollTop) return top;
	if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
	return null;
}
