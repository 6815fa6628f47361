/**
 * Where sign-in happens, resolved by the server from AUTH_URL alone — never from a request:
 * OpenID Connect Discovery (`{AUTH_URL}/.well-known/openid-configuration`) or RFC 8414
 * (`/.well-known/oauth-authorization-server`) when the server offers it, else the explicit
 * endpoints `{AUTH_URL}/oauth/authorize` and `{AUTH_URL}/oauth/token`.
 *
 * Resolved once and kept for the life of the process. An unreachable server is not remembered
 * (the next sign-in tries again) but is not retried more than once per {@link RETRY_AFTER_MS}.
 */
import {
	allowInsecureRequests,
	customFetch,
	discoveryRequest,
	processDiscoveryResponse
} from 'oauth4webapi';

export interface AuthorizationServer {
	issuer: string;
	authorizationEndpoint: string;
	tokenEndpoint: string;
	/** RFC 9207: the server puts `iss` in every authorization response. */
	issParameterSupported: boolean;
	discovered: boolean;
}

export type ServerLookup = { ok: true; server: AuthorizationServer } | { ok: false; url: string };

const RETRY_AFTER_MS = 10_000;
const DISCOVERY_TIMEOUT_MS = 10_000;

/** An endpoint from the metadata document: absolute, and https unless AUTH_URL itself is http. */
function endpoint(value: unknown, authUrl: URL): string | null {
	if (typeof value !== 'string' || !URL.canParse(value)) return null;
	const url = new URL(value);
	const allowed = authUrl.protocol === 'http:' ? ['http:', 'https:'] : ['https:'];
	return allowed.includes(url.protocol) && url.username === '' && url.password === ''
		? url.href
		: null;
}

/** The endpoints this app uses when the server publishes no metadata. */
export function explicitEndpoints(authUrl: string): AuthorizationServer {
	return {
		issuer: authUrl,
		authorizationEndpoint: `${authUrl}/oauth/authorize`,
		tokenEndpoint: `${authUrl}/oauth/token`,
		issParameterSupported: false,
		discovered: false
	};
}

class Unreachable extends Error {}

async function discover(
	authUrl: URL,
	algorithm: 'oidc' | 'oauth2',
	fetchFn: typeof fetch
): Promise<AuthorizationServer | null> {
	let response: Response;
	try {
		response = await discoveryRequest(authUrl, {
			algorithm,
			signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
			[customFetch]: (input, init) =>
				fetchFn(input, {
					method: init.method,
					headers: init.headers,
					redirect: init.redirect,
					...(init.signal === undefined ? {} : { signal: init.signal })
				}),
			[allowInsecureRequests]: authUrl.protocol === 'http:'
		});
	} catch {
		throw new Unreachable();
	}
	if (response.status >= 500 || response.status === 429) {
		// Down for now, not "no metadata": do not settle on the explicit endpoints.
		await response.body?.cancel().catch(() => undefined);
		throw new Unreachable();
	}
	try {
		const metadata = await processDiscoveryResponse(authUrl, response);
		const authorizationEndpoint = endpoint(metadata.authorization_endpoint, authUrl);
		const tokenEndpoint = endpoint(metadata.token_endpoint, authUrl);
		if (authorizationEndpoint === null || tokenEndpoint === null) return null;
		return {
			issuer: metadata.issuer,
			authorizationEndpoint,
			tokenEndpoint,
			issParameterSupported: metadata.authorization_response_iss_parameter_supported === true,
			discovered: true
		};
	} catch {
		// Not offered (404, not JSON) or not for this issuer: use the explicit endpoints.
		return null;
	}
}

/** A lookup function for `authUrl` (no trailing slash), caching what it learns. */
export function authorizationServerLookup(
	authUrl: string,
	fetchFn: typeof fetch = fetch,
	now: () => number = Date.now
): () => Promise<ServerLookup> {
	let known: AuthorizationServer | null = null;
	let pending: Promise<ServerLookup> | null = null;
	let unreachableUntil = 0;
	const url = new URL(authUrl);
	const discoveryUrl = `${authUrl}/.well-known/openid-configuration`;
	const resolve = async (): Promise<ServerLookup> => {
		try {
			known =
				(await discover(url, 'oidc', fetchFn)) ??
				(await discover(url, 'oauth2', fetchFn)) ??
				explicitEndpoints(authUrl);
			return { ok: true, server: known };
		} catch (error) {
			if (!(error instanceof Unreachable)) throw error;
			unreachableUntil = now() + RETRY_AFTER_MS;
			return { ok: false, url: discoveryUrl };
		}
	};
	return () => {
		if (known !== null) return Promise.resolve({ ok: true, server: known });
		if (now() < unreachableUntil) return Promise.resolve({ ok: false, url: discoveryUrl });
		pending ??= resolve().finally(() => (pending = null));
		return pending;
	};
}
