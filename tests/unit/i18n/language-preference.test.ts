/**
 * The language choice as stored on this device (src/lib/chat/settings*.ts): validated on read,
 * so an old, damaged or foreign value falls back to following the browser.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	loadLanguagePreference,
	saveLanguagePreference
} from '../../../src/lib/chat/settings.svelte.ts';
import { readLanguagePreference } from '../../../src/lib/chat/settings.ts';

describe('readLanguagePreference', () => {
	it.each<[unknown, string]>([
		// Stored before there was a choice: follow the browser.
		[undefined, 'auto'],
		['auto', 'auto'],
		['en', 'en'],
		['zh-CN', 'zh-CN'],
		// A language tag, matched as the browser's are.
		['zh', 'zh-CN'],
		['zh-Hans', 'zh-CN'],
		['zh-TW', 'zh-CN'],
		['en-GB', 'en'],
		// Not a language the interface has, or not a language at all.
		['fr', 'auto'],
		['', 'auto'],
		[null, 'auto'],
		[42, 'auto'],
		[{ language: 'zh-CN' }, 'auto']
	])('%j → %s', (stored, expected) => {
		expect(readLanguagePreference(stored)).toBe(expected);
	});
});

describe('the stored language', () => {
	let store: Map<string, string>;
	beforeEach(() => {
		store = new Map();
		vi.stubGlobal('localStorage', {
			getItem: (key: string) => store.get(key) ?? null,
			setItem: (key: string, value: string) => void store.set(key, value)
		});
	});
	afterEach(() => vi.unstubAllGlobals());

	it('is kept across page loads', () => {
		expect(loadLanguagePreference()).toBe('auto');
		saveLanguagePreference('zh-CN');
		expect(loadLanguagePreference()).toBe('zh-CN');
		saveLanguagePreference('auto');
		expect(loadLanguagePreference()).toBe('auto');
	});

	it('is kept apart from the chat settings, which are written whole', () => {
		saveLanguagePreference('en');
		expect([...store.keys()]).toEqual(['switchboard.language']);
	});

	it('a damaged value follows the browser', () => {
		store.set('switchboard.language', '{not json');
		expect(loadLanguagePreference()).toBe('auto');
		store.set('switchboard.language', '"klingon"');
		expect(loadLanguagePreference()).toBe('auto');
	});
});
