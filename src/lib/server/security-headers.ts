/**
 * Headers every response of the app carries (static files are served before SvelteKit and carry
 * only what adapter-node gives them; they are scripts and styles of our own, `nosniff` aside).
 */
import { CONNECT_COOKIE, parseConnectCookie } from '../config/connect-allowance.ts';
import { readCookie } from '../config/cookie-header.ts';
import type { ServerConfig } from './config.ts';
import { contentSecurityPolicy, directiveSources } from './content-security-policy.ts';
import { OWN_POLICY_HEADER } from './remote-image-frame.ts';

/** The policy for one response: SvelteKit's script-src (nonce) plus the configuration's sources. */
export function policyFor(config: ServerConfig, request: Request, response: Response): string {
	const custom = config.allowCustomGateways
		? parseConnectCookie(readCookie(request.headers.get('cookie'), CONNECT_COOKIE))
		: [];
	return contentSecurityPolicy({
		scriptSources: directiveSources(response.headers.get('content-security-policy'), 'script-src'),
		gatewayOrigin:
			config.gatewayUrl === null || config.gatewayMode === 'relay'
				? null
				: new URL(config.gatewayUrl).origin,
		customGatewayOrigins: custom,
		frameAncestors: config.frameAncestors
	});
}

export function withSecurityHeaders(response: Response, policy: string | null): Response {
	const apply = (headers: Headers): void => {
		headers.set('referrer-policy', 'no-referrer');
		headers.set('x-content-type-options', 'nosniff');
		// A response that set its own policy (an isolated document such as the remote-image frame)
		// keeps it; every other gets the app's.
		if (policy !== null && !headers.has(OWN_POLICY_HEADER)) {
			headers.set('content-security-policy', policy);
		}
		headers.delete(OWN_POLICY_HEADER);
	};
	try {
		apply(response.headers);
		return response;
	} catch {
		// Responses from fetch() have immutable headers: copy before changing.
		const copy = new Response(response.body, response);
		apply(copy.headers);
		return copy;
	}
}
