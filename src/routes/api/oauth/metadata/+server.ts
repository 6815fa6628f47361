import { metadataRouteGet } from '$lib/server/oauth';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = () => metadataRouteGet();
