import { enDeferred } from '../i18n/en-deferred.ts';
import type { OwnSentenceCopy } from './own-sentence.ts';
import { sayOwn } from './own-sentence-say.ts';
import type { FailureSituation } from './situation.ts';
import type { Failure, FailureKind, NetworkCase } from './types.ts';

/** Kinds whose title does not depend on anything but the kind. */
type PlainKind = Exclude<FailureKind, 'auth_expired' | 'network'>;

/**
 * The words a failure card says in the app's own voice, in one language. The catalogues in
 * src/lib/i18n provide one per language; without one, `present` and `titleFor` speak English.
 * Every kind has a title (a missing one is a type error).
 */
export interface FailureCopy {
	/** The headline of a failure card: one plain sentence, no jargon, no status codes. */
	title: { readonly [K in PlainKind]: string };
	/** A key does not expire like a sign-in does: with an API key, the gateway refused it. */
	authExpired: { signIn: string; apiKey: string };
	/** `network` by case; `refused_or_blocked` also when the case could not be told. */
	network: { readonly [C in NetworkCase]: string };
	classifierExplanation: string;
	/** After a cut-off answer whose beginning is on screen. */
	partialKept: string;
	/** When a plan's usage limit resets, `ms` from now. */
	resetsIn: (ms: number) => string;
	/** This app's own sentences, said where the gateway gave none (own-sentence.ts). */
	own: OwnSentenceCopy;
}

/**
 * What the card shows as the failure's detail: the gateway's own message exactly as sent, or,
 * where it gave none, this app's sentence in `copy`'s language.
 */
export function detailOf(failure: Failure, copy: FailureCopy = enDeferred.failure): string {
	return failure.said === undefined ? failure.message.trim() : sayOwn(failure.said, copy.own);
}

/** The headline of a failure card, in `copy`'s language (English by default). */
export function titleFor(
	failure: Failure,
	situation: FailureSituation = {},
	copy: FailureCopy = enDeferred.failure
): string {
	const { kind } = failure;
	if (kind === 'auth_expired')
		return situation.credential === 'api_key' ? copy.authExpired.apiKey : copy.authExpired.signIn;
	if (kind === 'network') return copy.network[failure.networkCase ?? 'refused_or_blocked'];
	return copy.title[kind];
}
