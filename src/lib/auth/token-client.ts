/**
 * The browser's side of the token route (`{base}/api/oauth/token`, same origin). oauth4webapi
 * builds the requests — with the route standing in as the token endpoint — and this module reads
 * the answers. The browser never talks to the real token endpoint and never sees a refresh token:
 * a refresh is `grant_type=refresh_token` with no token at all; the route adds it from the cookie.
 * @see RFC 6749 §4.1.3 (code exchange), §6 (refresh)
 */
import {
	allowInsecureRequests,
	authorizationCodeGrantRequest,
	customFetch,
	genericTokenEndpointRequest,
	None,
	type AuthorizationServer,
	type Client
} from 'oauth4webapi';
// Straight from its module, not the index: this file loads on first use, and so should the
// token-exchange classifier (the index is in the chat's first paint).
import { classifyTokenExchange } from '../failure/classify-token.ts';
import type { Failure } from '../failure/index.ts';
import type { SignInAttempt } from './sign-in-attempt.ts';
import { SESSION_HEADER, SESSION_HEADER_VALUE } from './token-route-contract.ts';

export interface TokenSet {
	accessToken: string;
	/** Seconds the access token lives, when the server said. */
	expiresIn: number | null;
	/** Checked id-token claims (absent on a refresh whose server sent no id token). */
	claims: Record<string, unknown> | null;
}

export type TokenResult = { ok: true; tokens: TokenSet } | { ok: false; failure: Failure };

/** The token route, dressed as the token endpoint of an authorization server for oauth4webapi. */
function routeAsServer(routeUrl: URL, issuer: string): AuthorizationServer {
	return { issuer, token_endpoint: routeUrl.href };
}

function requestOptions(routeUrl: URL, fetchFn: typeof fetch) {
	return {
		headers: { [SESSION_HEADER]: SESSION_HEADER_VALUE },
		// Our own origin: plain http only where the app itself is served over http (development).
		[allowInsecureRequests]: routeUrl.protocol === 'http:',
		[customFetch]: (
			url: string,
			init: {
				method: string;
				headers: Record<string, string>;
				body: URLSearchParams;
				redirect: 'manual';
				signal?: AbortSignal;
			}
		) =>
			fetchFn(url, {
				method: init.method,
				headers: init.headers,
				body: init.body,
				redirect: 'error',
				credentials: 'same-origin',
				cache: 'no-store',
				// Outlives a reload: the rotated refresh token's Set-Cookie must not be lost with an
				// aborted request, or the next page would present the old one (reuse, RFC 9700 §4.14.2).
				keepalive: true,
				...(init.signal === undefined ? {} : { signal: init.signal })
			})
	};
}

function record(value: unknown): Record<string, unknown> | null {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: null;
}

/** The route's 200 body, checked field by field. */
function readTokens(json: unknown): TokenSet | null {
	const body = record(json);
	if (body === null) return null;
	const { access_token, token_type, expires_in, id_token_claims } = body;
	if (typeof access_token !== 'string' || access_token === '' || token_type !== 'Bearer')
		return null;
	const claims = id_token_claims === undefined ? null : record(id_token_claims);
	if (id_token_claims !== undefined && claims === null) return null;
	return {
		accessToken: access_token,
		expiresIn: typeof expires_in === 'number' && expires_in > 0 ? expires_in : null,
		claims
	};
}

async function settle(send: () => Promise<Response>, routeUrl: URL): Promise<TokenResult> {
	let response: Response;
	try {
		response = await send();
	} catch (error) {
		return { ok: false, failure: classifyTokenExchange({ thrown: error, url: routeUrl.href }) };
	}
	const body = await response.text().catch(() => '');
	if (response.ok) {
		let json: unknown;
		try {
			json = JSON.parse(body);
		} catch {
			json = null;
		}
		const tokens = readTokens(json);
		if (tokens !== null) return { ok: true, tokens };
	}
	const { status, headers } = response;
	return { ok: false, failure: classifyTokenExchange({ status, headers, body }) };
}

/** Redeems the code of a checked callback (`params` from `validateAuthResponse`). */
export function exchangeCode(
	routeUrl: URL,
	attempt: SignInAttempt,
	params: URLSearchParams,
	fetchFn: typeof fetch
): Promise<TokenResult> {
	const client: Client = { client_id: attempt.clientId };
	return settle(
		() =>
			authorizationCodeGrantRequest(
				routeAsServer(routeUrl, attempt.issuer),
				client,
				None(),
				params,
				attempt.redirectUri,
				attempt.codeVerifier,
				requestOptions(routeUrl, fetchFn)
			),
		routeUrl
	);
}

/** Asks the route for a new access token with the refresh token in the session cookie. */
export function refreshWithCookie(
	routeUrl: URL,
	issuer: string,
	clientId: string,
	fetchFn: typeof fetch
): Promise<TokenResult> {
	return settle(
		() =>
			genericTokenEndpointRequest(
				routeAsServer(routeUrl, issuer),
				{ client_id: clientId },
				None(),
				'refresh_token',
				new URLSearchParams(),
				requestOptions(routeUrl, fetchFn)
			),
		routeUrl
	);
}

/** Sign-out: the route clears the session cookie. Best effort; the caller forgets the token anyway. */
export async function endServerSession(routeUrl: URL, fetchFn: typeof fetch): Promise<boolean> {
	try {
		const response = await fetchFn(routeUrl, {
			method: 'DELETE',
			headers: { [SESSION_HEADER]: SESSION_HEADER_VALUE },
			credentials: 'same-origin',
			cache: 'no-store'
		});
		return response.ok;
	} catch {
		return false;
	}
}
