import type { Handle, ServerInit } from '@sveltejs/kit';
import { serverConfig, toPublicConfig } from '$lib/server/config';
import { inlinesConfig, withInlineConfig } from '$lib/server/inline-config';
import { startUp } from '$lib/server/start-up';
import { policyFor, withSecurityHeaders } from '$lib/server/security-headers';

export const init: ServerInit = startUp;

export const handle: Handle = async ({ event, resolve }) => {
	const config = serverConfig();
	// Every page carries the configuration `/api/config` would answer (src/lib/config/inline-config.ts).
	const inline = inlinesConfig(event.request);
	const response = await resolve(event, {
		transformPageChunk: ({ html }) =>
			inline ? withInlineConfig(html, toPublicConfig(config)) : html
	});
	return withSecurityHeaders(response, policyFor(config, event.request, response));
};
