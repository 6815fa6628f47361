/**
 * The Locale: the language shown follows the person's choice or the browser's languages, another
 * language's words arrive before anything is shown at start-up, a choice is remembered, and a
 * catalogue that cannot be loaded leaves the interface in English rather than empty.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Catalogue } from '../../../src/lib/i18n/catalogue.ts';
import { enDeferred } from '../../../src/lib/i18n/en-deferred.ts';
import { LANGUAGES, type LanguagePreference } from '../../../src/lib/i18n/languages.ts';
import { Locale } from '../../../src/lib/i18n/locale.svelte.ts';
import { zhCN } from '../../../src/lib/i18n/zh-CN.ts';

describe('Locale', () => {
	it('English browsers: English at once, nothing to wait for', () => {
		const locale = new Locale({ browserLanguages: ['en-US', 'en'] });
		expect(locale.ready).toBe(true);
		expect(locale.language).toBe('en');
		expect(locale.t.composer.send).toBe('Send');
		expect(locale.deferred(enDeferred).failure.actions.retry).toBe('Try again');
	});

	it('a Chinese browser: not ready until the Chinese words are here, then Chinese', async () => {
		const locale = new Locale({ browserLanguages: ['zh-TW', 'en'] });
		expect(locale.ready).toBe(false);
		expect(locale.requested).toBe('zh-CN');
		await vi.waitFor(() => expect(locale.ready).toBe(true));
		expect(locale.language).toBe('zh-CN');
		expect(locale.t.composer.send).toBe('发送');
		expect(locale.deferred(enDeferred).failure.actions.retry).toBe('重试');
	});

	it('a remembered choice wins over the browser', () => {
		const locale = new Locale({ browserLanguages: ['zh-CN'], preference: 'en' });
		expect(locale.ready).toBe(true);
		expect(locale.language).toBe('en');
	});

	it('choosing a language shows it and remembers it; following another tab does not save', async () => {
		const saved: LanguagePreference[] = [];
		const locale = new Locale({ browserLanguages: ['en-GB'], save: (p) => saved.push(p) });
		await locale.choose('zh-CN');
		expect(locale.language).toBe('zh-CN');
		expect(locale.preference).toBe('zh-CN');
		await locale.choose('auto');
		expect(locale.language).toBe('en');
		await locale.follow('zh-CN');
		expect(locale.language).toBe('zh-CN');
		expect(saved).toEqual(['zh-CN', 'auto']);
	});

	it('the last choice wins when an earlier one is still loading', async () => {
		let arrive: (catalogue: Catalogue) => void = () => {};
		const locale = new Locale({
			browserLanguages: ['en'],
			load: () => new Promise<Catalogue>((resolve) => (arrive = resolve))
		});
		const chinese = locale.choose('zh-CN');
		await locale.choose('en');
		arrive(zhCN);
		await chinese;
		expect(locale.language).toBe('en');
		expect(locale.t.composer.send).toBe('Send');
	});

	it('a catalogue that cannot be loaded leaves English, and the page is shown', async () => {
		const locale = new Locale({
			browserLanguages: ['zh-CN'],
			load: () => Promise.reject(new Error('offline'))
		});
		await vi.waitFor(() => expect(locale.ready).toBe(true));
		expect(locale.language).toBe('en');
		expect(locale.t.composer.send).toBe('Send');
	});

	it('numbers and dates are written the way the language shown writes them', async () => {
		const locale = new Locale({ browserLanguages: ['en'] });
		expect(locale.formatNumber(1234567)).toBe('1,234,567');
		const date = Date.UTC(2026, 4, 4, 12, 0, 0);
		const options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };
		expect(locale.formatDate(date, options)).toBe('May 4, 2026');
		await locale.choose('zh-CN');
		expect(locale.formatDate(date, options)).toBe('2026年5月4日');
	});

	it.each(LANGUAGES)(
		'%s: integers are grouped exactly as Intl.NumberFormat groups them',
		async (language) => {
			const locale = new Locale({
				browserLanguages: [language],
				load: () => Promise.resolve(zhCN)
			});
			await vi.waitFor(() => expect(locale.language).toBe(language));
			const format = new Intl.NumberFormat(language);
			const integers = [0, 7, -7, 999, 1000, -1000, 12_345, 999_999, 1_000_000, -98_765_432];
			for (let power = 0; power <= 15; power++) integers.push(10 ** power + 1, 10 ** power * 4 - 1);
			integers.push(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
			for (const value of integers) expect(locale.formatNumber(value)).toBe(format.format(value));
			// Fractions still go to Intl.
			expect(locale.formatNumber(1234.5)).toBe(format.format(1234.5));
		}
	);
});
