import type { FailureActionKind } from '../failure/index.ts';

/** The failure actions this app can carry out today; a failure card offers only these. */
export const AVAILABLE_FAILURE_ACTIONS: ReadonlySet<FailureActionKind> = new Set<FailureActionKind>(
	['retry', 'switch_model', 'choose_model', 'top_up', 'reload_app', 'new_conversation']
);
