/**
 * The interface language: what the person chose (or the browser's languages), the language shown,
 * and its strings. English is always here; another language's catalogue is loaded when it is
 * chosen, and English shows until it has arrived (the root layout waits for it at start-up) or
 * if it cannot be loaded.
 */
import type {
	Catalogue,
	CoreCatalogue,
	DeferredCatalogue,
	MessagesCatalogue
} from './catalogue.ts';
import { en } from './en.ts';
import { resolveLanguage, type Language, type LanguagePreference } from './languages.ts';

type OtherLanguage = Exclude<Language, 'en'>;

const CATALOGUES: { readonly [L in OtherLanguage]: () => Promise<Catalogue> } = {
	'zh-CN': () => import('./zh-CN.ts').then((module) => module.zhCN)
};

export interface LocaleInit {
	/** `navigator.languages`, most preferred first. */
	browserLanguages: readonly string[];
	/** The remembered choice; `auto` when none. */
	preference?: LanguagePreference;
	/** Remembers a choice the person made here. */
	save?: (preference: LanguagePreference) => void;
	/** Loads a catalogue (tests); the bundled ones by default. */
	load?: (language: OtherLanguage) => Promise<Catalogue>;
}

export class Locale {
	#preference = $state<LanguagePreference>('auto');
	#browserLanguages: readonly string[];
	/** The catalogue of the language shown, when it is not English. */
	#catalogue = $state.raw<Catalogue | null>(null);
	#shown = $state<Language>('en');
	/** The language being loaded, if any. */
	#loading: Language | null = null;
	/** The start-up language is shown (or could not be loaded). */
	#ready = $state(false);
	#save: (preference: LanguagePreference) => void;
	#load: (language: OtherLanguage) => Promise<Catalogue>;
	#numbers: { [L in Language]?: Intl.NumberFormat } = {};

	constructor(init: LocaleInit) {
		this.#browserLanguages = init.browserLanguages;
		this.#preference = init.preference ?? 'auto';
		this.#save = init.save ?? (() => {});
		this.#load = init.load ?? ((language) => CATALOGUES[language]());
		const first = this.requested;
		if (first === 'en') this.#ready = true;
		else void this.#show(first).finally(() => (this.#ready = true));
	}

	/** What the person chose in Settings. */
	get preference(): LanguagePreference {
		return this.#preference;
	}

	/** The language the preference asks for. */
	get requested(): Language {
		return resolveLanguage(this.#preference, this.#browserLanguages);
	}

	/** The language shown now (English until another one's catalogue has arrived). */
	get language(): Language {
		return this.#shown;
	}

	/**
	 * False only at start-up, while the requested language's catalogue is on its way (English is
	 * always ready). A later choice shows its language when it arrives, without going back.
	 */
	get ready(): boolean {
		return this.#ready;
	}

	/** The strings of the chat's first paint, in the language shown. */
	get t(): CoreCatalogue {
		return this.#catalogue ?? en;
	}

	/**
	 * The strings of the messages, in the language shown; `english` is the English catalogue the
	 * message views brought with them (i18n/messages.ts).
	 */
	messages(english: MessagesCatalogue): MessagesCatalogue {
		return this.#catalogue ?? english;
	}

	/**
	 * The strings of a part loaded on first use, in the language shown; `english` is the English
	 * catalogue that part brought with it (i18n/deferred.ts).
	 */
	deferred(english: DeferredCatalogue): DeferredCatalogue {
		return this.#catalogue ?? english;
	}

	/**
	 * The whole catalogue of the language shown, when it is not English (another language's
	 * catalogue holds both halves); `null` in English. For what must speak the language before
	 * the deferred parts have loaded (a failure shown without its card).
	 */
	get whole(): Catalogue | null {
		return this.#catalogue;
	}

	/** The person's choice in Settings: shown at once (once loaded) and remembered. */
	choose(preference: LanguagePreference): Promise<void> {
		this.#save(preference);
		return this.follow(preference);
	}

	/** A choice made elsewhere (another tab): shown, not saved again. */
	follow(preference: LanguagePreference): Promise<void> {
		this.#preference = preference;
		return this.#show(this.requested);
	}

	/**
	 * A number as the language writes it (`12,345`; grouping and digits by `Intl`). Integers are
	 * grouped here without it: both languages write them with ASCII digits and a comma every three
	 * (tests/unit/i18n/locale.test.ts holds this to `Intl`'s answer), and the page's first
	 * `Intl.NumberFormat` costs about 40 ms of start-up (150 ms at the cold-start benchmark's 4×
	 * slower CPU) for the usage note of a reopened answer.
	 */
	formatNumber(value: number): string {
		if (Number.isSafeInteger(value)) return groupThousands(value);
		const language = this.#shown;
		const format = (this.#numbers[language] ??= new Intl.NumberFormat(language));
		return format.format(value);
	}

	/** A date and time as the language writes it (`Intl.DateTimeFormat`). */
	formatDate(value: number | Date, options?: Intl.DateTimeFormatOptions): string {
		return new Intl.DateTimeFormat(this.#shown, options).format(value);
	}

	async #show(language: Language): Promise<void> {
		if (language === 'en') {
			this.#loading = null;
			this.#catalogue = null;
			this.#shown = 'en';
			return;
		}
		if (language === this.#shown && this.#catalogue !== null) {
			this.#loading = null;
			return;
		}
		this.#loading = language;
		try {
			const catalogue = await this.#load(language);
			if (this.#loading !== language) return; // another choice came first
			this.#catalogue = catalogue;
			this.#shown = language;
		} catch {
			// Not loadable (the app server went away): the interface stays in the language shown.
		} finally {
			if (this.#loading === language) this.#loading = null;
		}
	}
}

/** `1234567` → `1,234,567`, as `Intl.NumberFormat` writes an integer in English and Chinese. */
function groupThousands(value: number): string {
	const digits = String(Math.abs(value));
	const head = digits.length % 3 || 3;
	let grouped = digits.slice(0, head);
	for (let at = head; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
	return value < 0 ? `-${grouped}` : grouped;
}
