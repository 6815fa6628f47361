import type { Attachment } from 'svelte/attachments';

/**
 * A `<details>` menu that behaves like one: Escape closes it and puts focus back on its summary,
 * and a press anywhere outside it closes it. (Opening stays the summary's own click or key.)
 */
export const dismissable: Attachment<HTMLDetailsElement> = (details) => {
	function onpointerdown(event: PointerEvent): void {
		if (details.open && event.target instanceof Node && !details.contains(event.target)) {
			details.open = false;
		}
	}
	function onkeydown(event: KeyboardEvent): void {
		if (event.key !== 'Escape' || !details.open) return;
		event.preventDefault();
		details.open = false;
		details.querySelector('summary')?.focus();
	}
	document.addEventListener('pointerdown', onpointerdown);
	details.addEventListener('keydown', onkeydown);
	return () => {
		document.removeEventListener('pointerdown', onpointerdown);
		details.removeEventListener('keydown', onkeydown);
	};
};
