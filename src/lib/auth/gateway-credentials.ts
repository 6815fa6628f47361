/**
 * The credentials a gateway request carries, decided at send time (so the freshest access token
 * goes out), and what to do after a 401: refresh once, then the caller retries once.
 *
 * Per gateway profile (`source`):
 * - `oauth` (the server's own gateway, AUTH_URL set): signed in → `Authorization: Bearer <access
 *   token>`, plus the account header on the backend route when the id token names an account;
 *   not signed in → the profile's API key, if the person chose to paste one instead.
 * - `api_key`: the profile's key as `Authorization: Bearer`, plus `x-api-key` on the messages route.
 * - `none`: nothing.
 * The sign-in access token is only ever sent to an `oauth` profile: never to a gateway the person
 * added themselves.
 */
import type { RouteKind } from '../wire/route-kind.ts';

export type CredentialSource = 'oauth' | 'api_key' | 'none';

export interface RequestAuthorizer {
	/** Headers to add to a request on `route` (none when there is no credential). */
	headers(route: RouteKind): Promise<Record<string, string>>;
	/** After a 401: `true` when a new credential is ready and the request may be sent once more. */
	recover(): Promise<boolean>;
}

/** The parts of AuthSession this needs (kept structural so tests can stand in for it). */
export interface OAuthCredential {
	readonly signedIn: boolean;
	readonly account: { accountId: string | null } | null;
	accessToken(): Promise<string | null>;
	refresh(): Promise<boolean>;
}

export interface KeyCredential {
	key(): string | null;
}

function keyHeaders(key: string, route: RouteKind): Record<string, string> {
	return { authorization: `Bearer ${key}`, ...(route === 'messages' ? { 'x-api-key': key } : {}) };
}

export function gatewayCredentials(
	source: CredentialSource,
	oauth: OAuthCredential,
	apiKey: KeyCredential,
	accountHeader: () => string
): RequestAuthorizer {
	return {
		async headers(route) {
			if (source === 'none') return {};
			if (source === 'oauth' && oauth.signedIn) {
				const token = await oauth.accessToken();
				if (token !== null) {
					const accountId = oauth.account?.accountId ?? null;
					return {
						authorization: `Bearer ${token}`,
						...(route === 'backend' && accountId !== null ? { [accountHeader()]: accountId } : {})
					};
				}
			}
			const key = apiKey.key();
			return key === null ? {} : keyHeaders(key, route);
		},
		recover() {
			return source === 'oauth' && oauth.signedIn ? oauth.refresh() : Promise.resolve(false);
		}
	};
}

/**
 * Sends a request with the credentials for `route`; on a 401, refreshes once and sends it once
 * more. The 401 answer is returned as is when no new credential could be had, so it is classified
 * (`auth_expired`) like any other failure. `send` must be callable twice (a string body is).
 */
export async function sendAuthorized(
	send: (headers: Record<string, string>) => Promise<Response>,
	authorizer: RequestAuthorizer | undefined,
	route: RouteKind
): Promise<Response> {
	if (authorizer === undefined) return send({});
	const first = await send(await authorizer.headers(route));
	if (first.status !== 401) return first;
	if (!(await authorizer.recover())) return first;
	await first.body?.cancel().catch(() => undefined);
	return send(await authorizer.headers(route));
}
