/**
 * The session cookie: the refresh token (and the few id-token claims needed to restore the account
 * after a reload), sealed with SESSION_SECRET. It is the only session state there is: no store on
 * the server, so any replica with the same secret serves any request.
 *
 * - Over https: `__Host-switchboard-session; Path=/; Secure; HttpOnly; SameSite=Strict`. The
 *   `__Host-` prefix makes the browser refuse it unless Secure, host-only and Path=/, so a sibling
 *   subdomain cannot plant or shadow it (RFC 6265bis §4.1.3.2).
 * - Over plain http on a loopback host (development): `switchboard-session; Path={base}/api/oauth;
 *   HttpOnly; SameSite=Strict` — no prefix and no Secure, which browsers refuse over http.
 * - Over plain http anywhere else: no cookie; the route refuses to sign anyone in.
 */
import { MAX_COOKIE_BYTES } from './limits.ts';
import { isLoopbackHost } from './request-origin.ts';
import { seal, unseal } from './seal.ts';

export const SECURE_COOKIE_NAME = '__Host-switchboard-session';
export const DEV_COOKIE_NAME = 'switchboard-session';

export interface CookiePolicy {
	name: string;
	secure: boolean;
	path: string;
}

export interface SessionPayload {
	refreshToken: string;
	/** Id-token claims kept for a refresh answer that carries no new id token. */
	claims: Record<string, unknown> | null;
	/** Epoch seconds after which the sealed payload is refused even if the browser still has it. */
	expiresAt: number;
}

/** The cookie for an app served at `origin`; `null` when it would travel over plain http. */
export function cookiePolicy(origin: URL, basePath: string): CookiePolicy | null {
	if (origin.protocol === 'https:') return { name: SECURE_COOKIE_NAME, secure: true, path: '/' };
	if (origin.protocol === 'http:' && isLoopbackHost(origin.hostname)) {
		return { name: DEV_COOKIE_NAME, secure: false, path: `${basePath}/api/oauth` };
	}
	return null;
}

function attributes(policy: CookiePolicy, maxAgeSeconds: number): string {
	return [
		`Path=${policy.path}`,
		`Max-Age=${maxAgeSeconds}`,
		'HttpOnly',
		'SameSite=Strict',
		...(policy.secure ? ['Secure'] : [])
	].join('; ');
}

/** The sealed cookie value; the cookie name is authenticated with it, so values cannot swap names. */
export function sealSession(key: Buffer, policy: CookiePolicy, payload: SessionPayload): string {
	const plaintext = JSON.stringify({
		v: 1,
		rt: payload.refreshToken,
		c: payload.claims,
		exp: payload.expiresAt
	});
	return seal(key, plaintext, policy.name);
}

/** The payload of a cookie value, or `null` when it is not ours, was altered, or has expired. */
export function openSession(
	key: Buffer,
	policy: CookiePolicy,
	value: string,
	nowSeconds: number
): SessionPayload | null {
	const plaintext = unseal(key, value, policy.name);
	if (plaintext === null) return null;
	let parsed: unknown;
	try {
		parsed = JSON.parse(plaintext);
	} catch {
		return null;
	}
	if (typeof parsed !== 'object' || parsed === null) return null;
	const { v, rt, c, exp } = parsed as Record<string, unknown>;
	if (v !== 1 || typeof rt !== 'string' || rt === '' || typeof exp !== 'number') return null;
	if (exp <= nowSeconds) return null;
	const claims =
		typeof c === 'object' && c !== null && !Array.isArray(c)
			? (c as Record<string, unknown>)
			: null;
	return { refreshToken: rt, claims, expiresAt: exp };
}

/** Every value of cookie `name` in a `Cookie` header, in order (RFC 6265 §5.4 allows several). */
function cookieValues(cookieHeader: string | null, name: string): string[] {
	if (cookieHeader === null) return [];
	const values: string[] = [];
	for (const pair of cookieHeader.split(';')) {
		const separator = pair.indexOf('=');
		if (separator !== -1 && pair.slice(0, separator).trim() === name) {
			values.push(pair.slice(separator + 1).trim());
		}
	}
	return values;
}

interface SessionLookup {
	/** The first cookie of the policy's name that opens, if any. */
	session: SessionPayload | null;
	/** Cookies of that name the browser sent, opened or not. */
	sent: number;
}

/**
 * The session among the cookies sent. A browser can hold several cookies of one name (another
 * path, or one planted by a sibling host over http), and sends them all: the one that opens wins,
 * and the others are ignored rather than taken as the session.
 */
export function findSession(
	key: Buffer,
	policy: CookiePolicy,
	cookieHeader: string | null,
	nowSeconds: number
): SessionLookup {
	const values = cookieValues(cookieHeader, policy.name);
	for (const value of values) {
		const session = openSession(key, policy, value, nowSeconds);
		if (session !== null) return { session, sent: values.length };
	}
	return { session: null, sent: values.length };
}

/** `Set-Cookie` for a sealed value; `null` when it would be too large for browsers to keep. */
export function sessionCookie(
	policy: CookiePolicy,
	sealed: string,
	maxAgeSeconds: number
): string | null {
	const header = `${policy.name}=${sealed}; ${attributes(policy, maxAgeSeconds)}`;
	return header.length > MAX_COOKIE_BYTES ? null : header;
}

/** `Set-Cookie` that removes the session cookie (same name and path, expired). */
export function clearedSessionCookie(policy: CookiePolicy): string {
	return `${policy.name}=; ${attributes(policy, 0)}`;
}

export { readCookie } from '../../config/cookie-header.ts';
