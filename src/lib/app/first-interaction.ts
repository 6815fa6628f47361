/**
 * Code the first paint does not need, loaded at the person's first interaction with the page (the
 * first pointer or key anywhere, then never again) when the page is next idle: the first key or
 * click is often a send, which should not share its frame with compiling it. Not focus: the
 * composer takes focus by itself when the page opens. A load that fails is left to its own first
 * use, which says so.
 */
export function loadOnFirstInteraction(
	loads: readonly (() => Promise<unknown>)[],
	target: EventTarget = window
): () => void {
	const types = ['pointerdown', 'keydown'] as const;
	const start = (): void => {
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
