/**
 * The configuration the browser receives from `GET /api/config`: no secrets. The server builds it
 * (src/lib/server/config.ts); the client reads it back here and validates it before use.
 */
import { ROUTE_KINDS, type RouteKind } from '../wire/route-kind.ts';

export type GatewayMode = 'direct' | 'relay';

/** The backend route's account header when ACCOUNT_HEADER is unset (docs/reference/config.md). */
export const DEFAULT_ACCOUNT_HEADER = 'service-account-id';

export interface PublicConfig {
	gateway: {
		/**
		 * Where the browser sends gateway requests: the configured gateway's absolute URL in direct
		 * mode, or a path on this origin (resolved against the page) for the relay and the demo
		 * gateway.
		 */
		url: string;
		route: RouteKind;
		area: string;
		mode: GatewayMode;
		demo: boolean;
		/**
		 * The configured gateway's host (`gw.example.com`), for naming it to the person — in relay
		 * mode `url` is a path on this origin and says nothing about it. Absent for the demo gateway.
		 */
		upstreamHost?: string;
	};
	defaultModel: string | null;
	allowCustomGateways: boolean;
	auth: { url: string; clientId: string; scopes: string } | null;
	accountHeader: string;
	accountClaim: string | null;
	classifierModels: string[];
	topUpUrl: string | null;
	basePath: string;
}

export class PublicConfigError extends Error {
	override name = 'PublicConfigError';
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Parses an untrusted `/api/config` body; throws `PublicConfigError` when it is not one. */
export function parsePublicConfig(value: unknown): PublicConfig {
	if (!isObject(value) || !isObject(value['gateway'])) {
		throw new PublicConfigError('The server sent a configuration this app cannot read.');
	}
	const gateway = value['gateway'];
	const route = ROUTE_KINDS.find((kind) => kind === gateway['route']);
	if (typeof gateway['url'] !== 'string' || route === undefined) {
		throw new PublicConfigError('The server configuration names no usable gateway.');
	}
	const auth = value['auth'];
	return {
		gateway: {
			url: gateway['url'],
			route,
			area: typeof gateway['area'] === 'string' ? gateway['area'] : 'codex',
			mode: gateway['mode'] === 'relay' ? 'relay' : 'direct',
			demo: gateway['demo'] === true,
			...(typeof gateway['upstreamHost'] === 'string' && gateway['upstreamHost'] !== ''
				? { upstreamHost: gateway['upstreamHost'] }
				: {})
		},
		defaultModel: stringOrNull(value['defaultModel']),
		allowCustomGateways: value['allowCustomGateways'] !== false,
		auth:
			isObject(auth) && typeof auth['url'] === 'string' && typeof auth['clientId'] === 'string'
				? {
						url: auth['url'],
						clientId: auth['clientId'],
						scopes: stringOrNull(auth['scopes']) ?? ''
					}
				: null,
		accountHeader: stringOrNull(value['accountHeader']) ?? DEFAULT_ACCOUNT_HEADER,
		accountClaim: stringOrNull(value['accountClaim']),
		classifierModels: Array.isArray(value['classifierModels'])
			? value['classifierModels'].filter((model): model is string => typeof model === 'string')
			: ['codex-auto-review'],
		topUpUrl: stringOrNull(value['topUpUrl']),
		basePath: stringOrNull(value['basePath']) ?? ''
	};
}
