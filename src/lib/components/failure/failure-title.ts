/**
 * A failure's headline as its card says it, in the language shown, for words outside the card:
 * an automatic retry says which failure it follows once the card has given way to it
 * (TurnWait.svelte). The words load with the card, not with the chat's first paint; the
 * countdown asks for them while it counts, so the retry's line has them from its first frame.
 */
import { loadOnce } from '../../app/load-once.ts';
import type { Failure } from '../../failure/index.ts';
import type { Locale } from '../../i18n/locale.svelte.ts';

export type FailureTitle = (failure: Failure, locale: Locale) => string;

export const loadFailureTitle: () => Promise<FailureTitle> = loadOnce(async () => {
	const [copy, deferred] = await Promise.all([
		import('../../failure/present-copy.ts'),
		import('../../i18n/deferred.ts')
	]);
	return (failure, locale) => copy.titleFor(failure, {}, deferred.deferredStrings(locale).failure);
});
