/**
 * Which request headers make a browser send a CORS preflight, and how the check names them.
 * @see WHATWG Fetch §2.2.2 "CORS-safelisted request-header" and "CORS-unsafe request-header names"
 */

/** Bytes that make a safelisted header's value unsafe (Fetch: "CORS-unsafe request-header byte"). */
// eslint-disable-next-line no-control-regex -- the spec's list is control characters
const UNSAFE_BYTE = /[\x00-\x08\x0a-\x1f"():<>?@[\\\]{}\x7f]/;
const SAFELISTED_CONTENT_TYPES = new Set([
	'application/x-www-form-urlencoded',
	'multipart/form-data',
	'text/plain'
]);

function isSafelisted(name: string, value: string): boolean {
	if (value.length > 128) return false;
	switch (name) {
		case 'accept':
			return !UNSAFE_BYTE.test(value);
		case 'accept-language':
		case 'content-language':
			return /^[0-9A-Za-z *,\-.;=]*$/.test(value);
		case 'content-type': {
			if (UNSAFE_BYTE.test(value)) return false;
			const essence = value.split(';')[0]?.trim().toLowerCase() ?? '';
			return SAFELISTED_CONTENT_TYPES.has(essence);
		}
		default:
			return false;
	}
}

/**
 * The names a preflight's `Access-Control-Request-Headers` lists for these headers: lower-case,
 * sorted, without duplicates (Fetch: "CORS-unsafe request-header names").
 */
export function corsUnsafeHeaderNames(headers: Record<string, string>): string[] {
	const names = Object.entries(headers)
		.filter(([name, value]) => !isSafelisted(name.toLowerCase(), value))
		.map(([name]) => name.toLowerCase());
	return [...new Set(names)].sort();
}

const DISPLAY_NAMES: Readonly<Record<string, string>> = {
	authorization: 'Authorization',
	'content-type': 'Content-Type',
	accept: 'Accept'
};

/** `authorization, content-type` → `Authorization, Content-Type` (other names as sent). */
export function headerList(names: readonly string[]): string {
	return names.map((name) => DISPLAY_NAMES[name] ?? name).join(', ');
}
