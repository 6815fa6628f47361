/**
 * Creates the app's one Locale and shares it through context. Called by the root layout: the
 * language comes from the person's choice on this device, else the browser's languages; it
 * follows a choice made in another tab, and `<html lang>` always names the language shown
 * (app.html's `lang="en"` is what the server can know; this corrects it at start-up).
 */
import {
	loadLanguagePreference,
	saveLanguagePreference,
	watchLanguagePreference
} from '../chat/settings.svelte.ts';
import { setLocale } from './context.ts';
import { Locale } from './locale.svelte.ts';

export function provideLocale(): Locale {
	const locale = setLocale(
		new Locale({
			browserLanguages: navigator.languages,
			preference: loadLanguagePreference(),
			save: saveLanguagePreference
		})
	);
	$effect(() => {
		document.documentElement.lang = locale.language;
	});
	$effect(() => watchLanguagePreference((preference) => void locale.follow(preference)));
	return locale;
}
