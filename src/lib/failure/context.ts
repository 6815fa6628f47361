import type { RouteKind } from '../wire/route-kind.ts';

/** What the caller knows about the request that failed; every field is optional. */
export interface ClassifyContext {
	/** The model the request asked for. */
	model?: string;
	route?: RouteKind;
	/** Safety-classifier model ids (`CLASSIFIER_MODELS`); defaults to {@link DEFAULT_CLASSIFIER_MODELS}. */
	classifierModels?: readonly string[];
	/** The clock, epoch ms, for HTTP-date `Retry-After` and `resets_in_seconds`; defaults to `Date.now()`. */
	now?: number;
}

export const DEFAULT_CLASSIFIER_MODELS: readonly string[] = ['codex-auto-review'];

/** True when the request went to a safety-classifier model (ids compared case-insensitively). */
export function isClassifierModel(context: ClassifyContext): boolean {
	const model = context.model?.trim().toLowerCase();
	if (model === undefined || model === '') return false;
	const models = context.classifierModels ?? DEFAULT_CLASSIFIER_MODELS;
	return models.some((candidate) => candidate.trim().toLowerCase() === model);
}

export function clockOf(context: ClassifyContext): number {
	return context.now ?? Date.now();
}
