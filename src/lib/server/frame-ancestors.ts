/**
 * `FRAME_ANCESTORS`: which pages may show the app in a frame, read into the sources of the
 * Content-Security-Policy's `frame-ancestors` directive (hooks.server.ts writes the header).
 */
import { ConfigError, read, type Env } from './config-values.ts';

/**
 * A CSP Level 3 `ancestor-source`, what `frame-ancestors` takes besides a lone `'none'`: `'self'`
 * (handled before this), a scheme-source (`https:`) or a host-source
 * (`[scheme://]host[:port][/path]`, `*.` for any subdomain, `:*` for any port). The path keeps
 * RFC 3986's characters except the three a policy parser or reader splits on or quotes with (`;`
 * ends a directive, `,` a policy, `'` a keyword), so one variable can never add a directive. A lone
 * `*` is refused too: to let any page embed the app, name the schemes (`https:`).
 * @see https://www.w3.org/TR/CSP3/#directive-frame-ancestors
 * @see https://www.w3.org/TR/CSP3/#grammardef-host-source
 */
const CSP_SCHEME = '[A-Za-z][A-Za-z0-9+.-]*';
const CSP_HOST = String.raw`(?:\*\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?`;
const CSP_PORT = String.raw`(?:[0-9]+|\*)`;
const CSP_PATH_CHAR = '(?:[A-Za-z0-9._~!$&()*+=:@-]|%[0-9A-Fa-f]{2})';
const CSP_PATH = `/(?:${CSP_PATH_CHAR}+(?:/${CSP_PATH_CHAR}*)*)?`;
const SCHEME_SOURCE = new RegExp(`^${CSP_SCHEME}:$`);
const HOST_SOURCE = new RegExp(
	`^(?:${CSP_SCHEME}://)?${CSP_HOST}(?::${CSP_PORT})?(?:${CSP_PATH})?$`
);

/** `text` quoted for a one-line message: control characters escaped, never written raw. */
function quoted(text: string): string {
	return JSON.stringify(text).replace(
		/[\u007f-\u009f\u2028\u2029]/g,
		(char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
	);
}

export function frameAncestors(env: Env): string[] {
	const value = read(env, 'FRAME_ANCESTORS');
	if (value === undefined) return ["'self'"];
	// Sources are separated by ASCII whitespace (CSP) or commas (documented); anything else,
	// Unicode spaces included, stays inside a source and fails the grammar.
	const sources = value
		.split(/[\t\n\f\r ,]+/)
		.filter((source) => source !== '')
		.map((source) => (/^'(?:self|none)'$/i.test(source) ? source.toLowerCase() : source));
	for (const source of sources) {
		if (source === "'self'" || source === "'none'") continue;
		if (!SCHEME_SOURCE.test(source) && !HOST_SOURCE.test(source)) {
			throw new ConfigError(
				'FRAME_ANCESTORS',
				`must list 'self', 'none', schemes like https: or hosts like https://intranet.example (got ${quoted(source)})`
			);
		}
	}
	if (sources.length === 0) {
		throw new ConfigError('FRAME_ANCESTORS', "lists no source (use 'none' to allow no frame)");
	}
	if (sources.includes("'none'") && sources.length > 1) {
		throw new ConfigError('FRAME_ANCESTORS', "'none' cannot be combined with other sources");
	}
	return sources;
}
