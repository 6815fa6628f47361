import type { Handle, ServerInit } from '@sveltejs/kit';
import { serverConfig } from '$lib/server/config';
import { startUp } from '$lib/server/start-up';
import { policyFor, withSecurityHeaders } from '$lib/server/security-headers';

export const init: ServerInit = startUp;

export const handle: Handle = async ({ event, resolve }) => {
	const response = await resolve(event);
	return withSecurityHeaders(response, policyFor(serverConfig(), event.request, response));
};
