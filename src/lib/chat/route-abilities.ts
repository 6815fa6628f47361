/**
 * What a gateway route can do with a conversation, said without building a request: the page asks
 * these with its first paint, while the request builders (turn-planner.ts) load with the first turn.
 */
import type { RouteKind } from '../wire/route-kind.ts';
import type { ChatSettings, ModelSettings } from './settings.ts';

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
	return modelSettings.thinking === 'off' || !asksForReasoning(route, settings);
}

/**
 * Only what the person asked for: a model that does not reason refuses any reasoning parameter.
 * The Messages route asks when its thinking is on; the Responses routes when an effort or a
 * summary is chosen.
 */
export function asksForReasoning(route: RouteKind, settings: ChatSettings): boolean {
	if (route === 'messages') return settings.messagesThinking.enabled;
	return settings.reasoningEffort !== 'default' || settings.reasoningSummary;
}
