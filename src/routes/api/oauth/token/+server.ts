import { methodNotAllowed, tokenRouteDelete, tokenRoutePost } from '$lib/server/oauth';
import type { RequestHandler } from './$types';

export const POST: RequestHandler = ({ request, url, getClientAddress }) =>
	tokenRoutePost({ request, url, peerAddress: getClientAddress() });

export const DELETE: RequestHandler = ({ request, url, getClientAddress }) =>
	tokenRouteDelete({ request, url, peerAddress: getClientAddress() });

export const fallback: RequestHandler = () => methodNotAllowed();
