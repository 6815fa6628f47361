/**
 * The `thinking` (and `output_config`) of a Messages request, from what the model accepts and what
 * the person asked (docs/reference/wire.md, failures.md `thinking_mode_unsupported`):
 * - `{type:"disabled"}` is never sent: leaving `thinking` out is "off" on models that can turn it
 *   off and "adaptive" (the default) on adaptive-only models, which reject `disabled`;
 * - adaptive-only models get `{type:"adaptive"}` and `output_config.effort` when the request asks
 *   for reasoning, and never an `enabled` budget;
 * - manual thinking (`enabled`) needs 1024 ≤ `budget_tokens` < `max_tokens`: the budget is clamped
 *   into that range; when `max_tokens` ≤ 1024 no budget fits and the builder refuses
 *   (`thinking_budget_unavailable`) rather than send a request that must fail;
 * - `keepThinking`: whether thinking blocks from history may be sent (not to models without
 *   thinking, nor when this request does not think on a model that can turn it off).
 */
import type { ModelCapabilities, ReasoningEffort, ReasoningSettings } from './request-types.ts';
import { RequestBuildError } from './request-types.ts';
import type { MessagesEffort, MessagesThinking } from './wire-requests.ts';

export const MIN_THINKING_BUDGET = 1024;
export const DEFAULT_THINKING_BUDGET = 4096;

export interface ThinkingParams {
	thinking?: MessagesThinking;
	output_config?: { effort: MessagesEffort };
	keepThinking: boolean;
}

const EFFORT: Readonly<Record<ReasoningEffort, MessagesEffort>> = {
	minimal: 'low',
	low: 'low',
	medium: 'medium',
	high: 'high',
	xhigh: 'high'
};

export function thinkingParams(
	capabilities: ModelCapabilities,
	reasoning: ReasoningSettings | undefined,
	maxTokens: number
): ThinkingParams {
	const wanted = reasoning !== undefined && reasoning.enabled !== false;
	switch (capabilities.thinking) {
		case 'off':
			return { keepThinking: false };
		case 'adaptive-only':
			if (!wanted) return { keepThinking: true };
			return {
				thinking: { type: 'adaptive' },
				...(reasoning.effort === undefined
					? {}
					: { output_config: { effort: EFFORT[reasoning.effort] } }),
				keepThinking: true
			};
		case 'enabled': {
			if (!wanted) return { keepThinking: false };
			if (maxTokens <= MIN_THINKING_BUDGET) {
				throw new RequestBuildError(
					'thinking_budget_unavailable',
					`Thinking needs max_tokens above ${MIN_THINKING_BUDGET}; this request allows ${maxTokens}.`
				);
			}
			const asked = reasoning.budgetTokens ?? capabilities.budgetTokens ?? DEFAULT_THINKING_BUDGET;
			const budget = Math.min(Math.max(Math.floor(asked), MIN_THINKING_BUDGET), maxTokens - 1);
			return { thinking: { type: 'enabled', budget_tokens: budget }, keepThinking: true };
		}
	}
}
