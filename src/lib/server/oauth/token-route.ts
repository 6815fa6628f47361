/**
 * `POST /api/oauth/token` and `DELETE /api/oauth/token`: the only way tokens reach the browser.
 *
 * POST forwards one authorization-code or refresh request to the token endpoint resolved from
 * AUTH_URL, and nowhere else. Every refusal happens before the authorization server is contacted:
 * rate limit (429), origin and the static session header (403), media type (415), size (413, with
 * or without a Content-Length), a body still arriving after {@link REQUEST_BODY_TIMEOUT_MS} (408),
 * fields (400). The refresh token never leaves the server in readable form: it is kept in the
 * sealed HttpOnly session cookie, a refresh carries no `refresh_token` field at all, and the
 * server's error answers are passed on with every credential redacted (error-redaction.ts). Only a
 * refusal of the refresh token itself ends the session. DELETE (sign-out) clears the cookie.
 * Nothing here logs a body, code, verifier or token.
 *
 * @see RFC 6749 §4.1.3 and §6 (the two grants), RFC 7636 §4.5 (code_verifier),
 *      RFC 9700 §4.14 (refresh token protection) and §2.1.1 (PKCE for public clients)
 */
import { accountClaimSubset, type ClaimPath } from '../../auth/claim-path.ts';
import { CALLBACK_PATH } from '../../auth/token-route-contract.ts';
import { admit, type AdmissionDeps, type Admitted, type TokenRouteRequest } from './admission.ts';
import type { ServerLookup } from './authorization-server.ts';
import { readIdTokenClaims, type IdClaims } from './id-token.ts';
import {
	MAX_REQUEST_BODY_BYTES,
	MAX_UPSTREAM_RESPONSE_BYTES,
	REQUEST_BODY_TIMEOUT_MS,
	SESSION_MAX_AGE_SECONDS,
	UPSTREAM_TIMEOUT_MS
} from './limits.ts';
import { readTokenForm } from './read-form.ts';
import { badAnswer, NO_STORE_HEADERS, routeError, transportFailure } from './route-error.ts';
import {
	clearedSessionCookie,
	findSession,
	sealSession,
	sessionCookie,
	type CookiePolicy,
	type SessionPayload
} from './session-cookie.ts';
import {
	browserTokenAnswer,
	passedOnError,
	readUpstreamTokens,
	refusesRefreshToken,
	type UpstreamTokens
} from './token-answer.ts';
import { parseTokenGrant, upstreamForm, type UpstreamGrant } from './token-grant.ts';
import { postTokenRequest } from './upstream.ts';

export type { TokenRouteRequest } from './admission.ts';

export interface TokenRouteDeps extends AdmissionDeps {
	clientId: string;
	sessionKey: Buffer;
	accountClaim: ClaimPath | null;
	authorizationServer: () => Promise<ServerLookup>;
	fetch: typeof fetch;
	timeoutMs?: number;
	maxResponseBytes?: number;
}

/** The claims worth keeping in the cookie: who the person is, and the account id. */
function keptClaims(claims: IdClaims | null, path: ClaimPath | null): IdClaims | null {
	if (claims === null) return null;
	const kept: IdClaims = {};
	for (const name of ['iss', 'sub', 'email', 'name', 'preferred_username']) {
		if (typeof claims[name] === 'string') kept[name] = claims[name];
	}
	return { ...kept, ...accountClaimSubset(claims, path) };
}

/** `Set-Cookie` for the new session, trying without claims when the cookie would be too large. */
function newSessionCookie(
	deps: TokenRouteDeps,
	policy: CookiePolicy,
	refreshToken: string,
	claims: IdClaims | null,
	lifetimeSeconds: number
): string | null {
	const expiresAt = Math.floor(deps.now() / 1000) + lifetimeSeconds;
	for (const kept of [claims, null]) {
		const payload: SessionPayload = { refreshToken, claims: kept, expiresAt };
		const cookie = sessionCookie(
			policy,
			sealSession(deps.sessionKey, policy, payload),
			lifetimeSeconds
		);
		if (cookie !== null) return cookie;
	}
	return null;
}

/** The credentials a grant carries upstream, to be kept out of whatever comes back. */
function sentCredentials(grant: UpstreamGrant): string[] {
	return grant.grantType === 'authorization_code'
		? [grant.code, grant.codeVerifier]
		: [grant.refreshToken];
}

