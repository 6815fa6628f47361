/**
 * The request for a conversation's next answer, from the active gateway profile, the chat
 * settings and the model's flags: the one place where settings become wire parameters.
 */
import {
	buildTurnRequest,
	type ConversationTurn,
	type ModelCapabilities,
	type ReasoningSettings,
	type RouteKind,
	type TurnRequestInput,
	type WireRequest
} from '../wire/index.ts';
import type { ChatSettings, GatewayProfile, ModelSettings } from './settings.ts';

/** What the sign-in module provides for a request, when anything. */
export interface Credentials {
	/** An access token or API key, sent as `Authorization: Bearer`. */
	bearer?: string;
	/** The account id for the backend route's account header. */
	account?: { header: string; id: string };
}

export interface PlannedTurn {
	request: WireRequest;
	route: RouteKind;
}

export interface PlanInput {
	profile: GatewayProfile;
	/** The profile's base URL, resolved to an absolute URL. */
	baseUrl: string;
	settings: ChatSettings;
	modelSettings: ModelSettings;
	model: string;
	conversationId: string;
	turns: readonly ConversationTurn[];
	/** A compaction summary standing in for the turns left out; sent with the instructions. */
	summary?: string | null;
	credentials: Credentials;
}

/** The Messages long-context beta, sent when the person enabled the larger context option. */
export const LONG_CONTEXT_BETA = 'context-1m-2025-08-07';
export const CLIENT = { version: '0.1.0', originator: 'switchboard' } as const;

export function planTurn(input: PlanInput): PlannedTurn {
	const { profile, settings, modelSettings } = input;
	const capabilities: ModelCapabilities = {
		thinking: modelSettings.thinking,
		budgetTokens: modelSettings.budgetTokens,
		encryptedReasoning: modelSettings.encryptedReasoning
	};
	const reasoning: ReasoningSettings = {
		...(settings.reasoningEffort === 'default' ? {} : { effort: settings.reasoningEffort }),
		...(settings.reasoningSummary ? { summary: 'auto' as const } : {})
	};
	// Only what the person asked for: a model that does not reason refuses any reasoning parameter.
	const asksForReasoning = settings.reasoningEffort !== 'default' || settings.reasoningSummary;
	const common = {
		baseUrl: input.baseUrl,
		model: input.model,
		capabilities,
		conversation: {
			instructions:
				input.summary === undefined || input.summary === null
					? settings.instructions
					: `${settings.instructions}\n\nSummary of the earlier conversation:\n${input.summary}`.trim(),
			turns: input.turns
		},
		stream: true,
		...(modelSettings.thinking === 'off' || !asksForReasoning ? {} : { reasoning })
	};
	const imageGeneration = settings.imageGeneration.enabled
		? {
				imageGeneration: {
					outputFormat: settings.imageGeneration.outputFormat,
					partialImages: 2 as const
				}
			}
		: {};
	const bearer = input.credentials.bearer;
	let request: TurnRequestInput;
	switch (profile.route) {
		case 'responses':
			request = {
				route: 'responses',
				...common,
				...imageGeneration,
				promptCacheKey: input.conversationId,
				...(bearer === undefined ? {} : { apiKey: bearer })
			};
			break;
		case 'backend':
			request = {
				route: 'backend',
				...common,
				...imageGeneration,
				area: profile.area,
				accessToken: bearer ?? '',
				account: input.credentials.account ?? { header: 'service-account-id', id: '' },
				client: CLIENT,
				sessionId: input.conversationId,
				promptCacheKey: input.conversationId
			};
			break;
		case 'messages':
			request = {
				route: 'messages',
				...common,
				...(bearer === undefined
					? {}
					: { credential: { scheme: 'bearer' as const, value: bearer } }),
				...(modelSettings.longContext ? { anthropicBeta: [LONG_CONTEXT_BETA] } : {})
			};
			break;
	}
	return { request: buildTurnRequest(request), route: profile.route };
}
