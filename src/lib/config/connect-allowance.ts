/**
 * Which gateway origins this person's pages may connect to, beyond the app and the configured
 * gateway. The Content-Security-Policy `connect-src` is decided by the server when it serves the
 * page, but custom gateway profiles live in the browser; so the browser keeps their origins in a
 * cookie the server reads (only when ALLOW_CUSTOM_GATEWAYS is on). A profile added on a page takes
 * effect after a reload, which the page offers.
 *
 * Shared by the server (reading) and the browser (writing); plain functions, no DOM.
 */
export const CONNECT_COOKIE = 'switchboard-gateways';
/** Cookies stay small; a person with more gateways than this reloads into the first ones. */
export const MAX_CONNECT_ORIGINS = 16;

/**
 * An origin as a CSP host-source may carry it: DNS name or IP literal, optional port. The URL
 * parser accepts more in a host (`;`, `'`, `*`…), which in a policy header would start a new
 * directive or widen one, so anything else is refused.
 */
const POLICY_SAFE_ORIGIN =
	/^https?:\/\/(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::\d{1,5})?$/;

/** `url`'s origin when it is an http(s) URL without credentials, safe in a policy; else `null`. */
export function gatewayOrigin(url: string): string | null {
	if (!URL.canParse(url)) return null;
	const parsed = new URL(url);
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
	if (parsed.username !== '' || parsed.password !== '') return null;
	return POLICY_SAFE_ORIGIN.test(parsed.origin) ? parsed.origin : null;
}

/** The cookie's value for these origins (deduplicated, valid ones only, at most MAX_CONNECT_ORIGINS). */
export function connectCookieValue(origins: readonly string[]): string {
	const valid = [...new Set(origins.map(gatewayOrigin).filter((origin) => origin !== null))];
	return encodeURIComponent(valid.slice(0, MAX_CONNECT_ORIGINS).join(' '));
}

/** The origins in a cookie value; anything that is not exactly an http(s) origin is dropped. */
export function parseConnectCookie(value: string | undefined | null): string[] {
	if (value === undefined || value === null || value === '') return [];
	let text: string;
	try {
		text = decodeURIComponent(value);
	} catch {
		return [];
	}
	const origins = text
		.split(' ')
		.filter((candidate) => candidate !== '' && gatewayOrigin(candidate) === candidate);
	return [...new Set(origins)].slice(0, MAX_CONNECT_ORIGINS);
}
