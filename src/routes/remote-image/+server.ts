import type { RequestHandler } from './$types';
import { serverConfig } from '$lib/server/config';
import { remoteImageFrame } from '$lib/server/remote-image-frame';

export const GET: RequestHandler = ({ url }) =>
	remoteImageFrame(
		url.searchParams.get('src'),
		url.searchParams.get('alt') ?? '',
		serverConfig().frameAncestors
	);
