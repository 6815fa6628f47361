/**
 * A lazy chunk's loader that asks for it once. The promise is kept: a second `import()` of a
 * module already loaded resolves only after the tasks already queued (Chromium runs a posted
 * message and a zero timeout first), so every caller that asked again would wait behind the
 * page's rendering. A load that fails is forgotten, so the next caller tries again (the network
 * came back; a deployment replaced the chunk, and the failure card's reload applies).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
	let loading: Promise<T> | undefined;
	return () =>
		(loading ??= load().catch((error: unknown) => {
			loading = undefined;
			throw error;
		}));
}

/** A loader asked once that also says, synchronously, what it has loaded. */
export interface KeptLoader<T> {
	load: () => Promise<T>;
	/** The loaded value from the moment its load settled, else null (not asked, loading, failed). */
	loaded: () => T | null;
}

/**
 * `loadOnce` for a part that is drawn once it is in: a component that mounts after the load
 * (the first send's message list, a first conversation's row) reads it at once and paints in its
 * first frame, not a microtask later behind a busy placeholder.
 */
export function loadKept<T>(load: () => Promise<T>): KeptLoader<T> {
	let kept: T | null = null;
	return {
		load: loadOnce(async () => (kept = await load())),
		loaded: () => kept
	};
}
