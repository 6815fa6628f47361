import { describe, expect, it } from 'vitest';
import { foldForSearch, foldQuery } from '../../../src/lib/chat/search/search-fold.ts';
import {
	findMatch,
	highlightIn,
	openingOf,
	snippetAround
} from '../../../src/lib/chat/search/search-text.ts';

/** What a person sees of a snippet, the match in brackets. */
const shown = (snippet: { before: string; match: string; after: string } | null): string | null =>
	snippet === null ? null : `${snippet.before}[${snippet.match}]${snippet.after}`;

describe('folding for search', () => {
	it('ignores case, full-width forms, ligatures and how an accent is written', () => {
		expect(foldForSearch('LightHouse')).toBe('lighthouse');
		expect(foldForSearch('ＡＢＣ１２３')).toBe('abc123');
		expect(foldForSearch('ﬁnal')).toBe('final');
		expect(foldForSearch('Cafe\u0301')).toBe(foldForSearch('Café'));
		expect(foldForSearch('ﾃｽﾄ')).toBe('テスト');
	});

	it('reads Greek final sigma as sigma, and every white space as one space', () => {
		expect(foldForSearch('ΟΔΟΣ')).toBe(foldForSearch('οδος'));
		expect(foldForSearch('a\nb\tc\u00a0d')).toBe('a b c d');
	});

	it('treats a query of white space as no query', () => {
		expect(foldQuery('  \n ')).toBe('');
		expect(foldQuery('  Lighthouse ')).toBe('lighthouse');
	});
});

describe('finding the match in the original text', () => {
	it('places a match in plain text', () => {
		expect(findMatch('The Lighthouse keeper', 'lighthouse')).toEqual({ start: 4, end: 14 });
		expect(findMatch('The Lighthouse keeper', 'harbour')).toBeNull();
		expect(findMatch('anything', '')).toBeNull();
	});

	it('finds Chinese and Japanese by substring, without word boundaries', () => {
		const text = '我们昨天去了长城，然后在北京吃了烤鸭。';
		expect(findMatch(text, foldQuery('长城'))).toEqual({ start: 6, end: 8 });
		expect(findMatch(text, foldQuery('北京吃'))).toEqual({ start: 12, end: 15 });
		expect(findMatch('東京タワーに行きました', foldQuery('ﾀﾜｰ'))).toEqual({ start: 2, end: 5 });
	});

	it('maps back to the original where folding changes the length', () => {
		// İ lower-cases to two characters; ﬁ is one character that folds to two.
		const text = 'İstanbul ﬁnally';
		const match = findMatch(text, foldQuery('finally'));
		expect(match).not.toBeNull();
		expect(text.slice(match?.start, match?.end)).toBe('ﬁnally');
		const decomposed = 'Cafe\u0301 noir';
		const cafe = findMatch(decomposed, foldQuery('café'));
		expect(decomposed.slice(cafe?.start, cafe?.end)).toBe('Cafe\u0301');
	});
});

describe('snippets', () => {
	it('shows the words around the first match on one line, cut with an ellipsis', () => {
		const text = `${'word '.repeat(20)}the keeper lit the\nLIGHTHOUSE lamp at dusk ${'more '.repeat(20)}`;
		const snippet = snippetAround(text, foldQuery('lighthouse'));
		expect(snippet?.match).toBe('LIGHTHOUSE');
		expect(snippet?.before.startsWith('…')).toBe(true);
		expect(snippet?.before.endsWith('the keeper lit the ')).toBe(true);
		// It starts at the start of a word, not inside one.
		expect(text.replace(/\s+/gu, ' ')).toContain(` ${snippet?.before.slice(1) ?? ''}`);
		expect(snippet?.after.startsWith(' lamp at dusk')).toBe(true);
		expect(snippet?.after.endsWith('…')).toBe(true);
		expect(shown(snippet)).not.toContain('\n');
	});

	it('has no ellipsis where the text is whole', () => {
		expect(shown(snippetAround('a lighthouse', 'light'))).toBe('a [light]house');
	});

	it('works for Chinese text', () => {
		const text = `${'这是一段很长的对话内容。'.repeat(5)}我们讨论了长城的历史和建造过程。${'后面还有更多的文字。'.repeat(8)}`;
		const snippet = snippetAround(text, foldQuery('长城的历史'));
		expect(snippet?.match).toBe('长城的历史');
		expect(snippet?.before.endsWith('我们讨论了')).toBe(true);
		expect(snippet?.after.startsWith('和建造过程')).toBe(true);
	});

	it('never cuts an emoji in two', () => {
		const text = `${'🐳'.repeat(40)}needle${'🐳'.repeat(60)}`;
		const snippet = snippetAround(text, 'needle');
		const all = `${snippet?.before ?? ''}${snippet?.match ?? ''}${snippet?.after ?? ''}`;
		expect(all).not.toMatch(
			/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u
		);
		expect(snippet?.match).toBe('needle');
	});

	it('is null when the text does not hold the query', () => {
		expect(snippetAround('nothing here', 'lighthouse')).toBeNull();
	});

	it('splits a whole title around its match, and opens a message without a match', () => {
		expect(shown(highlightIn('About Lighthouses', 'lighth'))).toBe('About [Lighth]ouses');
		expect(highlightIn('About bridges', 'light')).toBeNull();
		expect(shown(openingOf('short\ntext'))).toBe('short text[]');
		expect(openingOf('x'.repeat(200)).before.endsWith('…')).toBe(true);
	});
});
