import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-svelte';
import MarkdownView from '../../../src/lib/components/render/MarkdownView.svelte';
import { renderedText } from '../../../src/lib/render/dom/copy-text.ts';
import { LiveMarkdown } from '../../../src/lib/render/live-markdown.ts';
import { StreamingText } from '../../../src/lib/render/streaming-text.svelte.ts';
import { frames } from '../frames.ts';
// Loaded lazily by the app; imported here too so that the dev server prepares KaTeX before the
// tests run instead of reloading the page in the middle of one.
import '../../../src/lib/render/math-katex.ts';

/** Math in MarkdownView, in a real Chromium: typeset by KaTeX, safely, and copied as TeX. */

const TEXT = [
	'Inline $a\\,b^2$ and \\(\\alpha\\), a price of $5 and $10.',
	'',
	'$$',
	'\\frac{1}{2}',
	'$$',
	'',
	'Broken: $\\frac{1}{$ and not trusted: $\\href{javascript:alert(1)}{x}$ and $\\url{https://x.example}$.'
].join('\n');

/** `text` rendered in a MarkdownView, once its `formulas` are typeset or shown as failed. */
async function view(text: string, formulas = 6): Promise<HTMLElement> {
	const screen = await render(MarkdownView, { text });
	const root = screen.container.querySelector<HTMLElement>('[data-markdown]');
	if (root === null) throw new Error('no markdown view');
	await expect.poll(() => root.hasAttribute('data-rendered')).toBe(true);
	await expect
		.poll(() => root.querySelectorAll('.md-math-done, .md-math-failed').length)
		.toBe(formulas);
	return root;
}

describe('math in MarkdownView', () => {
	it('typesets inline and display math with KaTeX, TeX as written (`\\,` kept)', async () => {
		const root = await view(TEXT);
		// Five typeset (\href and \url as plain text, trust being off), one unreadable.
		expect(root.querySelectorAll('.md-math-done')).toHaveLength(5);
		expect(root.querySelectorAll('.md-math-failed')).toHaveLength(1);
		const formulas = [...root.querySelectorAll('.md-math.md-math-done')];
		expect(formulas.every((element) => element.querySelector('.katex') !== null)).toBe(true);
		// KaTeX keeps the TeX it read in its MathML annotation: the thin space reached it.
		const annotation = formulas[0]?.querySelector('annotation[encoding="application/x-tex"]');
		expect(annotation?.textContent).toBe('a\\,b^2');
		expect(root.querySelector('.md-math-block .katex-display')).not.toBeNull();
		// Prices are text.
		expect(root.textContent).toContain('a price of $5 and $10.');
	});

	it('shows TeX it cannot read, or may not run, as code, never as an exception or a link', async () => {
		const root = await view(TEXT);
		const failed = root.querySelector('.md-math-failed code.md-math-error');
		expect(failed?.textContent).toBe('\\frac{1}{');
		expect(failed?.getAttribute('title')).toMatch(/KaTeX parse error/);
		// trust: false: \href and \url are shown as text, never as links.
		expect(root.querySelector('a, [href]')).toBeNull();
	});

	it('copies as the person reads it, each formula as its TeX', async () => {
		const root = await view(TEXT);
		const text = renderedText(root);
		expect(text).toContain('Inline $a\\,b^2$ and $\\alpha$, a price of $5 and $10.');
		expect(text).toContain('$$\\frac{1}{2}$$');
		// Reading it left the page as it was.
		expect(root.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(3);

		// A selection with math copies the whole formula as TeX.
		const selection = document.getSelection();
		const range = document.createRange();
		const paragraph = root.querySelector('p');
		if (selection === null || paragraph === null) throw new Error('no selection');
		range.selectNodeContents(paragraph);
		selection.removeAllRanges();
		selection.addRange(range);
		const clipboardData = new DataTransfer();
		const event = new ClipboardEvent('copy', { clipboardData, bubbles: true, cancelable: true });
		paragraph.dispatchEvent(event);
		expect(event.defaultPrevented).toBe(true);
		expect(clipboardData.getData('text/plain')).toBe(
			'Inline $a\\,b^2$ and $\\alpha$, a price of $5 and $10.'
		);
	});

	it('streams an open display block as its source, then typesets it when it closes', async () => {
		const live = new StreamingText();
		const screen = await render(MarkdownView, { text: '', live });
		const root = screen.container.querySelector<HTMLElement>('[data-markdown]');
		for (const piece of ['Sum:\n\n$$\n', '\\sum_{i=1}^{n}', ' i\n']) {
			live.append('text', piece);
			await frames(2);
		}
		expect(root?.querySelector('.md-math-source')?.textContent).toBe('\\sum_{i=1}^{n} i');
		expect(root?.querySelectorAll('p')).toHaveLength(1);
		live.append('text', '$$\n');
		await expect.poll(() => root?.querySelector('.md-math-block .katex-display')).not.toBeNull();
		expect(root?.querySelector('.md-math-source')).toBeNull();
	});
});

describe('hostile math', () => {
	it('KaTeX runs untrusted: no links, images, classes, styles or data the text chose; bombs stop', async () => {
		const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
		const text = [
			'$\\href{javascript:alert(1)}{x}$ \\(\\url{javascript:alert(2)}\\)',
			'$\\includegraphics{https://evil.example/x.png}$ $\\htmlClass{evil}{y}$',
			'$\\htmlStyle{position:fixed;inset:0}{z}$ $\\htmlData{foo=bar}{w}$ $\\htmlId{app}{v}$',
			'',
			'$$\\def\\a{\\a\\a}\\a$$',
			'',
			'$\\rule{100000em}{100000em}$ $\\kern{100000em}$'
		].join('\n');
		const root = await view(text, 10);
		expect(alert).not.toHaveBeenCalled();
		expect(root.querySelector('a, img, [href], [src], .evil, [data-foo], #app')).toBeNull();
		for (const element of root.querySelectorAll('[style]'))
			expect(element.getAttribute('style')).not.toMatch(/fixed|inset/);
		// The macro bomb stopped at maxExpand: an error, shown as its source.
		expect(root.querySelector('.md-math-block .md-math-error')?.textContent).toBe(
			'\\def\\a{\\a\\a}\\a'
		);
		// Sizes are capped (maxSize): nothing 100,000 em wide.
		expect(root.scrollWidth).toBeLessThan(4000);
		const foreign = performance
			.getEntriesByType('resource')
			.filter((entry) => new URL(entry.name).host !== location.host);
		expect(foreign).toEqual([]);
	});

	it('many formulas are typeset over many frames, the main thread getting turns between them', async () => {
		// KaTeX loaded and warm first.
		await view('$x$', 1);
		const formulas = Array.from(
			{ length: 400 },
			(_, i) => `$\\sum_{k=${i}}^{n} \\frac{k^${i % 7}}{\\sqrt{k + ${i}}}$`
		).join(' ');
		let frames = 0;
		let running = true;
		const frame = (): void => {
			frames++;
			if (running) requestAnimationFrame(frame);
		};
		requestAnimationFrame(frame);
		const container = document.createElement('div');
		container.setAttribute('class', 'markdown');
		document.body.append(container);
		const renderer = new LiveMarkdown(container, {});
		renderer.append(formulas);
		renderer.finish();
		await expect
			.poll(() => container.querySelectorAll('.md-math-done').length, { timeout: 30_000 })
			.toBe(400);
		running = false;
		// Typesetting 400 formulas takes most of a second of script or more: never in one frame.
		expect(frames).toBeGreaterThan(10);
		renderer.destroy();
		container.remove();
	}, 60_000);
});
