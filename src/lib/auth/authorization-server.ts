/**
 * The authorization server's metadata, as the app's server resolved it from AUTH_URL (discovery
 * when offered, explicit endpoints otherwise), fetched from the app's own origin and checked by
 * oauth4webapi against the configured issuer before use.
 * @see RFC 8414 §3.3 (issuer must match), OIDC Discovery 1.0 §4.3
 */
import { processDiscoveryResponse, type AuthorizationServer } from 'oauth4webapi';
import { classifyThrown, type Failure } from '../failure/index.ts';
import { classifyTokenExchange } from '../failure/classify-token.ts';

export type ServerResult =
	{ ok: true; server: AuthorizationServer } | { ok: false; failure: Failure };

export async function loadAuthorizationServer(
	metadataUrl: string,
	issuer: string,
	fetchFn: typeof fetch
): Promise<ServerResult> {
	let response: Response;
	try {
		response = await fetchFn(metadataUrl, { cache: 'no-store', credentials: 'same-origin' });
	} catch (error) {
		return { ok: false, failure: classifyTokenExchange({ thrown: error, url: metadataUrl }) };
	}
	if (!response.ok) {
		const body = await response.text().catch(() => '');
		return {
			ok: false,
			failure: classifyTokenExchange({ status: response.status, headers: response.headers, body })
		};
	}
	try {
		const server = await processDiscoveryResponse(new URL(issuer), response);
		if (typeof server.authorization_endpoint !== 'string') throw new TypeError('no endpoint');
		return { ok: true, server };
	} catch (error) {
		const failure = classifyThrown(error);
		return {
			ok: false,
			failure: {
				kind: 'token_exchange_failed',
				code: 'invalid_server_metadata',
				message: `Sign-in failed: the sign-in server's description does not match AUTH_URL (${issuer}).`,
				...(failure.raw === undefined ? {} : { raw: failure.raw })
			}
		};
	}
}
