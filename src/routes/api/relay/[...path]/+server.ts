import { handleRelay } from '$lib/server/relay';
import type { RequestHandler } from './$types';

/**
 * Same-origin forwarding to GATEWAY_URL in relay mode (src/lib/server/relay): GET, HEAD and POST
 * are forwarded, OPTIONS is answered by the relay, every other method is refused with 405 —
 * and with the relay off, everything here is 404.
 */
const relay: RequestHandler = (event) => handleRelay(event);

export const GET = relay;
export const HEAD = relay;
export const POST = relay;
export const OPTIONS = relay;
export const fallback = relay;

/** The path is the gateway's: a trailing slash is passed on, never redirected away. */
export const trailingSlash = 'ignore';
