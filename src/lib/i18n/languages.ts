/**
 * The languages the interface is written in, and how one is chosen: the person's choice in
 * Settings, or else the first of the browser's preferred languages we have (`navigator.languages`,
 * most preferred first). Pure: no DOM, no storage.
 */

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What the person chose in Settings: a language, or `auto` (follow the browser). */
export type LanguagePreference = Language | 'auto';

/** Each language's name in itself, for the language select (never translated). */
export const LANGUAGE_NAMES: { readonly [L in Language]: string } = {
	en: 'English',
	'zh-CN': '简体中文'
};

/**
 * The language we have for one BCP 47 tag, or `undefined`. Any Chinese (`zh`, `zh-CN`,
 * `zh-Hans`, `zh-SG`, and also `zh-TW`, `zh-HK`, `zh-Hant`, for which Simplified Chinese is the
 * closest we have) is `zh-CN`; any English is `en`. Tags are case-insensitive (RFC 5646 §2.1.1).
 */
export function languageOfTag(tag: string): Language | undefined {
	const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
	if (primary === 'zh') return 'zh-CN';
	if (primary === 'en') return 'en';
	return undefined;
}

/** The first of the browser's languages we have, else English. */
export function languageFromBrowser(languages: readonly string[]): Language {
	for (const tag of languages) {
		const language = languageOfTag(tag);
		if (language !== undefined) return language;
	}
	return 'en';
}

/** The language to show for a preference. */
export function resolveLanguage(
	preference: LanguagePreference,
	browserLanguages: readonly string[]
): Language {
	return preference === 'auto' ? languageFromBrowser(browserLanguages) : preference;
}
