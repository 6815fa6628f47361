/**
 * The failure card and the sign-in problem — their copy, actions and layout — are loaded when
 * the page is first used (the first pointer or key anywhere), or when a failure must be
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

/** Starts loading at the person's first interaction with the page (then never again). */
export function preloadFailureUiOnFirstInteraction(target: EventTarget = window): () => void {
	// Not focus: the composer takes focus by itself when the page opens.
	const types = ['pointerdown', 'keydown'] as const;
	// When the page is next idle: the first key or click is often a send, which should not share
	// its frame with compiling this.
	const start = (): void => {
		stop();
		const load = (): void => void loadFailureUi().catch(() => undefined);
		if ('requestIdleCallback' in globalThis) requestIdleCallback(load, { timeout: 2000 });
		else setTimeout(load, 0);
	};
	const stop = (): void => {
		for (const type of types) target.removeEventListener(type, start, { capture: true });
	};
	for (const type of types) target.addEventListener(type, start, { capture: true, passive: true });
	return stop;
}
