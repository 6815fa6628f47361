/** The origin's localStorage, or null where there is none or access to it is denied. */
export function localStore(): Storage | null {
	try {
		return globalThis.localStorage ?? null;
	} catch {
		return null; // access denied (storage blocked for this origin)
	}
}
