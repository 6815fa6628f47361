/**
 * Reading the token endpoint's answer and writing ours. A success is re-built field by field, so
 * nothing the browser must not see — above all `refresh_token` — can pass through by accident.
 */
import type { BrowserTokenResponse } from '../../auth/token-route-contract.ts';
import { readErrorFields } from '../../failure/fields.ts';
import { redactErrorBody } from './error-redaction.ts';
import { NO_STORE_HEADERS } from './route-error.ts';

/** The fields of a successful token response this app uses (RFC 6749 §5.1, OIDC Core §3.1.3.3). */
export interface UpstreamTokens {
	accessToken: string;
	expiresIn?: number;
	scope?: string;
	refreshToken?: string;
	/** Seconds the refresh token lives, when the server says (a common extension). */
	refreshTokenExpiresIn?: number;
	idToken?: string;
}

function positiveSeconds(value: unknown): number | undefined {
	const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) && number > 0
		? Math.floor(number)
		: undefined;
}

function nonEmpty(value: unknown): string | undefined {
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The tokens of a 2xx body, or `null` when it is not a usable Bearer token response. */
export function readUpstreamTokens(body: string): UpstreamTokens | null {
	let json: unknown;
	try {
		json = JSON.parse(body);
	} catch {
		return null;
	}
	if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
	const fields = json as Record<string, unknown>;
	const accessToken = nonEmpty(fields['access_token']);
	const tokenType = nonEmpty(fields['token_type'])?.toLowerCase();
	// Only Bearer tokens (RFC 6750): a DPoP-bound token would be useless to this client.
	if (accessToken === undefined || tokenType !== 'bearer') return null;
	const expiresIn = positiveSeconds(fields['expires_in']);
	const scope = nonEmpty(fields['scope']);
	const refreshToken = nonEmpty(fields['refresh_token']);
	const refreshTokenExpiresIn = positiveSeconds(fields['refresh_token_expires_in']);
	const idToken = nonEmpty(fields['id_token']);
	return {
		accessToken,
		...(expiresIn === undefined ? {} : { expiresIn }),
		...(scope === undefined ? {} : { scope }),
		...(refreshToken === undefined ? {} : { refreshToken }),
		...(refreshTokenExpiresIn === undefined ? {} : { refreshTokenExpiresIn }),
		...(idToken === undefined ? {} : { idToken })
	};
}

/** Our 200 answer: the access token, its lifetime and scope, and the checked id-token claims. */
export function browserTokenAnswer(
	tokens: UpstreamTokens,
	claims: Record<string, unknown> | null,
	setCookie: string | null
): Response {
	const body: BrowserTokenResponse = {
		access_token: tokens.accessToken,
		token_type: 'Bearer',
		...(tokens.expiresIn === undefined ? {} : { expires_in: tokens.expiresIn }),
		...(tokens.scope === undefined ? {} : { scope: tokens.scope }),
		...(claims === null ? {} : { id_token_claims: claims })
	};
	const headers = new Headers({ 'content-type': 'application/json', ...NO_STORE_HEADERS });
	if (setCookie !== null) headers.append('set-cookie', setCookie);
	return new Response(JSON.stringify(body), { status: 200, headers });
}

/**
 * Error codes that say the refresh token itself is dead: RFC 6749 §5.2 `invalid_grant`, and the
 * rotation codes some servers send instead — the codes the browser reads as "sign in again"
 * (failure/classify-token.ts). Any other failure (`invalid_scope`, `invalid_request`, a server
 * error, no answer) says nothing about the token, and the session is kept.
 */
const REFRESH_TOKEN_REFUSALS: ReadonlySet<string> = new Set([
	'invalid_grant',
	'refresh_token_expired',
	'refresh_token_reused',
	'refresh_token_invalidated'
]);

/** Whether a failed refresh's answer refuses the refresh token itself. */
export function refusesRefreshToken(status: number, body: string): boolean {
	if (status < 400 || status > 499) return false;
	let json: unknown;
	try {
		json = JSON.parse(body);
	} catch {
		return false;
	}
	const codes = readErrorFields(json)?.codes ?? [];
	return codes.some((code) => REFRESH_TOKEN_REFUSALS.has(code.toLowerCase()));
}

/**
 * The authorization server's error, passed on with its status so the browser's classifier sees
 * what the server said (a 403 region refusal stays a 403 with its body), with every credential
 * removed ({@link redactErrorBody}); `sent` are the credentials the request carried upstream.
 * Never passed on as markup.
 */
export function passedOnError(
	status: number,
	contentType: string,
	body: string,
	sent: readonly string[],
	setCookie: string | null
): Response {
	const redacted = redactErrorBody(contentType, body, sent);
	const headers = new Headers({ ...NO_STORE_HEADERS, 'content-type': redacted.contentType });
	if (setCookie !== null) headers.append('set-cookie', setCookie);
	const passStatus = status >= 400 && status <= 599 ? status : 502;
	return new Response(redacted.text, { status: passStatus, headers });
}
