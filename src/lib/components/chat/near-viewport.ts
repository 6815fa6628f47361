import type { Attachment } from 'svelte/attachments';

/**
 * Calls `onnear` whenever the element comes within `margin` of the viewport (the viewport as
 * clipped by scroll containers). A new attachment observes afresh, so an element that is still
 * near after the list changed calls again (the list keeps growing until it is not).
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
			{ rootMargin: margin }
		);
		observer.observe(element);
		return () => observer.disconnect();
	};
}
