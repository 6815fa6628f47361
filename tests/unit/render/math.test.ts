import { describe, expect, it } from 'vitest';
import { parseInline } from '../../../src/lib/render/core/inline-parser.ts';
import type { Inline } from '../../../src/lib/render/core/inline-model.ts';
import { MarkdownStream } from '../../../src/lib/render/core/markdown-stream.ts';
import { DomRenderer } from '../../../src/lib/render/dom/dom-renderer.ts';
import type { MathTypesetter } from '../../../src/lib/render/dom/math-view.ts';
import { elements, fakeContainer, innerHtml, type FakeElement } from './fake-dom.ts';
import { createRenderer, renderAll, renderChunks, renderPrefix } from './harness.ts';
import { renderMarkdown } from './model-html.ts';

/**
 * TeX math (core/math-syntax.ts): `$…$`, `$$…$$`, `\(…\)`, `\[…\]` inline, `$$`/`\[` blocks; the
 * Pandoc rules that keep prices text; TeX kept as written (`\,` is not an escape inside math);
 * code stays code; and while streaming, nothing shows as text that is about to become math.
 */
const math = (tex: string, display = false): Inline => ({ type: 'math', tex, display });
const inlines = (text: string): Inline[] => parseInline(text, { final: true }).inlines;

describe('inline math', () => {
	it('reads the four delimiters, inline and display', () => {
		expect(inlines('a $x^2$ b')).toEqual([
			{ type: 'text', text: 'a ' },
			math('x^2'),
			{ type: 'text', text: ' b' }
		]);
		expect(inlines('$$\\sum_i i$$')).toEqual([math('\\sum_i i', true)]);
		expect(inlines('\\(\\alpha\\)')).toEqual([math('\\alpha')]);
		expect(inlines('\\[ a = b \\]')).toEqual([math(' a = b ', true)]);
		expect(inlines('**bold $x$** and [$y$](https://l.example)')).toEqual([
			{ type: 'strong', children: [{ type: 'text', text: 'bold ' }, math('x')] },
			{ type: 'text', text: ' and ' },
			{ type: 'link', href: 'https://l.example/', title: '', children: [math('y')] }
		]);
	});

	it('keeps TeX as written: backslash commands, escapes and markdown characters are TeX', () => {
		expect(inlines('$a\\,b \\; c\\!d \\{x\\} \\$ *e* _f_ \\\\$')).toEqual([
			math('a\\,b \\; c\\!d \\{x\\} \\$ *e* _f_ \\\\')
		]);
		expect(inlines('\\(a\\,b\\)')).toEqual([math('a\\,b')]);
		// Outside math, `\,` is a markdown escape (CommonMark §2.4): a comma.
		expect(inlines('a\\,b')).toEqual([{ type: 'text', text: 'a,b' }]);
	});

	it.each([
		['$5 and $10', 'the next `$` follows a space'],
		['$20,000 and $30,000', 'as Pandoc'],
		['costs $5.', 'no closer'],
		['$x$1', 'a closer followed by a digit'],
		['$ x$', 'an opener followed by a space'],
		['pay $5, or set `$HOME`', 'not across a code span'],
		['\\$x\\$ and \\$y$', 'escaped dollars'],
		['\\(\\) and \\[ \\]', 'empty'],
		['$$ $$', 'empty display']
	])('%s is not math (%s)', (text) => {
		expect(inlines(text).some((inline) => inline.type === 'math')).toBe(false);
	});

	it('`\\$` is a dollar and `\\(` without a closer is a parenthesis', () => {
		expect(inlines('\\$5 \\(a')).toEqual([{ type: 'text', text: '$5 (a' }]);
	});

	it('code spans and code blocks keep their dollars', () => {
		expect(inlines('`$x$` and ``\\(y\\)``')).toEqual([
			{ type: 'code', text: '$x$' },
			{ type: 'text', text: ' and ' },
			{ type: 'code', text: '\\(y\\)' }
		]);
		expect(renderMarkdown('```\n$$\nx\n$$\n```\n\n    $$ y $$')).toBe(
			'<pre><code>$$\nx\n$$\n</code></pre>\n<pre><code>$$ y $$\n</code></pre>\n'
		);
	});

	it('text full of dollars and backslashes stays linear', () => {
		const text = '$a $b \\( $$ '.repeat(4000);
		const started = performance.now();
		parseInline(text, { final: true });
		parseInline(text, { final: false });
		expect(performance.now() - started).toBeLessThan(1000);
	});
});

