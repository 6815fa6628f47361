/**
 * Keeps the row being read (`reading`) in place on screen while rows are inserted above it,
 * without forcing a layout: call it before the change, while layout is clean.
 *
 * Scrolled anywhere but the very top, the browser's scroll anchoring keeps it in place. At scroll
 * offset 0 in the block axis anchoring is suppressed (web-platform-tests
 * css/css-scroll-anchoring/zero-scroll-offset-001.html), and a fast scroll up can reach the top
 * before the rows come: there this moves the scroll position by however far the rows pushed
 * `reading`, so that it stays where it would have been at offset 0 without them.
 * It looks once the browser has laid the change out on its own, in a ResizeObserver callback
 * (they run after layout and before paint, and report a newly observed element once), so no frame
 * shows `reading` anywhere else and nothing is laid out twice.
 * @see https://drafts.csswg.org/css-scroll-anchoring/
 * @see https://drafts.csswg.org/resize-observer/#html-event-loop
 */
export function keepInPlace(reading: Element, scroller: HTMLElement, top: number): void {
	// Where `reading` would be with the scroll position at 0 and nothing inserted.
	const atTop = top + scroller.scrollTop;
	const observer = new ResizeObserver(() => {
		observer.disconnect();
		if (!reading.isConnected || scroller.scrollTop !== 0) return;
		const pushed = reading.getBoundingClientRect().top - atTop;
		if (pushed > 0) scroller.scrollTop = pushed;
	});
	observer.observe(reading);
}
