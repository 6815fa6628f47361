/**
 * When to refresh an access token: shortly before it expires, never so early that a short-lived
 * token is refreshed at once. The margin is a quarter of the lifetime, at most a minute.
 */
const MAX_MARGIN_MS = 60_000;
const MIN_DELAY_MS = 5_000;
/** A token this close to expiry is refreshed before use rather than sent and refused. */
const NEAR_EXPIRY_MS = 10_000;

/** Milliseconds from now until the proactive refresh of a token that lives `expiresIn` seconds. */
export function refreshDelayMs(expiresInSeconds: number): number {
	const lifetime = expiresInSeconds * 1000;
	return Math.max(MIN_DELAY_MS, lifetime - Math.min(MAX_MARGIN_MS, lifetime / 4));
}

/** Whether a token expiring at `expiresAt` (epoch ms) should be refreshed before it is used now. */
export function isNearExpiry(expiresAt: number | null, now: number): boolean {
	return expiresAt !== null && now >= expiresAt - NEAR_EXPIRY_MS;
}
