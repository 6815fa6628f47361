/**
 * What the browser and the token route agree on. Paths are relative to the app's base path.
 */

/** `POST` exchanges a code or refreshes; `DELETE` signs out. */
export const TOKEN_ROUTE_PATH = '/api/oauth/token';

/** `GET`: the authorization server's metadata (RFC 8414 fields), resolved by the server. */
export const METADATA_ROUTE_PATH = '/api/oauth/metadata';

/** Where the authorization server sends the person back: register `{origin}{base}/auth/callback`. */
export const CALLBACK_PATH = '/auth/callback';

/**
 * The sign-in window an embedded copy of the app opens (`{base}/auth/popup#<nonce>`): it signs in
 * first-party and answers the frame through `postMessage` (see popup-message.ts).
 */
export const POPUP_PATH = '/auth/popup';

/** The sign-in window's address fragment when it is opened to end the session instead. */
export const SIGN_OUT_FRAGMENT = '#sign-out';

/**
 * A static header every call to the token route must carry. A cross-site page cannot send a
 * custom header without a CORS preflight, which this route never grants, so a forged form post
 * or `fetch` from another site fails here even before the Origin check (OWASP CSRF Prevention:
 * "custom request headers").
 */
export const SESSION_HEADER = 'x-switchboard-session';
export const SESSION_HEADER_VALUE = '1';

/**
 * The token route's success answer. Never a refresh token (it stays in the HttpOnly cookie) and
 * never the raw id token: only its claims, checked by the server.
 */
export interface BrowserTokenResponse {
	access_token: string;
	token_type: 'Bearer';
	/** Lifetime of the access token in seconds, when the server said. */
	expires_in?: number;
	scope?: string;
	id_token_claims?: Record<string, unknown>;
}

/** The absolute URL of one of the app's own routes, for the page at `pageUrl`. */
export function appRouteUrl(appBase: string, path: string, pageUrl: URL): URL {
	return new URL(`${appBase}${path}`, pageUrl);
}
