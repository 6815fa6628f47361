import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './model-html.ts';

/**
 * Examples from the CommonMark 0.31 and GFM specs for the constructs the renderer supports, with
 * the spec's expected HTML (tight lists without <p>, as the spec writes them). Where we depart from
 * the spec on purpose, the row says so.
 */
const EXAMPLES: [name: string, markdown: string, html: string][] = [
	['emphasis with *', '*foo bar*', '<p><em>foo bar</em></p>\n'],
	['* followed by whitespace is not emphasis', 'a * foo bar*', '<p>a * foo bar*</p>\n'],
	['* before punctuation after alnum', 'a*"foo"*', '<p>a*&quot;foo&quot;*</p>\n'],
	['intraword *', 'foo*bar*', '<p>foo<em>bar</em></p>\n'],
	['no intraword _', '_foo_bar', '<p>_foo_bar</p>\n'],
	['intraword * between digits', '5*6*78', '<p>5<em>6</em>78</p>\n'],
	['strong inside emphasis', '*foo**bar**baz*', '<p><em>foo<strong>bar</strong>baz</em></p>\n'],
	['triple delimiters', '***strong emph***', '<p><em><strong>strong emph</strong></em></p>\n'],
	['rule of 3', '*foo**bar*', '<p><em>foo**bar</em></p>\n'],
	['intraword triple', 'foo***bar***baz', '<p>foo<em><strong>bar</strong></em>baz</p>\n'],
	['unbalanced opener', '**foo*', '<p>*<em>foo</em></p>\n'],
	['unbalanced closer', '*foo**', '<p><em>foo</em>*</p>\n'],
	[
		'GFM strikethrough: one or two tildes, equal runs',
		'~~del~~ ~one~ ~~~no~~~',
		'<p><del>del</del> <del>one</del> ~~~no~~~</p>\n'
	],
	['code span with a backtick inside', '`` foo ` bar ``', '<p><code>foo ` bar</code></p>\n'],
	['no escapes in code spans', '`foo\\`bar`', '<p><code>foo\\</code>bar`</p>\n'],
	[
		'balanced parentheses in a destination',
		'[a](https://x.com/(b))',
		'<p><a href="https://x.com/(b)">a</a></p>\n'
	],
	['no line ending in a destination', '[link](foo\nbar)', '<p>[link](foo\nbar)</p>\n'],
	[
		'image inside a link',
		'[![moon](https://m.io/moon.jpg)](https://u.io)',
		'<p><a href="https://u.io/"><img src="https://m.io/moon.jpg" alt="moon" /></a></p>\n'
	],
	[
		'no links in links (and GFM links the bare URL after the parenthesis)',
		'[foo [bar](https://u.io)](https://v.io)',
		'<p>[foo <a href="https://u.io/">bar</a>](<a href="https://v.io/">https://v.io</a>)</p>\n'
	],
	[
		'URI autolink',
		'<http://foo.bar.baz>',
		'<p><a href="http://foo.bar.baz/">http://foo.bar.baz</a></p>\n'
	],
	[
		'email autolink',
		'<foo@bar.example.com>',
		'<p><a href="mailto:foo@bar.example.com">foo@bar.example.com</a></p>\n'
	],
	[
		'GFM www autolink, trailing punctuation left out',
		'Visit www.commonmark.org/help for more.',
		'<p>Visit <a href="http://www.commonmark.org/help">www.commonmark.org/help</a> for more.</p>\n'
	],
	[
		'GFM autolink, unbalanced closing parenthesis left out',
		'www.google.com/search?q=Markup+(business))',
		'<p><a href="http://www.google.com/search?q=Markup+(business)">www.google.com/search?q=Markup+(business)</a>)</p>\n'
	],
	[
		'blank lines between items make a loose list',
		'1. a\n\n2. b\n\n3. c',
		'<ol>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n<li>\n<p>c</p>\n</li>\n</ol>\n'
	],
	[
		'one blank line is enough for loose',
		'- a\n- b\n\n- c',
		'<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n<li>\n<p>c</p>\n</li>\n</ul>\n'
	],
	['lazy continuation in a quote', '> a\nb', '<blockquote>\n<p>a\nb</p>\n</blockquote>\n'],
	['setext heading', 'Foo\n---', '<h2>Foo</h2>\n'],
	[
		'thematic break between lists',
		'- foo\n***\n- bar',
		'<ul>\n<li>foo</li>\n</ul>\n<hr />\n<ul>\n<li>bar</li>\n</ul>\n'
	],
	['indented code', '    a\n      b\n    c', '<pre><code>a\n  b\nc\n</code></pre>\n'],
	['tabs in indented code', '\tfoo\tbaz\t\tbim', '<pre><code>foo\tbaz\t\tbim\n</code></pre>\n'],
	[
		'tab continuation of an item',
		'- foo\n\n\tbar',
		'<ul>\n<li>\n<p>foo</p>\n<p>bar</p>\n</li>\n</ul>\n'
	],
	['hard break: two spaces', 'foo  \nbar', '<p>foo<br />\nbar</p>\n'],
	['hard break: backslash', 'foo\\\nbar', '<p>foo<br />\nbar</p>\n'],
	[
		'entities: every HTML5 name, an unknown name stays text',
		'&amp; &copy; &#35; &#x22; &ClockwiseContourIntegral; &bogus;',
		'<p>&amp; © # &quot; ∲ &amp;bogus;</p>\n'
	],
	['code is text', '```\n<\n >\n```', '<pre><code>&lt;\n &gt;\n</code></pre>\n'],
	[
		'a shorter fence does not close',
		'~~~~\naaa\n~~~\n~~~~',
		'<pre><code>aaa\n~~~\n</code></pre>\n'
	],
	['indented item', '  - foo\n\n    bar', '<ul>\n<li>\n<p>foo</p>\n<p>bar</p>\n</li>\n</ul>\n'],
	[
		'item continuation lines',
		'1.  A paragraph\n    with two lines.',
		'<ol>\n<li>A paragraph\nwith two lines.</li>\n</ol>\n'
	],
	[
		'items need less than four columns of indentation',
		'- a\n - b\n  - c\n   - d\n    - e',
		'<ul>\n<li>a</li>\n<li>b</li>\n<li>c</li>\n<li>d\n- e</li>\n</ul>\n'
	],
	[
		'GFM table with escaped pipes, also in code',
		'| a | b |\n| - | - |\n| `\\|` | c \\| d |',
		'<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><code>|</code></td>\n<td>c | d</td>\n</tr>\n</tbody>\n</table>\n'
	],
	[
		'GFM table rows without pipes, ended by a blank line',
		'| abc | def |\n| --- | --- |\n| bar | baz |\nbar\n\nbar',
		'<table>\n<thead>\n<tr>\n<th>abc</th>\n<th>def</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>bar</td>\n<td>baz</td>\n</tr>\n<tr>\n<td>bar</td>\n<td></td>\n</tr>\n</tbody>\n</table>\n<p>bar</p>\n'
	],
	[
		'GFM: header and delimiter must have the same cells',
		'| abc | def |\n| --- |\n| bar |',
		'<p>| abc | def |\n| --- |\n| bar |</p>\n'
	],
	['ATX heading content is inline', '# foo *bar* \\*baz\\*', '<h1>foo <em>bar</em> *baz*</h1>\n'],
	['closing sequence', '### foo ###   ', '<h3>foo</h3>\n'],
	['# needs a space', '#5 bolt', '<p>#5 bolt</p>\n'],
	['spaced thematic break', '* * *', '<hr />\n'],
	[
		'quote with heading and lazy lines',
		'> # Foo\n> bar\n> baz',
		'<blockquote>\n<h1>Foo</h1>\n<p>bar\nbaz</p>\n</blockquote>\n'
	],
	[
		'raw HTML is text (a departure from the spec: no HTML blocks or inline HTML)',
		'<div>\n*hi*\n</div> <b>x</b>',
		'<p>&lt;div&gt;\n<em>hi</em>\n&lt;/div&gt; &lt;b&gt;x&lt;/b&gt;</p>\n'
	],
	[
		'a reference link whose definition comes after it; the definition is not shown',
		'[foo][bar] and [bar]\n\n[bar]: https://example.com "T"',
		'<p><a href="https://example.com/" title="T">foo</a> and <a href="https://example.com/" title="T">bar</a></p>\n'
	],
	['a reference to no definition stays text', '[foo][nope] [nope]', '<p>[foo][nope] [nope]</p>\n'],
	[
		'GFM task list items',
		'- [ ] todo\n- [x] done\n- [y] not a task',
		'<ul>\n<li><input disabled="" type="checkbox"> todo</li>\n<li><input checked="" disabled="" type="checkbox"> done</li>\n<li>[y] not a task</li>\n</ul>\n'
	],
	[
		'GFM email autolinks',
		'Write to a.b@mail.example. or mailto:me@x.example',
		'<p>Write to <a href="mailto:a.b@mail.example">a.b@mail.example</a>. or <a href="mailto:me@x.example">mailto:me@x.example</a></p>\n'
	]
];

describe('markdown rendering: CommonMark and GFM examples', () => {
	it.each(EXAMPLES)('%s', (_name, markdown, html) => {
		expect(renderMarkdown(markdown)).toBe(html);
	});
});
