/**
 * Where a relayed request goes: the part of the path after `/api/relay/` is appended to
 * GATEWAY_URL's path, the query string passes through, and nothing else is possible. The relay
 * must never become an open proxy, nor reach a path of the gateway's host outside GATEWAY_URL.
 *
 * The rest of the path arrives percent-encoded (as in the request target). A browser's URL parser
 * has already resolved plain and `%2e` dot segments before the app sees the URL (WHATWG URL
 * §4.4 "single-dot / double-dot path segment"), but the upstream, or a proxy in front of it, may
 * decode once more; so every segment is refused if any depth of percent-decoding makes it `.` or
 * `..` (or only dots and spaces), or gives it a `/` or `\` (RFC 3986 §3.3, §5.2.4), a control
 * character, or a scheme. A `;` is refused in any encoding too: some servers (Tomcat, Jetty, Spring)
 * read it as the start of path parameters and drop what follows, so `..;` climbs there
 * (RFC 3986 §3.3 leaves the meaning of `;` to the scheme; no gateway route uses it).
 */

/** Where the relay is mounted inside the app (BASE_PATH, if any, is in front of it). */
export const RELAY_PATH = '/api/relay';

/** GATEWAY_URL split into what the relay compares against. */
export interface GatewayBase {
	/** `https://gw.example.com` (scheme, host and port). */
	origin: string;
	/** `''` or `/openai` (percent-encoded as the URL parser left it, no trailing slash). */
	path: string;
	/** `gw.example.com` (with the port when it is not the default), for messages. */
	host: string;
}

export type PathRefusal =
	| 'dot_segment'
	| 'encoded_separator'
	| 'empty_segment'
	| 'absolute_url'
	| 'invalid_character'
	| 'path_parameter'
	| 'outside_gateway';

export type UpstreamTarget = { ok: true; url: URL } | { ok: false; refusal: PathRefusal };

export function gatewayBase(gatewayUrl: string): GatewayBase {
	const url = new URL(gatewayUrl);
	return { origin: url.origin, path: url.pathname.replace(/\/+$/, ''), host: url.host };
}

/** RFC 3986 §3.3 `pchar`: unreserved, sub-delims, `:`, `@`, or a percent-encoded octet. */
const SEGMENT = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*$/;
/** RFC 3986 §3.1: a scheme followed by `:` makes a reference absolute. */
const SCHEME_PREFIX = /^[A-Za-z][A-Za-z0-9+.-]*:/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
/**
 * `.` and `..`, and what some servers make of them: Windows drops trailing dots and spaces from a
 * name, so `..%20` and `...` climb there too. No real path segment is only dots and spaces.
 */
const DOTS_ONLY = /^\s*\.[\s.]*$/;
/** Decoding stops here; no real path segment is encoded this many times over. */
const MAX_DECODE_DEPTH = 4;

/** One level of percent-decoding, octet by octet (never throws on invalid UTF-8). */
function decodeOnce(text: string): string {
	return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
		String.fromCharCode(Number.parseInt(hex, 16))
	);
}

function refuseSegment(segment: string, first: boolean): PathRefusal | null {
	if (!SEGMENT.test(segment)) return 'invalid_character';
	let text = segment;
	for (let depth = 0; depth <= MAX_DECODE_DEPTH; depth += 1) {
		if (DOTS_ONLY.test(text)) return 'dot_segment';
		if (text.includes('/') || text.includes('\\')) return 'encoded_separator';
		if (text.includes(';')) return 'path_parameter';
		if (CONTROL.test(text)) return 'invalid_character';
		if (first && SCHEME_PREFIX.test(text)) return 'absolute_url';
		const decoded = decodeOnce(text);
		if (decoded === text) return null;
		text = decoded;
	}
	// Still encoded after that many levels: not a path anyone means.
	return 'invalid_character';
}

function refusePath(rest: string): PathRefusal | null {
	if (rest === '') return null;
	if (rest.includes('\\')) return 'encoded_separator';
	const segments = rest.split('/');
	for (const [index, segment] of segments.entries()) {
		// One trailing slash is a path of its own (`v1/models/`); any other empty segment is `//`.
		if (segment === '') {
			if (index === segments.length - 1 && index > 0) continue;
			return 'empty_segment';
		}
		const refusal = refuseSegment(segment, index === 0);
		if (refusal !== null) return refusal;
	}
	return null;
}

/**
 * The upstream URL for `rest` (the percent-encoded path after `/api/relay/`, no leading slash)
 * and `search` (`''` or `?…`), or why it is refused. The URL is checked again once built: its
 * origin must be GATEWAY_URL's and its path GATEWAY_URL's path followed by `/` and `rest`, as
 * written (the parser changed nothing).
 */
export function buildUpstreamUrl(base: GatewayBase, rest: string, search: string): UpstreamTarget {
	const refusal = refusePath(rest);
	if (refusal !== null) return { ok: false, refusal };
	const path = `${base.path}/${rest}`;
	let url: URL;
	try {
		url = new URL(`${base.origin}${path}${search.startsWith('?') ? search : ''}`);
	} catch {
		return { ok: false, refusal: 'invalid_character' };
	}
	const under = `${base.path}/`;
	if (url.origin !== base.origin || url.pathname !== path || !url.pathname.startsWith(under)) {
		return { ok: false, refusal: 'outside_gateway' };
	}
	return { ok: true, url };
}

/**
 * A `Location` the gateway answered with, as the relay may pass it to the browser: only a target
 * under GATEWAY_URL, rewritten as a relative reference to the same place under the relay (so it
 * holds under any BASE_PATH: RFC 3986 §4.2, §5.2), and only when the relay would accept the path.
 * Anything else is `null` and the header is dropped: following it would take the browser to
 * another origin (the reason for the relay is that it cannot go there), or reveal where the
 * gateway sends people (a sign-in page of a proxy in front of it, typically).
 *
 * @param requestPath the path of the request being answered as the app sees it
 *   (`/api/relay/v1/models`, without BASE_PATH): the browser resolves the reference against it.
 */
export function relayLocation(
	location: string,
	upstreamUrl: URL,
	base: GatewayBase,
	requestPath: string
): string | null {
	let target: URL;
	try {
		target = new URL(location, upstreamUrl);
	} catch {
		return null;
	}
	if (target.origin !== base.origin) return null;
	const under = `${base.path}/`;
	if (!target.pathname.startsWith(under)) return null;
	const rest = target.pathname.slice(under.length);
	const checked = buildUpstreamUrl(base, rest, target.search);
	if (!checked.ok) return null;
	// Climb from the request's directory to the app's root (whatever BASE_PATH is above it),
	// then down into the relay: `../../api/relay/<rest>`.
	const depth = requestPath.split('/').length - 2;
	const climb = depth <= 0 ? './' : '../'.repeat(depth);
	return `${climb}${RELAY_PATH.slice(1)}/${rest}${checked.url.search}`;
}