describe('display math blocks', () => {
	it('`$$` and `\\[` on lines of their own, one-line or many, interrupting a paragraph', () => {
		expect(renderMarkdown('Where\n$$\na \\, b\n\nc\n$$\nafter')).toBe(
			'<p>Where</p>\n<div class="math display">\\[a \\, b\n\nc\\]</div>\n<p>after</p>\n'
		);
		expect(renderMarkdown('\\[\n\\frac12\n\\]')).toBe(
			'<div class="math display">\\[\\frac12\\]</div>\n'
		);
		expect(renderMarkdown('$$ E = mc^2 $$\n  \\[ x \\]  ')).toBe(
			'<div class="math display">\\[E = mc^2\\]</div>\n<div class="math display">\\[x\\]</div>\n'
		);
		// The closing delimiter may end a line of TeX; the opening line may hold TeX.
		expect(renderMarkdown('$$\\begin{aligned}\na &= b\n\\end{aligned}$$')).toBe(
			'<div class="math display">\\[\\begin{aligned}\na &amp;= b\n\\end{aligned}\\]</div>\n'
		);
	});

	it('inside list items and block quotes, their indentation removed', () => {
		expect(renderMarkdown('- item\n  $$\n  x\n  $$\n\n> $$\n> y\n> $$')).toBe(
			'<ul>\n<li>item\n<div class="math display">\\[x\\]</div>\n</li>\n</ul>\n' +
				'<blockquote>\n<div class="math display">\\[y\\]</div>\n</blockquote>\n'
		);
	});

	it('a line with text after the closing delimiter is a paragraph (inline display math)', () => {
		expect(renderMarkdown('$$x$$ is the answer')).toBe(
			'<p><span class="math display">\\[x\\]</span> is the answer</p>\n'
		);
		expect(renderMarkdown('\\[not a link](/x)')).toBe('<p>[not a link](/x)</p>\n');
	});

	it('an unclosed block runs to the end of its container, like a fence', () => {
		expect(renderMarkdown('> $$\n> x\n\nout')).toBe(
			'<blockquote>\n<div class="math display">\\[x\\]</div>\n</blockquote>\n<p>out</p>\n'
		);
		expect(renderMarkdown('$$\nx')).toBe('<div class="math display">\\[x\\]</div>\n');
	});
});

/** Renders with a typesetter that records what it is asked and marks the element. */
function typesetRender(chunks: readonly string[], finish = true) {
	const { element, fake } = fakeContainer();
	const asked: { tex: string; display: boolean }[] = [];
	const typesetter: MathTypesetter = {
		typeset(target, tex, display) {
			asked.push({ tex, display });
			target.setAttribute('data-typeset', '');
		}
	};
	const renderer = new DomRenderer(element, { math: typesetter, idPrefix: 'md-' });
	const stream = new MarkdownStream();
	for (const chunk of chunks) {
		stream.append(chunk);
		stream.process();
		renderer.render(stream.snapshot());
	}
	if (finish) {
		stream.end();
		stream.process();
		renderer.render(stream.snapshot());
	}
	return { root: fake, asked };
}

const byClass = (root: FakeElement, name: string): FakeElement[] =>
	elements(root).filter((element) =>
		(element.getAttribute('class') ?? '').split(' ').includes(name)
	);

