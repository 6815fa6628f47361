import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './model-html.ts';

/**
 * GFM footnotes through the block and inline model (the DOM renderer's are in
 * footnotes-dom.test.ts). The first example is cmark-gfm's own (test/extensions.txt, "Footnotes"),
 * with the expected HTML in this renderer's shape: the same footnotes, numbers, order and links
 * back, ids `fn-N` and `fnref-N`.
 */
describe('footnotes', () => {
	it("cmark-gfm's footnote example", () => {
		const markdown = [
			'This is some text![^1]. Other text.[^footnote].',
			'',
			"Here's a thing[^other-note].",
			'',
			'And another thing[^codeblock-note].',
			'',
			"This doesn't have a referent[^nope].",
			'',
			'',
			'[^other-note]:       no code block here (spaces are stripped away)',
			'',
			'[^codeblock-note]:',
			'        this is now a code block (8 spaces indentation)',
			'',
			'[^1]: Some *bolded* footnote definition.',
			'',
			'Hi!',
			'',
			'[^footnote]:',
			'    > Blockquotes can be in a footnote.',
			'',
			'        as well as code blocks',
			'',
			'    or, naturally, simple paragraphs.',
			'',
			'[^unused]: This is unused.'
		].join('\n');
		expect(renderMarkdown(markdown)).toBe(
			[
				'<p>This is some text!<sup><a href="#fn-1" id="fnref-1">1</a></sup>. Other text.<sup><a href="#fn-2" id="fnref-2">2</a></sup>.</p>',
				'<p>Here\'s a thing<sup><a href="#fn-3" id="fnref-3">3</a></sup>.</p>',
				'<p>And another thing<sup><a href="#fn-4" id="fnref-4">4</a></sup>.</p>',
				"<p>This doesn't have a referent[^nope].</p>",
				'<p>Hi!</p>',
				'<section class="footnotes">',
				'<ol>',
				'<li id="fn-1">',
				'<p>Some <em>bolded</em> footnote definition. <a href="#fnref-1">↩</a></p>',
				'</li>',
				'<li id="fn-2">',
				'<blockquote>',
				'<p>Blockquotes can be in a footnote.</p>',
				'</blockquote>',
				'<pre><code>as well as code blocks',
				'</code></pre>',
				'<p>or, naturally, simple paragraphs. <a href="#fnref-2">↩</a></p>',
				'</li>',
				'<li id="fn-3">',
				'<p>no code block here (spaces are stripped away) <a href="#fnref-3">↩</a></p>',
				'</li>',
				'<li id="fn-4">',
				'<pre><code>this is now a code block (8 spaces indentation)',
				'</code></pre>',
				'<a href="#fnref-4">↩</a>',
				'</li>',
				'</ol>',
				'</section>',
				''
			].join('\n')
		);
	});

	it('numbers footnotes by first reference, links back to every reference, matches labels case-insensitively', () => {
		const markdown = 'b[^B] a[^a] b again[^b]\n\n[^a]: A\n[^b]: B [^A]';
		expect(renderMarkdown(markdown)).toBe(
			[
				'<p>b<sup><a href="#fn-1" id="fnref-1">1</a></sup> a<sup><a href="#fn-2" id="fnref-2">2</a></sup> b again<sup><a href="#fn-1" id="fnref-1-2">1</a></sup></p>',
				'<section class="footnotes">',
				'<ol>',
				'<li id="fn-1">',
				'<p>B <sup><a href="#fn-2" id="fnref-2-2">2</a></sup> <a href="#fnref-1">↩</a> <a href="#fnref-1-2">↩<sup>2</sup></a></p>',
				'</li>',
				'<li id="fn-2">',
				'<p>A <a href="#fnref-2">↩</a> <a href="#fnref-2-2">↩<sup>2</sup></a></p>',
				'</li>',
				'</ol>',
				'</section>',
				''
			].join('\n')
		);
	});

	it('a footnote reference is not one inside code, after an escape, or in a link', () => {
		expect(renderMarkdown('`[^1]` \\[^1] [x [^1]](https://l.example/)\n\n[^1]: one')).toBe(
			'<p><code>[^1]</code> [^1] <a href="https://l.example/">x [^1]</a></p>\n'
		);
	});
});
