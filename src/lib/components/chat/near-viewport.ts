import type { Attachment } from 'svelte/attachments';

/**
 * Calls `onnear` whenever the element comes within `margin` of the viewport, and of the scroll
 * containers it is in (`scrollMargin`: a root margin alone does not reach past a scroll
 * container's clip, so a sentinel inside the chat's scroller would otherwise call only once
 * scrolled into view, by which time a fast scroll has reached the very top, where the browser's
 * scroll anchoring does not act). A new attachment observes afresh, so an element that is still
 * near after the list changed calls again (the list keeps growing until it is not).
 * @see https://w3c.github.io/IntersectionObserver/#dom-intersectionobserverinit-scrollmargin
 */
export function nearViewport(
	onnear: (element: HTMLElement) => void,
	margin = '800px 0px'
): Attachment<HTMLElement> {
	return (element) => {
		const observer = new IntersectionObserver(
			(entries) => {
				if (entries.some((entry) => entry.isIntersecting)) onnear(element);
			},
			{ rootMargin: margin, scrollMargin: margin }
		);
		observer.observe(element);
		return () => observer.disconnect();
	};
}