describe('math on the page', () => {
	it('each formula is an element holding its TeX (data-tex), handed to the typesetter', () => {
		const { root, asked } = typesetRender(['Euler: $e^{i\\pi}$.\n\n$$\n\\int_0^1 x\\,dx\n$$\n']);
		expect(asked).toEqual([
			{ tex: 'e^{i\\pi}', display: false },
			{ tex: '\\int_0^1 x\\,dx', display: true }
		]);
		const [inline, display] = byClass(root, 'md-math');
		expect(inline?.getAttribute('data-tex')).toBe('e^{i\\pi}');
		expect(display?.getAttribute('data-display')).toBe('');
		expect(byClass(root, 'md-math-block')[0]?.getAttribute('data-tex')).toBe('\\int_0^1 x\\,dx');
	});

	it('an open `$$` block shows its source as math source, never as paragraphs, and is typeset once closed', () => {
		const text = 'Intro\n\n$$\n\\begin{aligned}\na &= b \\\\\nc &= d\n\\end{aligned}\n$$\n\nAfter.';
		const opened = text.indexOf('$$\n') + 3;
		const closing = text.indexOf('\n$$', opened) + 1;
		const { renderer, root } = createRenderer();
		let received = '';
		for (const char of text) {
			renderer.append(char);
			received += char;
			renderer.flush();
			const paragraphs = elements(root).filter((element) => element.tagName === 'p');
			for (const paragraph of paragraphs)
				expect(paragraph.textContent, JSON.stringify(received)).not.toMatch(/\$|aligned|&=/);
			if (received.length >= opened && received.length <= closing)
				expect(byClass(root, 'md-math-source'), JSON.stringify(received)).toHaveLength(1);
		}
		renderer.finish();
		renderer.flush();
		expect(byClass(root, 'md-math-source')).toHaveLength(0);
		expect(byClass(root, 'md-math-block')[0]?.getAttribute('data-tex')).toBe(
			'\\begin{aligned}\na &= b \\\\\nc &= d\n\\end{aligned}'
		);
	});

	it('inline math still open is held back, not shown as text; a price is not held back for long', () => {
		const frame = (text: string): string => {
			const { renderer, root } = createRenderer();
			renderer.append(text);
			renderer.flush();
			return root.textContent;
		};
		expect(frame('The area is $\\pi r')).toBe('The area is ');
		expect(frame('The area is $\\pi r^2')).toBe('The area is ');
		expect(frame('The area is $\\pi r^2$')).toBe('The area is ');
		expect(frame('The area is $\\pi r^2$.')).toBe('The area is \\pi r^2.');
		expect(frame('Then \\(x')).toBe('Then ');
		// Decided at once: the next `$` follows a space; `$10 now` reads as a price, then prose.
		expect(frame('It costs $5 and $10 now')).toBe('It costs $5 and $10 now');
		expect(frame('It costs $5 and $10')).toBe('It costs $5 and ');
		expect(frame('So $1 + 1 = 2')).toBe('So ');
		// Undecided, but past the hold-back limit: shown as text, not swallowed.
		const long = `It costs $5 ${'and more words '.repeat(8)}`;
		expect(frame(long)).toBe(long.trimEnd());
		// Not past the end of its line either.
		expect(frame('It costs $5\nand more')).toBe('It costs $5\nand more');
	});

	it('streamed in any chunks, every frame is the render of the text so far and the end the whole render', () => {
		const text = [
			'Roots of $ax^2+bx+c$: \\(x_{1,2}\\) with $$\\Delta = b^2-4ac$$, price $5 or $6.',
			'$$',
			'x = \\frac{-b \\pm \\sqrt{\\Delta}}{2a}\\,.',
			'$$',
			'- $a$ and \\[ b \\]',
			'',
			'| $\\|v\\|$ | `$x$` |',
			'| - | - |',
			'| $w$ | \\$ |'
		].join('\n');
		const full = renderAll(text);
		expect(renderChunks([...text])).toBe(full);
		for (let at = 0; at <= text.length; at++) {
			const { renderer, root } = createRenderer();
			renderer.append(text.slice(0, at));
			renderer.flush();
			expect(innerHtml(root), `frame at ${at}`).toBe(renderPrefix(text.slice(0, at)));
			renderer.append(text.slice(at));
			renderer.finish();
			renderer.flush();
			expect(innerHtml(root), `split at ${at}`).toBe(full);
		}
	});

	it('TeX past the size cap is shown as its source, never typeset', () => {
		const tex = `x${'+x'.repeat(5000)}`;
		const { asked, root } = typesetRender([`$$\n${tex}\n$$\n`]);
		expect(asked).toEqual([]);
		expect(byClass(root, 'md-math')[0]?.textContent).toBe(tex);
	});
});
