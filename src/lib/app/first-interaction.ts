/**
 * Code the first paint does not need, loaded at the person's first interaction with the page (the
 * first pointer, key or text input anywhere, then never again) when the page is next idle: the
 * first key or click is often a send, which should not share its frame with compiling it. Text
 * can come with no key or pointer before it (dictation, a drop from another window, autofill), and
 * a send may follow it at once. Not focus: the composer takes focus by itself when the page opens.
 * A load that fails is left to its own first use, which says so.
 *
 * An interaction inside an element marked `data-leaves-page` (the new version's Reload) is not one:
 * the page is about to go, and module requests answered by the outgoing service worker just as the
 * new one is told to take over can hold its activation — seen in Chromium as a takeover that never
 * came and a reload that never loaded (tests/e2e/pwa.spec.ts).
 */
export function loadOnFirstInteraction(
	loads: readonly (() => Promise<unknown>)[],
	target: EventTarget = window
): () => void {
	const types = ['pointerdown', 'keydown', 'input'] as const;
	const start = (event: Event): void => {
		if (event.target instanceof Element && event.target.closest('[data-leaves-page]')) return;
		stop();
		const load = (): void => {
			for (const each of loads) void each().catch(() => undefined);
		};
		if ('requestIdleCallback' in globalThis) requestIdleCallback(load, { timeout: 2000 });
		else setTimeout(load, 0);
	};
	const stop = (): void => {
		for (const type of types) target.removeEventListener(type, start, { capture: true });
	};
	for (const type of types) target.addEventListener(type, start, { capture: true, passive: true });
	return stop;
}
