/**
 * The failure card and the sign-in problem — their copy, actions and layout — are loaded when
 * the page is first used (app/first-interaction.ts), or when a failure must be
 * shown before that, not with the chat's first paint. If they cannot be loaded (the app server
 * went away with the network), FailureFallback shows the failure's own message, its kind and a
 * way to try again, so a failure is never silent.
 */
import { loadOnce } from '../../app/load-once.ts';
import type FailureCard from './FailureCard.svelte';
import type SignInProblem from '../auth/SignInProblem.svelte';

export interface FailureUi {
	FailureCard: typeof FailureCard;
	SignInProblem: typeof SignInProblem;
}

/** Asked once; a failed load is forgotten, so the fallback's Try again loads it anew. */
export const loadFailureUi: () => Promise<FailureUi> = loadOnce(
	() => import('./failure-ui-parts.ts')
);
