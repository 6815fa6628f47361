/**
 * The failure card and the sign-in problem — their copy, actions and layout — are loaded when
 * the page is first used (app/first-interaction.ts), or when a failure must be
 * shown before that, not with the chat's first paint. If they cannot be loaded (the app server
 * went away with the network), FailureFallback shows the failure's own message, its kind and a
 * way to try again, so a failure is never silent.
 */
import type FailureCard from './FailureCard.svelte';
import type SignInProblem from '../auth/SignInProblem.svelte';

export interface FailureUi {
	FailureCard: typeof FailureCard;
	SignInProblem: typeof SignInProblem;
}

let loading: Promise<FailureUi> | null = null;

export function loadFailureUi(): Promise<FailureUi> {
	loading ??= import('./failure-ui-parts.ts').catch((error: unknown) => {
		loading = null;
		throw error;
	});
	return loading;
}
