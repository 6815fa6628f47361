import { OWN_POLICY_HEADER } from '../remote-image-frame.ts';
import { connectionOptions, isHopByHop } from './hop-by-hop.ts';

/**
 * The gateway's response headers as the browser receives them, through an allow-list. Whatever a
 * gateway's answer says arrives on this app's origin, where headers act on the app: `Refresh` or
 * `Link` move or load things, `Origin-Trial` turns on browser features, caching headers make a
 * shared cache keep someone's answer, and the app hook's own-policy marker would lift the page's
 * CSP. So only what the browser's client reads passes:
 * - the content headers: `Content-Type`, `Content-Length`, `Content-Encoding`;
 * - request ids, for the person to quote (src/lib/failure/request-id.ts reads the first three):
 *   `x-request-id`, `request-id`, `x-oneapi-request-id`, `x-new-api-request-id`, `cf-ray`;
 * - retry hints: `Retry-After`, `retry-after-ms` (src/lib/failure/retry-after.ts);
 * - rate-limit counters, under any of the names gateways use (`x-ratelimit-*`,
 *   `anthropic-ratelimit-*`, `ratelimit`, `ratelimit-policy`, `x-rate-limit-*`);
 * - `X-Accel-Buffering`, so a proxy in front of the app does not hold back an event stream.
 * Hop-by-hop fields, and any the `Connection` header names, never pass (RFC 9110 §7.6.1).
 */
const ALLOWED_RESPONSE_HEADERS: ReadonlySet<string> = new Set([
	'content-type',
	'content-length',
	'content-encoding',
	'x-request-id',
	'request-id',
	'x-oneapi-request-id',
	'x-new-api-request-id',
	'cf-ray',
	'retry-after',
	'retry-after-ms',
	'x-accel-buffering'
]);

const RATE_LIMIT_HEADER = /^(?:[a-z0-9]+-)*(?:ratelimit|rate-limit)(?:-[a-z0-9-]+)?$/;

function passes(name: string, options: ReadonlySet<string>): boolean {
	if (isHopByHop(name, options)) return false;
	return ALLOWED_RESPONSE_HEADERS.has(name) || RATE_LIMIT_HEADER.test(name);
}

/**
 * The headers every answer from `/api/relay/**` carries, the gateway's and the relay's own: the
 * body is data for the app's script, never a document. Opened directly (a link, a typed
 * address), it is a download (`Content-Disposition`, RFC 6266), never sniffed into HTML
 * (`nosniff`, Fetch §3.5), and were it ever rendered, it would be a sandboxed document of an
 * opaque origin that can run nothing and load nothing (CSP3 `sandbox`, `default-src 'none'`).
 * `no-store`: an answer is one person's. The own-policy marker tells the app's hook
 * (src/hooks.server.ts) to keep this policy instead of setting the page's.
 */
export function isolate(headers: Headers): void {
	headers.set('content-security-policy', "sandbox; default-src 'none'");
	headers.set('content-disposition', 'attachment');
	headers.set('x-content-type-options', 'nosniff');
	headers.set('cache-control', 'no-store');
	headers.set(OWN_POLICY_HEADER, '1');
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
