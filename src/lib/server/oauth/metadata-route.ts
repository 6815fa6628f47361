/**
 * `GET /api/oauth/metadata`: the authorization server's metadata as this server resolved it from
 * AUTH_URL, in RFC 8414 field names, for the browser's oauth4webapi to check (issuer) and use
 * (authorization endpoint). Serving it from the app's origin means the browser talks to the
 * authorization server only to be redirected there, and needs no CORS from it.
 */
import type { ServerLookup } from './authorization-server.ts';
import { NO_STORE_HEADERS, transportFailure } from './route-error.ts';

export async function handleMetadataRequest(
	lookup: () => Promise<ServerLookup>
): Promise<Response> {
	const result = await lookup();
	if (!result.ok) return transportFailure(result.url, false);
	const { server } = result;
	const body = {
		issuer: server.issuer,
		authorization_endpoint: server.authorizationEndpoint,
		token_endpoint: server.tokenEndpoint,
		response_types_supported: ['code'],
		code_challenge_methods_supported: ['S256'],
		...(server.issParameterSupported
			? { authorization_response_iss_parameter_supported: true }
			: {})
	};
	return new Response(JSON.stringify(body), {
		headers: { 'content-type': 'application/json', ...NO_STORE_HEADERS }
	});
}
