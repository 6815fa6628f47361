/**
 * The model the chat page opens with. Pure: AppState applies it once the model list (remembered
 * or fresh) and the open conversation are in, and again when a fresh list replaces a remembered
 * one, unless the person has picked a model meanwhile.
 */
export interface StartUpModelInput {
	/** The model chosen so far (`''` when none). */
	current: string;
	/** The gateway's models. */
	models: readonly string[];
	/** The profile's default model (`''` when none). */
	defaultModel: string;
	/** The model of the open conversation's last answer, if any. */
	saved: string | undefined;
}

/**
 * The open conversation's model; else the current one if the gateway lists it; else the
 * profile's default, the list's first model, or the current one (a gateway without a list leaves
 * the model to be typed).
 */
export function startUpModel({ current, models, defaultModel, saved }: StartUpModelInput): string {
	if (saved !== undefined && saved !== '') return saved;
	if (current !== '' && models.includes(current)) return current;
	return defaultModel || models[0] || current;
}
