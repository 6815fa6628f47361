/**
 * The sign-in routes' wiring to the process configuration: one set of dependencies per process,
 * built on first use. `+server.ts` files call these and nothing else.
 */
import { dev } from '$app/environment';
import { parseClaimPath } from '../../auth/claim-path.ts';
import { serverConfig } from '../config.ts';
import { authorizationServerLookup, type ServerLookup } from './authorization-server.ts';
import { RATE_LIMIT } from './limits.ts';
import { handleMetadataRequest } from './metadata-route.ts';
import { RateLimiter } from './rate-limit.ts';
import { routeError } from './route-error.ts';
import { deriveSessionKey } from './seal.ts';
import {
	handleSignOut,
	handleTokenRequest,
	type TokenRouteDeps,
	type TokenRouteRequest
} from './token-route.ts';

export type { TokenRouteRequest } from './token-route.ts';

let deps: TokenRouteDeps | null | undefined;

/** `null` when sign-in is not configured (no AUTH_URL). */
function routeDeps(): TokenRouteDeps | null {
	if (deps !== undefined) return deps;
	const config = serverConfig();
	if (config.authUrl === null || config.oauthClientId === null) {
		deps = null;
		return deps;
	}
	deps = {
		clientId: config.oauthClientId,
		basePath: config.basePath,
		trustProxyHeaders: config.trustProxyHeaders,
		// adapter-node's own variables: with either, the URL it reports has the right scheme.
		urlSchemeKnown:
			dev ||
			Boolean(process.env['ORIGIN']?.trim()) ||
			Boolean(process.env['PROTOCOL_HEADER']?.trim()),
		sessionKey: deriveSessionKey(config.sessionSecret),
		accountClaim: parseClaimPath(config.accountClaim),
		authorizationServer: authorizationServerLookup(config.authUrl),
		limiter: new RateLimiter(RATE_LIMIT),
		fetch: (input, init) => fetch(input, init),
		now: Date.now
	};
	return deps;
}

function notConfigured(): Response {
	return routeError(404, 'not_configured', 'Sign-in is not configured on this server (AUTH_URL).');
}

export function tokenRoutePost(input: TokenRouteRequest): Promise<Response> {
	const current = routeDeps();
	return current === null ? Promise.resolve(notConfigured()) : handleTokenRequest(input, current);
}

export function tokenRouteDelete(input: TokenRouteRequest): Response {
	const current = routeDeps();
	return current === null ? notConfigured() : handleSignOut(input, current);
}

export function metadataRouteGet(): Promise<Response> {
	const current = routeDeps();
	const lookup: (() => Promise<ServerLookup>) | undefined = current?.authorizationServer;
	return lookup === undefined ? Promise.resolve(notConfigured()) : handleMetadataRequest(lookup);
}

/** Any other method on the token route. */
export function methodNotAllowed(): Response {
	return routeError(
		405,
		'invalid_request',
		'Use POST to exchange or refresh, DELETE to sign out.',
		{
			allow: 'POST, DELETE'
		}
	);
}
