/**
 * What every call to the token route must pass before anything else happens, in this order: the
 * per-client rate limit (429), same origin — `Origin` equal to the app's own and `Sec-Fetch-Site:
 * same-origin` when sent — (403), the static session header (403), and a transport the session
 * cookie may travel over (403). A refused call contacts no one.
 */
import { SESSION_HEADER, SESSION_HEADER_VALUE } from '../../auth/token-route-contract.ts';
import type { RateLimiter } from './rate-limit.ts';
import { appOrigin, clientKey, crossOriginProblem, type OriginOptions } from './request-origin.ts';
import { routeError } from './route-error.ts';
import { cookiePolicy, type CookiePolicy } from './session-cookie.ts';

export interface AdmissionDeps extends OriginOptions {
	basePath: string;
	limiter: RateLimiter;
	/** Epoch milliseconds. */
	now: () => number;
}

export interface TokenRouteRequest {
	request: Request;
	/** The URL as the server received it (SvelteKit's `event.url`). */
	url: URL;
	/** The socket's peer address (SvelteKit's `event.getClientAddress()`). */
	peerAddress: string;
}

export interface Admitted {
	origin: URL;
	policy: CookiePolicy;
}

/** The checks every method shares; a Response when the request is refused. */
export function admit(input: TokenRouteRequest, deps: AdmissionDeps): Admitted | Response {
	const { headers } = input.request;
	const client = clientKey(headers, input.peerAddress, deps.trustProxyHeaders);
	const decision = deps.limiter.take(client, deps.now());
	if (!decision.allowed) {
		return routeError(429, 'rate_limited', 'Too many sign-in requests. Try again shortly.', {
			'retry-after': String(decision.retryAfterSeconds)
		});
	}
	const origin = appOrigin(input.url, headers, deps);
	const crossOrigin = crossOriginProblem(headers, origin);
	if (crossOrigin !== null) return routeError(403, 'invalid_request', crossOrigin);
	if (headers.get(SESSION_HEADER) !== SESSION_HEADER_VALUE) {
		return routeError(
			403,
			'invalid_request',
			`Calls to this route must carry the ${SESSION_HEADER} header.`
		);
	}
	const policy = cookiePolicy(origin, deps.basePath);
	if (policy === null) {
		return routeError(
			403,
			'insecure_transport',
			'Sign-in needs HTTPS. Serve the app over https (behind a TLS proxy, set TRUST_PROXY_HEADERS=true).'
		);
	}
	return { origin, policy };
}
