/**
 * The relay's wiring to the process configuration: `+server.ts` calls `handleRelay` and nothing
 * else. See relay-route.ts for what the relay does, and the files it imports for each rule.
 */
import { serverConfig } from '../config.ts';
import { clientConnection } from './client-connection.ts';
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
		connection: clientConnection(event.request, event.platform),
		settings: {
			gatewayMode: config.gatewayMode,
			gatewayUrl: config.gatewayUrl,
			accountHeader: config.accountHeader
		}
	});
}
