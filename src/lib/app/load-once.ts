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
