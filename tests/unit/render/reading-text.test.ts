import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/lib/render/core/limits.ts';
import { readingText } from '../../../src/lib/render/core/reading-text.ts';

describe('the text a person reads in an answer', () => {
	it.each([
		[
			'emphasis, strong and strikethrough',
			'a **bold**, *light* and ~~gone~~ word',
			'a bold, light and gone word'
		],
		[
			'a link shows its text, not its address',
			'see [the guide](https://example.com/x "T")',
			'see the guide'
		],
		['an autolink shows its address', 'at <https://example.com/a>', 'at https://example.com/a'],
		['an image its description', '![a red lamp](https://example.com/l.png)', 'a red lamp'],
		['inline code as written inside', 'call `a_b * c`', 'call a_b * c'],
		['escapes and entities resolved', '1 \\* 2 &amp; 3', '1 * 2 & 3'],
		['snake_case kept', 'set max_tokens_total now', 'set max_tokens_total now'],
		['a heading without its hashes', '## Plan ##', 'Plan'],
		['a setext heading without its underline', 'Plan\n====', 'Plan'],
		['a quote without its markers', '> quoted\n> more', 'quoted\nmore'],
		['list items without markers or boxes', '- one\n1. two\n- [x] done', 'one\ntwo\ndone'],
		['a table by its cells, row by row', '| a | **b** |\n|---|:-:|\n| 1 | 2 |', 'a b\n1 2'],
		['a fenced block as its code', 'x\n\n```ts\nconst a = 1;\n```', 'x\nconst a = 1;'],
		['math as its TeX', 'so $x^2$ and\n\n$$\n\\frac{1}{2}\n$$', 'so x^2 and\n\\frac{1}{2}'],
		['a rule is nothing', 'a\n\n---\n\nb', 'a\nb'],
		['a reference link by its text', 'see [docs][d]\n\n[d]: https://example.com', 'see docs'],
		[
			'footnotes last, references left out',
			'a claim[^1] here\n\n[^1]: The source.\n\nend',
			'a claim here\nend\nThe source.'
		],
		['Chinese unchanged', '**长城**的历史', '长城的历史'],
		['an unclosed marker stays text', 'a **b', 'a **b']
	])('%s', (_, markdown, expected) => {
		expect(readingText(markdown)).toBe(expected);
	});

	it('keeps text past the renderer caps as it is shown: written out', () => {
		const paragraph = `**${'x'.repeat(LIMITS.maxInlineChars)}**`;
		expect(readingText(paragraph)).toBe(paragraph);
	});
});
