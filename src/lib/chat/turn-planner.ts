/**
 * The request for a conversation's next answer, from the active gateway profile, the chat
 * settings and the model's flags: the one place where settings become wire parameters. It holds
 * no credential: the gateway header table adds credentials, account, version and session at send
 * (src/lib/gateway/gateway-headers.ts).
 */
import type { TurnRequest } from '../gateway/stream-turn.ts';
import {
	buildTurnRequest,
	type ConversationTurn,
	type ModelCapabilities,
	type ReasoningSettings,
	type RouteKind,
	type TurnRequestInput
} from '../wire/index.ts';
import type { ChatSettings, GatewayProfile, ModelSettings } from './settings.ts';

export interface PlannedTurn {
	/** The conversation id is its session (sent as the session headers where the route has them). */
	request: TurnRequest;
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
}

/** The Messages long-context beta, sent when the person enabled the larger context option. */
export const LONG_CONTEXT_BETA = 'context-1m-2025-08-07';

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
	let request: TurnRequestInput;
	switch (profile.route) {
		case 'responses':
			request = {
				route: 'responses',
				...common,
				...imageGeneration,
				promptCacheKey: input.conversationId
			};
			break;
		case 'backend':
			request = {
				route: 'backend',
				...common,
				...imageGeneration,
				area: profile.area,
				promptCacheKey: input.conversationId
			};
			break;
		case 'messages':
			request = {
				route: 'messages',
				...common,
				...(modelSettings.longContext ? { anthropicBeta: [LONG_CONTEXT_BETA] } : {})
			};
			break;
	}
	return {
		request: { ...buildTurnRequest(request), sessionId: input.conversationId },
		route: profile.route
	};
}
