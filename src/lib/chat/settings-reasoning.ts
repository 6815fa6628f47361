/**
 * The one reasoning control Settings shows for the active gateway's route, as a value a select can
 * hold, read from and written back to the stored settings (settings.ts):
 *
 * - Responses and the backend route (`effort`): `off` (the model takes no reasoning parameters:
 *   a per-model flag), `default` (no effort sent; the model decides), or an effort;
 * - Messages (`thinking`): `off` (thinking not asked for: the model's default), `adaptive` or
 *   `adaptive-<effort>` (the model thinks adaptively, optionally with an effort), or
 *   `budget-<tokens>` (manual thinking with that budget).
 *
 * What is sent for each value is turn-planner.ts's; this module only maps the control.
 */
import type { ReasoningEffort, RouteKind } from '../wire/index.ts';
import {
	REASONING_EFFORTS,
	type ChatSettings,
	type MessagesThinking,
	type ModelSettings
} from './settings.ts';

export type ReasoningControlKind = 'effort' | 'thinking';

/** The control a route has: an effort for the Responses routes, thinking for Messages. */
export function reasoningControlOf(route: RouteKind): ReasoningControlKind {
	return route === 'messages' ? 'thinking' : 'effort';
}

/** Messages efforts: the API has three (`minimal` is sent as `low`, `xhigh` as `high`). */
export const ADAPTIVE_EFFORTS = ['low', 'medium', 'high'] as const;
type AdaptiveEffort = (typeof ADAPTIVE_EFFORTS)[number];
const ADAPTIVE_OF: Readonly<Record<ReasoningEffort, AdaptiveEffort>> = {
	minimal: 'low',
	low: 'low',
	medium: 'medium',
	high: 'high',
	xhigh: 'high'
};

/** Budgets offered for manual thinking (a stored budget that is none of them is offered too). */
export const THINKING_BUDGETS: readonly number[] = [1024, 2048, 4096, 6144];

export type EffortChoice = 'off' | ReasoningEffort | 'default';
export type ThinkingChoice = 'off' | 'adaptive' | `adaptive-${AdaptiveEffort}` | `budget-${number}`;

export function effortChoice(settings: ChatSettings, model: ModelSettings): EffortChoice {
	return model.thinking === 'off' ? 'off' : settings.reasoningEffort;
}

export function thinkingChoice(settings: ChatSettings, model: ModelSettings): ThinkingChoice {
	const { enabled, effort } = settings.messagesThinking;
	if (model.thinking === 'off' || !enabled) return 'off';
	if (model.thinking === 'adaptive-only')
		return effort === 'default' ? 'adaptive' : `adaptive-${ADAPTIVE_OF[effort]}`;
	return `budget-${model.budgetTokens}`;
}

/** The choices of the effort control, in order. */
export const EFFORT_CHOICES: readonly EffortChoice[] = ['off', ...REASONING_EFFORTS];

/** The choices of the thinking control for a model whose budget is `budget`, in order. */
export function thinkingChoices(budget: number): ThinkingChoice[] {
	const budgets = THINKING_BUDGETS.includes(budget)
		? THINKING_BUDGETS
		: [...THINKING_BUDGETS, budget].sort((a, b) => a - b);
	return [
		'off',
		'adaptive',
		...ADAPTIVE_EFFORTS.map((effort) => `adaptive-${effort}` as const),
		...budgets.map((tokens) => `budget-${tokens}` as const)
	];
}

/** What a choice changes: fields of the chat settings and of the model's flags. */
export interface ReasoningPatch {
	settings: Partial<Pick<ChatSettings, 'reasoningEffort' | 'messagesThinking'>>;
	model: Partial<ModelSettings>;
}

/**
 * What choosing `value` in the effort control changes. A model set to `off` gets back the thinking
 * it is known to have (`known`) when an effort is chosen again.
 */
export function chooseEffort(
	value: string,
	model: ModelSettings,
	known: ModelSettings['thinking']
): ReasoningPatch | null {
	if (value === 'off') return { settings: {}, model: { thinking: 'off' } };
	const effort = REASONING_EFFORTS.find((candidate) => candidate === value);
	if (effort === undefined) return null;
	return {
		settings: { reasoningEffort: effort },
		model: model.thinking === 'off' ? { thinking: known === 'off' ? 'enabled' : known } : {}
	};
}

/**
 * What choosing `value` in `route`'s reasoning control changes for a model with flags `model`;
 * `null` for a value the control does not have.
 */
export function reasoningPatch(
	route: RouteKind,
	value: string,
	model: ModelSettings,
	known: ModelSettings['thinking'],
	thinking: MessagesThinking
): ReasoningPatch | null {
	return reasoningControlOf(route) === 'effort'
		? chooseEffort(value, model, known)
		: chooseThinking(value, thinking);
}

/** What choosing `value` in the thinking control changes; `null` for a value it does not have. */
export function chooseThinking(value: string, current: MessagesThinking): ReasoningPatch | null {
	if (value === 'off')
		return { settings: { messagesThinking: { ...current, enabled: false } }, model: {} };
	if (value === 'adaptive')
		return {
			settings: { messagesThinking: { enabled: true, effort: 'default' } },
			model: { thinking: 'adaptive-only' }
		};
	const adaptive = /^adaptive-(low|medium|high)$/.exec(value)?.[1];
	const effort = ADAPTIVE_EFFORTS.find((candidate) => candidate === adaptive);
	if (effort !== undefined)
		return {
			settings: { messagesThinking: { enabled: true, effort } },
			model: { thinking: 'adaptive-only' }
		};
	const budget = Number(/^budget-(\d+)$/.exec(value)?.[1]);
	if (Number.isInteger(budget) && budget >= 1024)
		return {
			settings: { messagesThinking: { ...current, enabled: true } },
			model: { thinking: 'enabled', budgetTokens: budget }
		};
	return null;
}
