/**
 * The request for a conversation's next answer, from the active gateway profile, the chat
 * settings and the model's flags: the one place where settings become wire parameters. It holds
 * no credential: the gateway header table adds credentials, account, version and session at send
 * (src/lib/gateway/gateway-headers.ts).
 */
import type { TurnRequest } from '../gateway/stream-turn.ts';
// The builder itself, not the wire index: the index also brings the stream readers, which load
// with the first turn (turn-driver.ts), not with the page.
import { buildTurnRequest } from '../wire/build-request.ts';
import type {
	ConversationTurn,
	ModelCapabilities,
	ReasoningSettings,
	RouteKind,
	TurnRequestInput
} from '../wire/index.ts';
import { asksForReasoning, sendsEncryptedReasoning } from './route-abilities.ts';
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
	/** The conversation's web search switch: declare the route's web search tool. */
	webSearch?: boolean;
}

/** The Messages long-context beta, sent when the person enabled the larger context option. */
export const LONG_CONTEXT_BETA = 'context-1m-2025-08-07';

// What a route can do is said without the request builders (route-abilities.ts), for the page.
export {
	routeAsksForLongContext,
	routeCanContinue,
	sendsEncryptedReasoning
} from './route-abilities.ts';

/** The reasoning a request asks for: on Messages an effort (for adaptive models) only. */
function reasoningOf(route: RouteKind, settings: ChatSettings): ReasoningSettings {
	if (route === 'messages') {
		const { effort } = settings.messagesThinking;
		return effort === 'default' ? {} : { effort };
	}
	return {
		...(settings.reasoningEffort === 'default' ? {} : { effort: settings.reasoningEffort }),
		...(settings.reasoningSummary ? { summary: 'auto' as const } : {})
	};
}

export function planTurn(input: PlanInput): PlannedTurn {
	const { profile, settings, modelSettings } = input;
	const capabilities: ModelCapabilities = {
		thinking: modelSettings.thinking,
		budgetTokens: modelSettings.budgetTokens,
		encryptedReasoning: sendsEncryptedReasoning(profile.route, input.model, modelSettings)
	};
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
		...(modelSettings.thinking === 'off' || !asksForReasoning(profile.route, settings)
			? {}
			: { reasoning: reasoningOf(profile.route, settings) }),
		...(input.webSearch === true ? { webSearch: true } : {})
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
