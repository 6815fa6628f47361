import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { highlightToHtml, highlightToRanges } from '../../../src/lib/render/highlight-languages.ts';
import {
	COLOURED_SCOPES,
	colouredScope,
	highlightRanges,
	highlightSlice,
	validRanges,
	type HighlightPiece,
	type HighlightRanges
} from '../../../src/lib/render/hljs-dom.ts';

/** highlight.js output → scope ranges (in the worker) → pieces of any slice (on the page). */

const flat = (pieces: readonly HighlightPiece[]): string =>
	pieces.map((piece) => (typeof piece === 'string' ? piece : flat(piece.children))).join('');

/** The scopes each character of the pieces is inside, outermost first. */
const scopesPerChar = (pieces: readonly HighlightPiece[], outer: string[] = []): string[] =>
	pieces.flatMap((piece) =>
		typeof piece === 'string'
			? [...piece].map(() => outer.join('>'))
			: scopesPerChar(piece.children, [...outer, piece.className])
	);

const ts = [
	'/* a comment\n   over two lines */',
	'function greet(name: string): string {',
	'\treturn `Hello, ${name.trim()} & <you>!`;',
	'}',
	'const quote = "it\'s";',
	''
].join('\n');

describe('highlight ranges', () => {
	it('describe exactly the highlighted text, nested scopes included', () => {
		const ranges = highlightToRanges(ts, 'typescript');
		expect(ranges).not.toBeNull();
		if (ranges === null) return;
		expect(validRanges(ranges, ts.length)).toBe(true);
		const whole = highlightSlice(ts, ranges, 0, ts.length);
		expect(flat(whole)).toBe(ts);
		const scopes = scopesPerChar(whole);
		expect(scopes[ts.indexOf('function')]).toBe('hljs-keyword');
		// `${name…}` inside the template string: a substitution (no colour of its own) in a string.
		expect(scopes[ts.indexOf('name.trim')]).toBe('hljs-string');
		expect(scopes[ts.indexOf('<you>')]).toBe('hljs-string');
	});

	it('keep only the scopes the page colours: no span is built for one without a colour', () => {
		const html = highlightToHtml(ts, 'typescript');
		// highlight.js wraps the parameters, the substitution and more in scopes the theme leaves
		// uncoloured; their coloured children stay, nested as they were.
		expect(html).toContain('hljs-params');
		expect(html).toContain('hljs-subst');
		const ranges = highlightToRanges(ts, 'typescript');
		if (ranges === null) throw new Error('not highlighted');
		expect(ranges.scopes.length).toBeGreaterThan(0);
		expect(ranges.scopes.every(colouredScope)).toBe(true);
		const scopes = scopesPerChar(highlightSlice(ts, ranges, 0, ts.length));
		// `(name: string)` was hljs-params > hljs-attr, hljs-built_in.
		expect(scopes[ts.indexOf('name:')]).toBe('hljs-attr');
		expect(scopes[ts.indexOf(': string)')]).toBe('');
		expect(scopes[ts.indexOf('string)')]).toBe('hljs-built_in');
		expect(scopes[ts.indexOf('greet')]).toBe('hljs-title function_');
		// A span not kept must still be closed; a kept span inside one not kept stays.
		const keep = (scope: string): boolean => scope === 'k';
		expect(highlightRanges('<span class="x">a', 'a', keep)).toBeNull();
		expect(highlightRanges('<span class="x"><span class="k">a</span></span>b', 'ab', keep)).toEqual(
			{ ranges: Uint32Array.from([0, 1, 0]), scopes: ['k'] }
		);
		// Each class list is judged once, however many spans carry it.
		const asked: string[] = [];
		const spans = '<span class="x">a</span><span class="k">b</span><span class="x">c</span>';
		highlightRanges(spans + spans, 'abcabc', (scope) => {
			asked.push(scope);
			return keep(scope);
		});
		expect(asked).toEqual(['x', 'k']);
	});

	it('coloured scopes are exactly the ones markdown.css gives a colour', () => {
		const css = readFileSync(
			new URL('../../../src/lib/components/render/markdown.css', import.meta.url),
			'utf8'
		);
		const inCss = new Set([...css.matchAll(/\.(hljs-[\w-]+)/g)].map((match) => match[1]));
		expect([...COLOURED_SCOPES].sort()).toEqual([...inCss].sort());
		expect(colouredScope('hljs-title class_')).toBe(true);
		expect(colouredScope('hljs-variable language_')).toBe(false);
		expect(colouredScope('hljs-keywords')).toBe(false);
	});

	it('give the same text and scopes however the text is sliced', () => {
		const ranges = highlightToRanges(ts, 'typescript');
		if (ranges === null) throw new Error('not highlighted');
		const whole = scopesPerChar(highlightSlice(ts, ranges, 0, ts.length));
		for (const cuts of [[1], [10, 20], [ts.indexOf('over'), ts.indexOf('Hello') + 2], [5, 6, 7]]) {
			const bounds = [0, ...cuts, ts.length];
			let text = '';
			const scopes: string[] = [];
			for (let index = 1; index < bounds.length; index++) {
				const pieces = highlightSlice(ts, ranges, bounds[index - 1] ?? 0, bounds[index] ?? 0);
				text += flat(pieces);
				scopes.push(...scopesPerChar(pieces));
			}
			expect(text).toBe(ts);
			expect(scopes).toEqual(whole);
		}
	});

	it('a comment cut by a slice boundary keeps its scope on both sides', () => {
		const ranges = highlightToRanges(ts, 'typescript');
		if (ranges === null) throw new Error('not highlighted');
		const cut = ts.indexOf('\n');
		const first = highlightSlice(ts, ranges, 0, cut + 1);
		const second = highlightSlice(ts, ranges, cut + 1, ts.length);
		expect(first).toEqual([{ className: 'hljs-comment', children: ['/* a comment\n'] }]);
		expect(second[0]).toEqual({ className: 'hljs-comment', children: ['   over two lines */'] });
	});

	it('decode the five entities and refuse markup that is not exactly the text', () => {
		const html = highlightToHtml('a < b && "c" > \'d\'', 'javascript');
		expect(highlightRanges(html, 'a < b && "c" > \'d\'')).not.toBeNull();
		expect(highlightRanges(html, 'a < b && "c" > \'e\'')).toBeNull();
		expect(highlightRanges('<span class="hljs-x">a', 'a')).toBeNull();
		expect(highlightRanges('a</span>', 'a')).toBeNull();
		expect(highlightRanges('<b>a</b>', 'a')).toBeNull();
		expect(highlightRanges('<span class="x" onclick="y">a</span>', 'a')).toBeNull();
		expect(highlightRanges('ab', 'abc')).toBeNull();
		expect(highlightRanges('<span class="k">if</span> x', 'if x')).toEqual({
			ranges: Uint32Array.from([0, 2, 0]),
			scopes: ['k']
		});
	});

	it('are checked before use: crossing, out of range or unknown scopes are refused', () => {
		const of = (ranges: number[], scopes = ['a', 'b']): HighlightRanges => ({
			ranges: Uint32Array.from(ranges),
			scopes
		});
		expect(validRanges(of([0, 4, 0, 1, 2, 1, 2, 4, 1]), 4)).toBe(true);
		expect(validRanges(of([0, 2, 0, 1, 3, 1]), 4)).toBe(false);
		expect(validRanges(of([0, 5, 0]), 4)).toBe(false);
		expect(validRanges(of([2, 3, 0, 0, 1, 0]), 4)).toBe(false);
		expect(validRanges(of([0, 1, 2]), 4)).toBe(false);
		expect(validRanges(of([0, 1, 0], ['a"><script>']), 4)).toBe(false);
		expect(validRanges(of([0, 1]), 4)).toBe(false);
	});

	it('leave unknown languages alone', () => {
		expect(highlightToRanges('x', 'cobol')).toBeNull();
	});
});
