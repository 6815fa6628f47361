import type { Handle, ServerInit } from '@sveltejs/kit';
import { startUp } from '$lib/server/start-up';
import { withSecurityHeaders } from '$lib/server/security-headers';

export const init: ServerInit = startUp;

export const handle: Handle = async ({ event, resolve }) =>
	withSecurityHeaders(await resolve(event));
