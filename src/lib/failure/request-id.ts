/**
 * Request ids, so a person can quote one to the gateway's operator (docs/reference/failures.md
 * "Request ids"). Sources, most trustworthy first: a response header (often unreadable: gateways
 * expose no headers under CORS), a `request_id` field in the body, or ` (request id: …)` appended to
 * the message. Chained relays append one each; the first is the one nearest the origin, and is kept.
 *
 * `cf-ray` is deliberately not read: it names a Cloudflare edge hop, is present on every response
 * that crossed Cloudflare (successes included), and is not an id the gateway's own logs are keyed by.
 */

export const REQUEST_ID_HEADERS: readonly string[] = [
	'x-request-id',
	'request-id',
	'x-oneapi-request-id',
	'x-new-api-request-id'
];

/** An id is kept only when it looks like one: 1–128 characters of `[A-Za-z0-9._:/+=-]`. */
export function validRequestId(value: unknown): string | undefined {
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const id = String(value).trim();
	return /^[A-Za-z0-9._:/+=-]{1,128}$/.test(id) ? id : undefined;
}

export function requestIdFromHeaders(headers: Headers): string | undefined {
	for (const name of REQUEST_ID_HEADERS) {
		const id = validRequestId(headers.get(name));
		if (id !== undefined) return id;
	}
	return undefined;
}

/** ` (request id: X)`, `(request id X)`, full-width parentheses and colon too. */
const SUFFIX = /\s*[(（]\s*request[\s_-]?id\s*[:：]?\s*([^\s)）]+)\s*[)）]/gi;

/** The first request id appended to a message, if any. */
export function requestIdFromMessage(message: string): string | undefined {
	for (const match of message.matchAll(SUFFIX)) {
		const id = validRequestId(match[1]);
		if (id !== undefined) return id;
	}
	return undefined;
}

/** The message without any appended request-id suffix. */
export function stripRequestIdSuffix(message: string): string {
	return message.replace(SUFFIX, '').trim();
}
