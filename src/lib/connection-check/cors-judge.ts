/**
 * A browser's CORS decisions, as pure functions of the gateway's answer, for a request without
 * credentials (`credentials: "omit"`, as every gateway call of this app is).
 * @see WHATWG Fetch §4.9 "CORS check", §4.8 "CORS-preflight fetch", §3.2.3 (the response headers)
 */

/** Fetch §4.9: `Access-Control-Allow-Origin` is `*` or exactly the request's origin. */
export function judgeCorsResponse(headers: Headers, origin: string): boolean {
	const allowed = headers.get('access-control-allow-origin');
	if (allowed === null) return false;
	return allowed === '*' || allowed === origin;
}

export type PreflightVerdict =
	| { allowed: true }
	| { allowed: false; reason: 'origin' | 'status' }
	/** `refused`: the requested header names the answer does not allow. */
	| { allowed: false; reason: 'headers'; refused: string[] }
	| { allowed: false; reason: 'method' };

/** `#field-name` lists (RFC 9110 §5.6.1): comma-separated, whitespace around items ignored. */
function list(value: string | null): string[] {
	if (value === null) return [];
	return value
		.split(',')
		.map((item) => item.trim().toLowerCase())
		.filter((item) => item !== '');
}

const SAFELISTED_METHODS = new Set(['GET', 'HEAD', 'POST']);

/**
 * The preflight's answer, judged per Fetch §4.8 step 7: an ok status and a passing CORS check,
 * the method allowed (safelisted methods always are), and every CORS-unsafe header name listed in
 * `Access-Control-Allow-Headers` — `*` covers all of them except `authorization` (a "CORS
 * non-wildcard request-header name", Fetch §2.2.2).
 */
export function judgePreflight(
	status: number,
	headers: Headers,
	request: { origin: string; method: string; names: readonly string[] }
): PreflightVerdict {
	if (!judgeCorsResponse(headers, request.origin)) return { allowed: false, reason: 'origin' };
	if (status < 200 || status > 299) return { allowed: false, reason: 'status' };
	const methods = list(headers.get('access-control-allow-methods'));
	const method = request.method.toUpperCase();
	if (
		!SAFELISTED_METHODS.has(method) &&
		!methods.includes(method.toLowerCase()) &&
		!methods.includes('*')
	) {
		return { allowed: false, reason: 'method' };
	}
	const allowedNames = list(headers.get('access-control-allow-headers'));
	const wildcard = allowedNames.includes('*');
	const refused = request.names
		.map((name) => name.toLowerCase())
		.filter((name) => !allowedNames.includes(name) && (name === 'authorization' || !wildcard));
	return refused.length === 0 ? { allowed: true } : { allowed: false, reason: 'headers', refused };
}
