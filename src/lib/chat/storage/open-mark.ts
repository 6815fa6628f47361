/**
 * Which conversation this tab shows, kept in this tab's sessionStorage, so that a reload (or the
 * browser restoring its tabs) opens that one again rather than the most recent. A new tab has no
 * mark and opens as before (a new conversation being typed in, else the most recent); two tabs
 * each keep their own.
 */
const KEY = 'switchboard.open-conversation';

/** This tab's sessionStorage, or null where there is none or access to it is denied. */
function tabStore(): Storage | null {
	try {
		return globalThis.sessionStorage ?? null;
	} catch {
		return null; // access denied (storage blocked for this origin)
	}
}

export function markOpen(conversationId: string): void {
	try {
		tabStore()?.setItem(KEY, conversationId);
	} catch {
		// Refused (a full disk): a reload opens the most recent conversation instead.
	}
}

/** The id of the conversation this tab showed last; `null` when there is none. */
export function openMark(): string | null {
	try {
		return tabStore()?.getItem(KEY) ?? null;
	} catch {
		return null;
	}
}
