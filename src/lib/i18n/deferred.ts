/**
 * The strings of the parts loaded on first use (failure card, sign-in problem, settings panel,
 * connection check). Imported only by those parts, so English's half of them (en-deferred.ts)
 * loads with them and not with the chat's first paint.
 */
import type { DeferredCatalogue } from './catalogue.ts';
import { enDeferred } from './en-deferred.ts';
import type { Locale } from './locale.svelte.ts';

export function deferredStrings(locale: Locale): DeferredCatalogue {
	return locale.deferred(enDeferred);
}
