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
	/** The conversation's web search switch: declare the route's web search tool. */
	webSearch?: boolean;
}

/** Model ids that reason on the Responses routes (OpenAI's o-series, GPT-5 and Codex models). */
const REASONING_MODEL = /^(?:[\w.-]+\/)?(?:o\d|gpt-5|codex)/i;

/**
 * Whether reasoning is sent back encrypted (`include: ["reasoning.encrypted_content"]` and the
 * reasoning items of earlier turns): what the person set for the model, else on for the backend
 * route (its models all reason, and the Codex CLI always asks) and for reasoning models on the
 * Responses route — with `store: false` the model's reasoning is otherwise lost between turns.
 * A gateway that refuses it gets the one-click fix, which sets it off for that model.
 */
export function sendsEncryptedReasoning(
	route: RouteKind,
	model: string,
	modelSettings: ModelSettings
): boolean {
	if (route === 'messages' || modelSettings.thinking === 'off') return false;
	if (modelSettings.encryptedReasoning !== undefined) return modelSettings.encryptedReasoning;
	return route === 'backend' || REASONING_MODEL.test(model);
}

/** The Messages long-context beta, sent when the person enabled the larger context option. */
export const LONG_CONTEXT_BETA = 'context-1m-2025-08-07';

/**
 * Whether a route has a way to ask for the larger context window (docs/reference/
 * long-context-and-browser-headers.md): only the Messages route, with its beta header. The
 * Responses and backend routes have no request field for it, so the option is not offered there.
 */
export function routeAsksForLongContext(route: RouteKind): boolean {
	return route === 'messages';
}

/**
 * Whether a cut-off answer can be continued from its partial text: the Messages route takes the
 * partial answer as the last (assistant) message and carries on from it — unless the request
 * thinks, which the API refuses to combine with a prefill. The Responses routes have no prefill.
 */
export function routeCanContinue(
	route: RouteKind,
	settings: ChatSettings,
	modelSettings: ModelSettings
): boolean {
	if (route !== 'messages' || modelSettings.thinking === 'adaptive-only') return false;
	return modelSettings.thinking === 'off' || !asksForReasoning(settings);
}

/** Only what the person asked for: a model that does not reason refuses any reasoning parameter. */
function asksForReasoning(settings: ChatSettings): boolean {
	return settings.reasoningEffort !== 'default' || settings.reasoningSummary;
}

export function planTurn(input: PlanInput): PlannedTurn {
	const { profile, settings, modelSettings } = input;
	const capabilities: ModelCapabilities = {
		thinking: modelSettings.thinking,
		budgetTokens: modelSettings.budgetTokens,
		encryptedReasoning: sendsEncryptedReasoning(profile.route, input.model, modelSettings)
	};
	const reasoning: ReasoningSettings = {
		...(settings.reasoningEffort === 'default' ? {} : { effort: settings.reasoningEffort }),
		...(settings.reasoningSummary ? { summary: 'auto' as const } : {})
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
		...(modelSettings.thinking === 'off' || !asksForReasoning(settings) ? {} : { reasoning }),
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
