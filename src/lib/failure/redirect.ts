/**
 * A gateway that answers a turn or the model list with a redirect (RFC 9110 §15.4). The app never
 * follows one to another origin: in relay mode the relay drops a `Location` that leaves
 * GATEWAY_URL (src/lib/server/relay/upstream-url.ts), so the browser hands the 3xx to the app as
 * it is. What the relay may still say about the target is one word in `RELAY_REDIRECT_HEADER`,
 * never the address (it can be a proxy's sign-in page on an intranet):
 * - `https`: the same host and path over https, nginx's answer to a plain-http request — the
 *   gateway's address should begin with `https://`;
 * - `elsewhere`: any other target (a sign-in page of a proxy in front of the gateway, a gateway
 *   that moved).
 */
export const RELAY_REDIRECT_HEADER = 'switchboard-relay-redirect';

export type RedirectTarget = 'https' | 'elsewhere';

/** 301, 302, 303, 307, 308 and the rarer 3xx: every 3xx but 304, which answers a conditional GET. */
export function isRedirectStatus(status: number | undefined): boolean {
	return status !== undefined && status >= 300 && status <= 399 && status !== 304;
}

/** Where the relay said the redirect went; `undefined` when nobody said. */
export function relayRedirectTarget(headers: Headers): RedirectTarget | undefined {
	const value = headers.get(RELAY_REDIRECT_HEADER)?.trim().toLowerCase();
	return value === 'https' || value === 'elsewhere' ? value : undefined;
}

/**
 * The word the relay adds for a `Location` it does not pass: `https` when it names the requested
 * URL itself over https (any port, the default one included), else `elsewhere`.
 */
export function redirectTargetOf(location: string, requested: URL): RedirectTarget {
	let target: URL;
	try {
		target = new URL(location, requested);
	} catch {
		return 'elsewhere';
	}
	const sameResource =
		target.hostname === requested.hostname &&
		target.pathname === requested.pathname &&
		target.search === requested.search;
	return requested.protocol === 'http:' && target.protocol === 'https:' && sameResource
		? 'https'
		: 'elsewhere';
}
