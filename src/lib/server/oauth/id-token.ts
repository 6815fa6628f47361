/**
 * The claims of an id token the token endpoint just returned, checked as OpenID Connect Core 1.0
 * §3.1.3.7 asks: issuer (2), audience and authorized party (3–5), expiry (9), subject. The
 * signature is not checked: the token came straight from the token endpoint over the connection
 * this server opened, which §3.1.3.7 (6) allows in its place. The browser checks the nonce (11).
 */
export interface IdTokenExpectations {
	issuer: string;
	clientId: string;
	/** Epoch seconds. */
	now: number;
}

export type IdClaims = Record<string, unknown>;

/** Leeway for clocks that disagree a little (seconds). */
const CLOCK_TOLERANCE_SECONDS = 60;

function decodePayload(idToken: string): IdClaims | null {
	const parts = idToken.split('.');
	// A JWS in compact serialisation; an encrypted (JWE, five-part) id token is not supported.
	if (parts.length !== 3 || parts[1] === undefined) return null;
	try {
		const json: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
		return typeof json === 'object' && json !== null && !Array.isArray(json)
			? (json as IdClaims)
			: null;
	} catch {
		return null;
	}
}

/** The claims, or `null` when the token is unreadable or not for this client from this issuer. */
export function readIdTokenClaims(idToken: string, expected: IdTokenExpectations): IdClaims | null {
	const claims = decodePayload(idToken);
	if (claims === null) return null;
	const { iss, aud, azp, exp, sub } = claims;
	if (iss !== expected.issuer) return null;
	if (typeof sub !== 'string' || sub === '') return null;
	const audiences = Array.isArray(aud) ? aud : [aud];
	if (!audiences.includes(expected.clientId)) return null;
	if (audiences.length > 1 && azp !== expected.clientId) return null;
	if (typeof exp !== 'number' || exp + CLOCK_TOLERANCE_SECONDS <= expected.now) return null;
	return claims;
}
