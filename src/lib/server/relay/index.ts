/**
 * The relay's wiring to the process configuration: `+server.ts` calls `handleRelay` and nothing
 * else. See relay-route.ts for what the relay does, and the files it imports for each rule.
 */
import { serverConfig } from '../config.ts';
import { appOrigin } from '../oauth/request-origin.ts';
import { clientConnection } from './client-connection.ts';
import { CONNECT_TIMEOUT_MS, MAX_REQUEST_BODY_BYTES } from './limits.ts';
import { relayRoute } from './relay-route.ts';

export function handleRelay(event: {
	request: Request;
	url: URL;
	platform?: unknown;
}): Promise<Response> {
	const config = serverConfig();
	return relayRoute({
		request: event.request,
		url: event.url,
		// Only its host is compared (caller-policy.ts), so the scheme need not be known.
		appOrigin: appOrigin(event.url, event.request.headers, {
			trustProxyHeaders: config.trustProxyHeaders,
			urlSchemeKnown: true
		}),
		connection: clientConnection(event.request, event.platform),
		settings: {
			gatewayMode: config.gatewayMode,
			gatewayUrl: config.gatewayUrl,
			accountHeader: config.accountHeader
		},
		limits: {
			maxRequestBytes: MAX_REQUEST_BODY_BYTES,
			connectTimeoutMs: CONNECT_TIMEOUT_MS,
			firstByteTimeoutMs: config.relayFirstByteTimeoutSeconds * 1000,
			idleTimeoutMs: config.relayIdleTimeoutSeconds * 1000
		}
	});
}
