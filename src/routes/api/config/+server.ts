import { json } from '@sveltejs/kit';
import { serverConfig, toPublicConfig } from '$lib/server/config';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = () =>
	json(toPublicConfig(serverConfig()), { headers: { 'cache-control': 'no-store' } });
