/**
 * Drives the token route's logic (`handleTokenRequest`, `handleSignOut`) with real `Request`s and
 * a real upstream server, as SvelteKit would call it.
 */
import { parseClaimPath } from '../../../src/lib/auth/claim-path.ts';
import {
	explicitEndpoints,
	type ServerLookup
} from '../../../src/lib/server/oauth/authorization-server.ts';
import { RateLimiter } from '../../../src/lib/server/oauth/rate-limit.ts';
import { deriveSessionKey } from '../../../src/lib/server/oauth/seal.ts';
import type {
	TokenRouteDeps,
	TokenRouteRequest
} from '../../../src/lib/server/oauth/token-route.ts';
import type { PublicConfig } from '../../../src/lib/config/public-config.ts';

export const APP = 'http://127.0.0.1:4173';
export const CLIENT_ID = 'switchboard-test';
export const SECRET = 'a-test-session-secret-of-at-least-32-characters';
export const CALLBACK = `${APP}/auth/callback`;
export const VERIFIER = 'v'.repeat(43);
export const ACCOUNT_CLAIM = 'https://api.example.com/auth.account_id';

/** The explicit endpoints of `authUrl`, without discovery (the discovery tests use the real lookup). */
export function fixedServer(authUrl: string): () => Promise<ServerLookup> {
	return () => Promise.resolve({ ok: true, server: explicitEndpoints(authUrl) });
}

export function routeDeps(
	authUrl: string,
	overrides: Partial<TokenRouteDeps> = {}
): TokenRouteDeps {
	return {
		clientId: CLIENT_ID,
		basePath: '',
		trustProxyHeaders: false,
		urlSchemeKnown: true,
		sessionKey: deriveSessionKey(SECRET),
		accountClaim: parseClaimPath(ACCOUNT_CLAIM),
		authorizationServer: fixedServer(authUrl),
		limiter: new RateLimiter({ burst: 1000, refillPerSecond: 1000, maxTrackedClients: 100 }),
		fetch: (input, init) => fetch(input, init),
		now: Date.now,
		timeoutMs: 5_000,
		...overrides
	};
}

export interface RouteCall {
	body?: BodyInit | null;
	headers?: Record<string, string>;
	/** Replaces the default same-origin headers entirely when given. */
	baseHeaders?: Record<string, string>;
	method?: string;
	app?: string;
	peerAddress?: string;
}

/** Same-origin browser headers for a call from the app's own page. */
export function browserHeaders(app = APP): Record<string, string> {
	return {
		origin: app,
		'sec-fetch-site': 'same-origin',
		'x-switchboard-session': '1',
		'content-type': 'application/x-www-form-urlencoded'
	};
}

export function call(options: RouteCall = {}): TokenRouteRequest {
	const app = options.app ?? APP;
	const url = new URL('/api/oauth/token', app);
	const method = options.method ?? 'POST';
	const request = new Request(url, {
		method,
		headers: { ...(options.baseHeaders ?? browserHeaders(app)), ...options.headers },
		...(method === 'POST' ? { body: options.body ?? '' } : {})
	});
	return { request, url, peerAddress: options.peerAddress ?? '127.0.0.1' };
}

export function codeForm(overrides: Record<string, string | null> = {}): string {
	const fields: Record<string, string | null> = {
		grant_type: 'authorization_code',
		client_id: CLIENT_ID,
		code: 'the-authorization-code',
		redirect_uri: CALLBACK,
		code_verifier: VERIFIER,
		...overrides
	};
	const form = new URLSearchParams();
	for (const [name, value] of Object.entries(fields)) if (value !== null) form.set(name, value);
	return form.toString();
}

export const refreshForm = (): string =>
	new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID }).toString();

/** The `name=value` part of each Set-Cookie header. */
export function setCookies(response: Response): string[] {
	return response.headers.getSetCookie();
}

/** `Cookie` header value carrying the session cookie a response set. */
export function cookieFrom(response: Response): string {
	const header = setCookies(response).find((cookie) => cookie.includes('switchboard-session='));
	if (header === undefined) throw new Error('no session cookie was set');
	return header.split(';')[0] ?? '';
}

/** Every key anywhere in a JSON value, lower-cased. */
export function allKeys(value: unknown): string[] {
	if (typeof value !== 'object' || value === null) return [];
	if (Array.isArray(value)) return value.flatMap(allKeys);
	return Object.entries(value).flatMap(([key, field]) => [key.toLowerCase(), ...allKeys(field)]);
}

/** The public configuration of an app whose sign-in goes to `authUrl` as the test client. */
export function signInConfig(
	authUrl: string,
	route: PublicConfig['gateway']['route']
): PublicConfig {
	return {
		gateway: { url: '/demo', route, area: 'codex', mode: 'direct', demo: true },
		defaultModel: null,
		allowCustomGateways: true,
		auth: { url: authUrl, clientId: CLIENT_ID, scopes: 'openid profile offline_access' },
		accountHeader: 'service-account-id',
		accountClaim: ACCOUNT_CLAIM,
		classifierModels: [],
		topUpUrl: null,
		basePath: ''
	};
}