async function forward(
	grant: UpstreamGrant,
	session: SessionPayload | null,
	admitted: Admitted,
	deps: TokenRouteDeps
): Promise<Response> {
	const lookup = await deps.authorizationServer();
	if (!lookup.ok) return transportFailure(lookup.url, false);
	const { server } = lookup;
	const answer = await postTokenRequest(
		new URL(server.tokenEndpoint),
		upstreamForm(grant, deps.clientId),
		{
			fetch: deps.fetch,
			timeoutMs: deps.timeoutMs ?? UPSTREAM_TIMEOUT_MS,
			maxBytes: deps.maxResponseBytes ?? MAX_UPSTREAM_RESPONSE_BYTES
		}
	);
	const isRefresh = grant.grantType === 'refresh_token';
	switch (answer.kind) {
		case 'unreachable':
			return transportFailure(server.tokenEndpoint, answer.timedOut);
		case 'redirected':
			return badAnswer(
				`the token endpoint answered with a redirect (status ${answer.status}), which is not followed`
			);
		case 'too_large':
			return badAnswer("the sign-in server's answer was too large");
		case 'answered':
			break;
	}
	if (answer.status < 200 || answer.status > 299) {
		// A refused refresh token is dead (expired, reused, revoked): forget it. Any other failure
		// leaves the session as it is, to be tried again.
		const forget = isRefresh && refusesRefreshToken(answer.status, answer.body);
		return passedOnError(
			answer.status,
			answer.contentType,
			answer.body,
			sentCredentials(grant),
			forget ? clearedSessionCookie(admitted.policy) : null
		);
	}
	const tokens: UpstreamTokens | null = readUpstreamTokens(answer.body);
	if (tokens === null) return badAnswer("the sign-in server's answer could not be read");
	let claims: IdClaims | null = null;
	if (tokens.idToken !== undefined) {
		claims = readIdTokenClaims(tokens.idToken, {
			issuer: server.issuer,
			clientId: deps.clientId,
			now: Math.floor(deps.now() / 1000)
		});
		if (claims === null) {
			return badAnswer('the id token was not issued to this app by this sign-in server');
		}
	}
	const shownClaims = claims ?? (isRefresh ? (session?.claims ?? null) : null);
	const refreshToken = tokens.refreshToken ?? (isRefresh ? session?.refreshToken : undefined);
	let setCookie: string | null;
	if (refreshToken === undefined) {
		// No refresh token (no offline access granted): no session to keep, and none left over.
		setCookie = clearedSessionCookie(admitted.policy);
	} else {
		const lifetime = Math.min(SESSION_MAX_AGE_SECONDS, tokens.refreshTokenExpiresIn ?? Infinity);
		setCookie = newSessionCookie(
			deps,
			admitted.policy,
			refreshToken,
			keptClaims(shownClaims, deps.accountClaim),
			lifetime
		);
		if (setCookie === null) return badAnswer('the refresh token is too large to keep in a cookie');
	}
	return browserTokenAnswer(tokens, shownClaims, setCookie);
}

/** `POST`: an authorization-code exchange or a refresh. */
export async function handleTokenRequest(
	input: TokenRouteRequest,
	deps: TokenRouteDeps
): Promise<Response> {
	const admitted = admit(input, deps);
	if (admitted instanceof Response) return admitted;
	const form = await readTokenForm(input.request, {
		maxBytes: MAX_REQUEST_BODY_BYTES,
		timeoutMs: REQUEST_BODY_TIMEOUT_MS
	});
	if (!form.ok) {
		// The rest of the body is still on the connection: close it rather than wait for it.
		const close = form.bodyLeftUnread ? { connection: 'close' } : {};
		return routeError(form.status, form.error, form.description, close);
	}
	const parsed = parseTokenGrant(form.fields, {
		clientId: deps.clientId,
		redirectUri: `${admitted.origin.origin}${deps.basePath}${CALLBACK_PATH}`
	});
	if (!parsed.ok) return routeError(400, parsed.error, parsed.description);
	const { grant } = parsed;
	if (grant.grantType === 'authorization_code') return forward(grant, null, admitted, deps);

	const { session, sent } = findSession(
		deps.sessionKey,
		admitted.policy,
		input.request.headers.get('cookie'),
		Math.floor(deps.now() / 1000)
	);
	if (session === null) {
		// Only cookies that cannot be opened were sent: clear them, there is nothing to keep.
		return routeError(
			400,
			'invalid_grant',
			'There is no sign-in session in this browser. Sign in.',
			sent === 0 ? {} : { 'set-cookie': clearedSessionCookie(admitted.policy) }
		);
	}
	return forward({ ...grant, refreshToken: session.refreshToken }, session, admitted, deps);
}

/** `DELETE`: sign out. Clears the cookie; the in-memory access token is the browser's to drop. */
export function handleSignOut(input: TokenRouteRequest, deps: TokenRouteDeps): Response {
	const admitted = admit(input, deps);
	if (admitted instanceof Response) return admitted;
	return new Response(null, {
		status: 204,
		headers: { ...NO_STORE_HEADERS, 'set-cookie': clearedSessionCookie(admitted.policy) }
	});
}
