/**
 * What the check probes — the active gateway profile, as the chat would use it — and the one-token
 * request it sends, built by the chat's own request builders (src/lib/wire) so that its headers,
 * and therefore its CORS preflight, are the ones a real turn has.
 */
import type { RequestAuthorizer } from '../auth/gateway-credentials.ts';
import { CLIENT, type Credentials } from '../chat/turn-planner.ts';
import { buildTurnRequest, type RouteKind, type WireRequest } from '../wire/index.ts';

export type CredentialSource = 'oauth' | 'api_key' | 'none';

/**
 * How the browser reaches the gateway: `direct` (cross-origin unless the profile says otherwise),
 * or through this server: the built-in demo gateway, or the relay (`GATEWAY_MODE=relay`).
 */
export type GatewayPath = 'direct' | 'relay' | 'demo';

export interface CheckTarget {
	/** The profile's base URL, absolute, without a trailing slash. */
	baseUrl: string;
	/** The page's origin (`location.origin`). */
	origin: string;
	route: RouteKind;
	/** `<area>` of the backend route. */
	area: string;
	path: GatewayPath;
	/** Through the relay: the host it forwards to (the server names it; the URL is this origin's). */
	upstreamHost?: string;
	/** The gateway the server is configured with (GATEWAY_URL): GATEWAY_MODE applies to it. */
	configuredByServer: boolean;
	/** The model the chat would use; `''` → the first one the gateway lists. */
	model: string;
	classifierModels: readonly string[];
	credentialSource: CredentialSource;
	/** The credentials as they are now (for the request builders); the authorizer adds them at send. */
	credentials: Credentials;
	authorizer: RequestAuthorizer;
}

/** Asked of the model: the smallest answer that still proves a stream works end to end. */
export const PROBE_INSTRUCTIONS = 'This is a connection check. Reply with the single word OK.';
export const PROBE_PROMPT = 'Connection check: reply with OK.';
/** Responses' smallest accepted `max_output_tokens`; Messages takes the same. */
export const PROBE_MAX_TOKENS = 16;
const PROBE_SESSION = 'connection-check';

export function isSameOrigin(target: Pick<CheckTarget, 'baseUrl' | 'origin'>): boolean {
	return URL.canParse(target.baseUrl) && new URL(target.baseUrl).origin === target.origin;
}

/**
 * A one-turn streaming request for `model` on the target's route, with a tiny output limit where
 * the route has one (the backend route refuses `max_output_tokens`). Throws RequestBuildError
 * when a credential cannot be a header value.
 */
export function probeRequest(target: CheckTarget, model: string): WireRequest {
	const bearer = target.credentials.bearer;
	const common = {
		baseUrl: target.baseUrl,
		model,
		capabilities: { thinking: 'off', encryptedReasoning: false } as const,
		conversation: {
			instructions: PROBE_INSTRUCTIONS,
			turns: [{ role: 'user' as const, text: PROBE_PROMPT }]
		},
		stream: true
	};
	switch (target.route) {
		case 'responses':
			return buildTurnRequest({
				route: 'responses',
				...common,
				maxOutputTokens: PROBE_MAX_TOKENS,
				...(bearer === undefined ? {} : { apiKey: bearer })
			});
		case 'backend':
			return buildTurnRequest({
				route: 'backend',
				...common,
				area: target.area,
				accessToken: bearer ?? '',
				account: target.credentials.account ?? { header: 'service-account-id', id: '' },
				client: CLIENT,
				sessionId: PROBE_SESSION
			});
		case 'messages':
			return buildTurnRequest({
				route: 'messages',
				...common,
				maxTokens: PROBE_MAX_TOKENS,
				...(bearer === undefined
					? {}
					: { credential: { scheme: 'bearer' as const, value: bearer } })
			});
	}
}

/** The headers a chat request on the target carries: the builder's, then the authorizer's. */
export async function turnHeaders(
	target: CheckTarget,
	request: WireRequest
): Promise<Record<string, string>> {
	return { ...request.headers, ...(await target.authorizer.headers(target.route)) };
}

/** `GET {base}/v1/models` headers as the chat sends them (src/lib/chat/app-state, #loadModels). */
export async function modelListHeaders(target: CheckTarget): Promise<Record<string, string>> {
	return {
		...(target.route === 'messages' ? { 'anthropic-version': '2023-06-01' } : {}),
		...(await target.authorizer.headers(target.route))
	};
}

/** Values that must never appear in a report: the credentials' header values. */
export async function secretValues(target: CheckTarget): Promise<string[]> {
	const values = Object.values(await target.authorizer.headers(target.route));
	const bearer = target.credentials.bearer;
	return [...values, ...(bearer === undefined ? [] : [bearer, `Bearer ${bearer}`])].filter(
		(value) => value.length >= 4
	);
}
