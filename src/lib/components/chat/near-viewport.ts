import type { Attachment } from 'svelte/attachments';

/** How far from the view the message list starts bringing rows in (`nearViewport`'s default). */
export const NEAR_VIEW_PX = 800;

/**
 * Calls `onnear` whenever the element comes within `margin` of the viewport and of the edges of
 * every scroll container it is in (the conversation scrolls in its own area, which would clip the
 * element before a page-only `rootMargin` counted; `scrollMargin` widens those areas too, see
 * markdown-binding.svelte.ts). A new attachment observes afresh, so an element that is still
 * near after the list changed calls again (the list keeps growing until it is not).
 */
export function nearViewport(
	onnear: (element: HTMLElement) => void,
	margin = `${NEAR_VIEW_PX}px 0px`
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
