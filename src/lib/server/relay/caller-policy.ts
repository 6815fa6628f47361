/**
 * Who the relay answers: this app's own pages, calling with `fetch` and a JSON body, and nobody
 * else. The relay sends the person's request on with their credentials' effect (their API key
 * header, the account header), so a page elsewhere must not be able to make their browser use it:
 * - `Sec-Fetch-Site`, which browsers send on every request (Fetch Metadata §2.4), must be
 *   `same-origin`: `cross-site` and `same-site` are other pages, `none` is an address typed,
 *   bookmarked or opened from outside — a navigation, never the app's `fetch`.
 * - `Origin`, when sent (every POST from a browser), must name the app's host (RFC 6454 §7). The
 *   scheme is not compared: behind a TLS proxy the server may not know it (TRUST_PROXY_HEADERS),
 *   and a page on another host is what this stops.
 * - A body must be JSON (`application/json`, RFC 8259 §11): what a cross-site form or a `no-cors`
 *   fetch can send without a preflight is limited to `text/plain`, form and multipart types
 *   (Fetch §2.2.2 "CORS-safelisted request-header"), so this refuses them even from a browser too
 *   old to send Fetch metadata.
 * A caller that is not a browser (curl, a script) sends neither header and is answered: it could
 * call the gateway itself, and it carries no one's cookies.
 */

export type CallerRefusal = 'cross_site' | 'body_not_json';

export function callerRefusal(request: Request, appOrigin: URL): CallerRefusal | null {
	const site = request.headers.get('sec-fetch-site');
	if (site !== null && site !== 'same-origin') return 'cross_site';
	const origin = request.headers.get('origin');
	if (origin !== null && (!URL.canParse(origin) || new URL(origin).host !== appOrigin.host)) {
		return 'cross_site';
	}
	if (request.method === 'POST' && !isJson(request.headers.get('content-type'))) {
		return 'body_not_json';
	}
	return null;
}

/** `application/json`, or a `+json` type, with any parameters (RFC 6838 §4.2.8). */
function isJson(contentType: string | null): boolean {
	const essence = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
	return essence === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(essence);
}
