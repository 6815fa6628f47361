/** The value of cookie `name` in a `Cookie` header or `document.cookie`, or `null` (RFC 6265 §5.4). */
export function readCookie(cookieHeader: string | null, name: string): string | null {
	if (cookieHeader === null) return null;
	for (const pair of cookieHeader.split(';')) {
		const separator = pair.indexOf('=');
		if (separator === -1) continue;
		if (pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
	}
	return null;
}
