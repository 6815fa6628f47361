/**
 * A failed turn to send again once the page is back: after "Reload the app", and after a sign-in
 * that leaves for the authorization server and returns. Kept in this tab's sessionStorage (it
 * survives the reload and the redirect, and no other tab sees it), read once, deleted on read, and
 * refused when malformed or older than {@link RESEND_MAX_AGE_MS}. Holds ids only, never text.
 */
export type ResendReason = 'reload_app' | 'sign_in';

export interface ResendAfterLoad {
	reason: ResendReason;
	conversationId: string;
	messageId: string;
	/** Epoch ms when it was written. */
	at: number;
}

export const RESEND_STORAGE_KEY = 'switchboard.resend-after-load';
/** As long as a sign-in may take; a forgotten tab's failure is not resent days later. */
export const RESEND_MAX_AGE_MS = 30 * 60 * 1000;

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export function rememberResend(storage: Storage | null, resend: ResendAfterLoad): void {
	try {
		storage?.setItem(RESEND_STORAGE_KEY, JSON.stringify(resend));
	} catch {
		// Storage refused (full, or blocked): the card stays, and its buttons still work.
	}
}

/** The resend left by the page before this one, once; `null` when none or not usable. */
export function takeResend(storage: Storage | null, now: number): ResendAfterLoad | null {
	let raw: string | null;
	try {
		raw = storage?.getItem(RESEND_STORAGE_KEY) ?? null;
		storage?.removeItem(RESEND_STORAGE_KEY);
	} catch {
		return null;
	}
	if (raw === null) return null;
	let value: unknown;
	try {
		value = JSON.parse(raw);
	} catch {
		return null;
	}
	const { reason, conversationId, messageId, at } = Object(value) as Record<string, unknown>;
	if (reason !== 'reload_app' && reason !== 'sign_in') return null;
	if (typeof conversationId !== 'string' || !ID.test(conversationId)) return null;
	if (typeof messageId !== 'string' || !ID.test(messageId)) return null;
	if (typeof at !== 'number' || at > now || now - at > RESEND_MAX_AGE_MS) return null;
	return { reason, conversationId, messageId, at };
}

/** This tab's sessionStorage when the browser allows it. */
export function tabStorage(): Storage | null {
	try {
		return typeof sessionStorage === 'undefined' ? null : sessionStorage;
	} catch {
		return null;
	}
}
