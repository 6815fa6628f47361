/**
 * The interface language, shared from the root layout to every component. A component rendered
 * without it (a component test) speaks English.
 */
import { getContext, setContext } from 'svelte';
import { Locale } from './locale.svelte.ts';

/** The context key; tests render components with `context: new Map([[LOCALE_CONTEXT, locale]])`. */
export const LOCALE_CONTEXT = Symbol('locale');

export function setLocale(locale: Locale): Locale {
	return setContext(LOCALE_CONTEXT, locale);
}

export function getLocale(): Locale {
	return (
		getContext<Locale | undefined>(LOCALE_CONTEXT) ??
		new Locale({ browserLanguages: [], preference: 'en' })
	);
}
