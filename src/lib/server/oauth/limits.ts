/**
 * The token route's fixed limits. They are deliberately not configuration: a deployment that
 * needs other numbers should say why in a change to this file.
 */

/** Largest request body the route reads (an authorization-code request is well under 1 KB). */
export const MAX_REQUEST_BODY_BYTES = 8 * 1024;

/**
 * How long the request body has to arrive, all of it (a real one is sent at once). A body still
 * arriving then is answered 408 and its connection closed, so a slow client cannot hold one open.
 */
export const REQUEST_BODY_TIMEOUT_MS = 10_000;

/** Largest token-endpoint answer the route reads; anything longer is refused as a failure. */
export const MAX_UPSTREAM_RESPONSE_BYTES = 64 * 1024;

/** How long the authorization server has to answer (connect, headers and body). */
export const UPSTREAM_TIMEOUT_MS = 10_000;

/** How long the browser keeps the session cookie, and the sealed payload stays valid (30 days). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Cookies over this many bytes (name, value and attributes) are not reliably kept (RFC 6265 §6.1). */
export const MAX_COOKIE_BYTES = 4000;

/**
 * Per-client token bucket: `burst` requests at once, then `refillPerSecond` on average. Every
 * request to the route counts, refused ones too (probing costs the same as using).
 */
export const RATE_LIMIT = { burst: 60, refillPerSecond: 1, maxTrackedClients: 10_000 } as const;
