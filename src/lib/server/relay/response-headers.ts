import { connectionOptions, isHopByHop } from './hop-by-hop.ts';

/**
 * The gateway's response headers as the browser receives them: everything passes (request ids —
 * `x-request-id`, `request-id`, `x-oneapi-request-id`, `cf-ray` — `Retry-After`, rate-limit
 * counters, content type and encoding) except a deny-list, because a gateway's response headers
 * are information for the client, and the few that are not act on the origin that serves them,
 * which through the relay is this app's origin, not the gateway's:
 * - hop-by-hop fields (RFC 9110 §7.6.1);
 * - cookies: the relay never forwards them, either way (RFC 6265 §4.1);
 * - CORS (WHATWG Fetch §3.2): the relay is for its own origin and grants no other origin anything;
 * - origin-wide policies: HSTS (RFC 6797), `Alt-Svc` (RFC 7838), `Clear-Site-Data` (which would
 *   erase the stored conversations), reporting (`NEL`, `Report-To`, `Reporting-Endpoints`: this
 *   origin's errors would be reported to the gateway), CSP, framing, isolation and permissions
 *   policies, which belong to the app;
 * - `WWW-Authenticate`: a `Basic` challenge on a same-origin 401 makes the browser ask the person
 *   for a password for this app (RFC 9110 §11.6.1); the status and body still say what happened;
 * - `Location`, which the redirect rule decides (upstream-url.ts `relayLocation`).
 */
const DENIED_RESPONSE_HEADERS: ReadonlySet<string> = new Set([
	'set-cookie',
	'set-cookie2',
	'timing-allow-origin',
	'strict-transport-security',
	'alt-svc',
	'clear-site-data',
	'nel',
	'report-to',
	'reporting-endpoints',
	'content-security-policy',
	'content-security-policy-report-only',
	'x-frame-options',
	'permissions-policy',
	'feature-policy',
	'cross-origin-opener-policy',
	'cross-origin-opener-policy-report-only',
	'cross-origin-embedder-policy',
	'cross-origin-embedder-policy-report-only',
	'cross-origin-resource-policy',
	'origin-agent-cluster',
	'service-worker-allowed',
	'public-key-pins',
	'public-key-pins-report-only',
	'expect-ct',
	'www-authenticate',
	'location'
]);

function passes(name: string, options: ReadonlySet<string>): boolean {
	return (
		!isHopByHop(name, options) &&
		!DENIED_RESPONSE_HEADERS.has(name) &&
		!name.startsWith('access-control-')
	);
}

/**
 * The headers to answer with, from Node's `rawHeaders` (`[name, value, name, value, …]`, repeated
 * fields kept apart). A value a `Headers` object cannot hold is dropped, not the response.
 */
export function clientResponseHeaders(rawHeaders: readonly string[]): Headers {
	const pairs: [string, string][] = [];
	let connection: string | null = null;
	for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
		const name = (rawHeaders[index] ?? '').toLowerCase();
		const value = rawHeaders[index + 1] ?? '';
		if (name === 'connection') connection = connection === null ? value : `${connection},${value}`;
		pairs.push([name, value]);
	}
	const options = connectionOptions(connection);
	const headers = new Headers();
	for (const [name, value] of pairs) {
		if (!passes(name, options)) continue;
		try {
			headers.append(name, value);
		} catch {
			// An invalid name or value (a NUL byte, say) is the gateway's fault; the rest still passes.
		}
	}
	return headers;
}
