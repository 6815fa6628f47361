/**
 * What the check probes — the active gateway profile, through the same GatewayClient the chat
 * sends with (src/lib/gateway) — and the one-token request it sends, built by the chat's own
 * request builders (src/lib/wire), so that its headers, and therefore its CORS preflight, are the
 * ones a real turn has.
 */
import type { GatewayClient } from '../gateway/gateway-client.ts';
import type { TurnRequest } from '../gateway/stream-turn.ts';
import { buildTurnRequest, type RouteKind } from '../wire/index.ts';

export type CredentialSource = 'oauth' | 'api_key' | 'none';

/**
 * How the browser reaches the gateway: `direct` (cross-origin unless the profile says otherwise),
 * or through this server: the built-in demo gateway, or the relay (`GATEWAY_MODE=relay`).
 */
export type GatewayPath = 'direct' | 'relay' | 'demo';

export interface CheckTarget {
	/** The profile's base URL, absolute, without a trailing slash (the gateway client's). */
	baseUrl: string;
	/** The page's origin (`location.origin`). */
	origin: string;
	/** The gateway client's route. */
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
	/** A credential (access token or API key) is there to send now. */
	hasCredential: boolean;
	/** The profile's client, as the chat has it: its credentials and header table at every send. */
	gateway: GatewayClient;
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
 * the route has one (the backend route refuses `max_output_tokens`). Like every request builder's,
 * it holds no credential: the gateway client adds the header table at send.
 */
export function probeRequest(target: CheckTarget, model: string): TurnRequest {
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
	const sessionId = PROBE_SESSION;
	switch (target.route) {
		case 'responses':
			return {
				...buildTurnRequest({ route: 'responses', ...common, maxOutputTokens: PROBE_MAX_TOKENS }),
				sessionId
			};
		case 'backend':
			return { ...buildTurnRequest({ route: 'backend', ...common, area: target.area }), sessionId };
		case 'messages':
			return {
				...buildTurnRequest({ route: 'messages', ...common, maxTokens: PROBE_MAX_TOKENS }),
				sessionId
			};
	}
}

/** Values that must never appear in a report: the credentials' header values. */
export function secretValues(target: CheckTarget): Promise<string[]> {
	return target.gateway.secrets();
}
