/**
 * Who is calling, as far as the token route needs to know: the app's own origin (to compare the
 * request's `Origin` with) and a key for the per-client rate limit. Forwarded headers are read only
 * when TRUST_PROXY_HEADERS is on, and then only for the protocol, host and client address — never
 * for where a request is sent.
 */

/** The first value of a comma-separated forwarded header, trimmed; `undefined` when absent. */
function firstValue(headers: Headers, name: string): string | undefined {
	const value = headers.get(name)?.split(',')[0]?.trim();
	return value === undefined || value === '' ? undefined : value;
}

export interface OriginOptions {
	/** TRUST_PROXY_HEADERS: a proxy in front sets X-Forwarded-Proto / X-Forwarded-Host. */
	trustProxyHeaders: boolean;
	/**
	 * The scheme of the URL the server received is known to be right: adapter-node's ORIGIN or
	 * PROTOCOL_HEADER is set, or this is the development server. Otherwise adapter-node guesses
	 * `https`, while it only ever speaks plain HTTP itself (TLS, if any, ends in a proxy).
	 */
	urlSchemeKnown: boolean;
}

/**
 * The origin the browser sees this app at: the host the server was asked for, with its scheme
 * (plain http unless known otherwise), or, behind a trusted proxy, the `X-Forwarded-Proto` /
 * `X-Forwarded-Host` it sent.
 */
export function appOrigin(url: URL, headers: Headers, options: OriginOptions): URL {
	const own = new URL(options.urlSchemeKnown ? url.origin : `http://${url.host}`);
	if (!options.trustProxyHeaders) return own;
	const proto = firstValue(headers, 'x-forwarded-proto')?.toLowerCase();
	const scheme = proto === 'https' || proto === 'http' ? proto : own.protocol.slice(0, -1);
	const host = firstValue(headers, 'x-forwarded-host')?.toLowerCase() ?? own.host;
	const candidate = URL.canParse(`${scheme}://${host}`) ? new URL(`${scheme}://${host}`) : null;
	// Only a bare host[:port] is taken: nothing that would parse into a path or credentials.
	return candidate !== null && candidate.host === host ? new URL(candidate.origin) : own;
}

/**
 * Why a request is not a same-origin request from this app's pages, or `null` when it is.
 * `Origin` is required (browsers send it on every POST and DELETE from `fetch`) and must equal the
 * app's origin; `Sec-Fetch-Site`, when the browser sends it, must be `same-origin`.
 * @see RFC 6454 §7 (Origin), Fetch Metadata Request Headers §2.4 (Sec-Fetch-Site)
 */
export function crossOriginProblem(headers: Headers, origin: URL): string | null {
	const site = headers.get('sec-fetch-site');
	if (site !== null && site !== 'same-origin') {
		return `Only this app's own pages may call this route (Sec-Fetch-Site: ${site}).`;
	}
	const from = headers.get('origin');
	if (from === null) return "Only this app's own pages may call this route (no Origin header).";
	if (from === origin.origin) return null;
	if (URL.canParse(from) && new URL(from).host === origin.host) {
		// Same host, other scheme: almost always TLS ending in a proxy the server was not told of.
		return `This server sees requests as ${origin.protocol}// but the page is ${new URL(from).protocol}//. Behind a TLS proxy, set TRUST_PROXY_HEADERS=true (or ORIGIN).`;
	}
	return "Only this app's own pages may call this route.";
}

/**
 * The key the rate limit counts under: the socket's peer address, or behind a trusted proxy the
 * right-most `X-Forwarded-For` entry — the address that proxy saw. (Entries to its left were
 * written by the client and prove nothing.)
 */
export function clientKey(
	headers: Headers,
	peerAddress: string,
	trustProxyHeaders: boolean
): string {
	if (!trustProxyHeaders) return peerAddress;
	const forwarded = headers
		.get('x-forwarded-for')
		?.split(',')
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
	return forwarded?.at(-1) ?? peerAddress;
}

/** Loopback hosts, where plain http is acceptable for development (RFC 6761 §6.3, RFC 5735). */
export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
	return (
		host === 'localhost' ||
		host.endsWith('.localhost') ||
		host === '::1' ||
		/^127(?:\.\d{1,3}){3}$/.test(host)
	);
}
