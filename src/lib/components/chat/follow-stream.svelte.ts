import type { Attachment } from 'svelte/attachments';

/** How close to the bottom (px) still counts as "at the bottom". */
const NEAR_BOTTOM_PX = 48;

/**
 * Keeps a scroll container pinned to its end while new content arrives, but only while the person
 * is already at the bottom: scrolling up to read stops the following until they return.
 * `track` is read inside the attachment's effect, so every change to it re-runs the check.
 */
export function followStream(track: () => unknown): Attachment<HTMLElement> {
	return (element) => {
		let pinned = true;
		const onScroll = (): void => {
			pinned = element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_BOTTOM_PX;
		};
		element.addEventListener('scroll', onScroll, { passive: true });
		$effect(() => {
			track();
			if (pinned) element.scrollTop = element.scrollHeight;
		});
		return () => element.removeEventListener('scroll', onScroll);
	};
}
