import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-svelte';
import MarkdownView from '../../../src/lib/components/render/MarkdownView.svelte';
import { StreamingText } from '../../../src/lib/render/streaming-text.svelte.ts';
import { frames } from '../frames.ts';
import { CORPUS } from '../../unit/render/corpus.ts';
// Loaded lazily by the app; imported here too so that the dev server prepares highlight.js before
// the tests run instead of reloading the page in the middle of one.
import '../../../src/lib/render/highlight-languages.ts';

/** MarkdownView in a real Chromium: streaming, settling, code blocks, remote images. */
const answer = CORPUS['demoAnswer'] ?? '';

describe('MarkdownView', () => {
	afterEach(() => vi.restoreAllMocks());

	it('renders a stream as it arrives, then keeps the DOM when the text settles', async () => {
		const live = new StreamingText();
		const screen = await render(MarkdownView, { text: '', live });
		const root = screen.container.querySelector<HTMLElement>('[data-markdown]');
		for (const piece of answer.match(/[^]{1,40}/g) ?? []) {
			live.append('text', piece);
			await frames();
		}
		await expect.element(screen.getByRole('table')).toBeVisible();
		const table = root?.querySelector('table');
		await screen.rerender({ text: answer, live: undefined });
		await expect.poll(() => root?.hasAttribute('data-rendered')).toBe(true);
		// The same element: settling finished the streamed DOM instead of rendering it again.
		expect(root?.querySelector('table')).toBe(table);
		expect(root?.querySelector('ol')?.children).toHaveLength(3);
		expect(root?.textContent).toContain('You said “hello”');
		// Its code block, closed, gets highlighted (waited for, so nothing is left pending).
		await expect.poll(() => root?.querySelector('.hljs-keyword'), { timeout: 5000 }).not.toBeNull();
	});

	it('highlights a code block once it closes, and copies its text', async () => {
		const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
		const code = 'function greet(name: string): string {\n\treturn name;\n}\n';
		const screen = await render(MarkdownView, { text: `\`\`\`ts\n${code}\`\`\`` });
		await expect
			.poll(() => screen.container.querySelector('.hljs-keyword')?.textContent, { timeout: 5000 })
			.toBe('function');
		await screen.getByRole('button', { name: 'Copy' }).click();
		expect(writeText).toHaveBeenCalledWith(code);
		await expect.element(screen.getByRole('button', { name: 'Copied' })).toBeVisible();
	});

	it('loads a remote image only when the person asks', async () => {
		const src = `${location.origin}/pixel.png`;
		const screen = await render(MarkdownView, { text: `![a pixel](${src})` });
		const button = screen.getByRole('button', { name: /Load image from/ });
		await expect.element(button).toHaveTextContent(`Load image from ${location.host}`);
		expect(screen.container.querySelector('img')).toBeNull();
		expect(performance.getEntriesByType('resource').some((e) => e.name === src)).toBe(false);
		await button.click();
		// Never an <img> in the page: a sandboxed frame of the app's remote-image document.
		expect(screen.container.querySelector('img')).toBeNull();
		const frame = screen.container.querySelector('iframe');
		const frameUrl = new URL(frame?.getAttribute('src') ?? '', location.href);
		expect(frameUrl.pathname.endsWith('/remote-image')).toBe(true);
		expect(frameUrl.searchParams.get('src')).toBe(src);
		expect(frameUrl.searchParams.get('alt')).toBe('a pixel');
		expect(frame?.getAttribute('sandbox')).toBe('');
		expect(frame?.referrerPolicy).toBe('no-referrer');
	});

	it('renders settled history lazily: nothing until it comes near the viewport', async () => {
		const spacer = document.createElement('div');
		spacer.style.height = '5000px';
		document.body.prepend(spacer);
		try {
			const screen = await render(MarkdownView, { text: '# Far away', lazy: true });
			const root = screen.container.querySelector<HTMLElement>('[data-markdown]');
			await frames(2);
			expect(root?.querySelector('h1')).toBeNull();
			root?.scrollIntoView();
			await expect.poll(() => root?.querySelector('h1')?.textContent).toBe('Far away');
		} finally {
			spacer.remove();
		}
	});

	it('inside a scrolling list, history just out of sight is rendered before it is scrolled to', async () => {
		// The conversation scrolls in its own area, not the page: "near" has to count from that
		// area's edges, or a message just below them stays blank until it is scrolled into view.
		const box = (css: string): HTMLElement => {
			const element = document.createElement('div');
			element.style.cssText = css;
			return element;
		};
		const area = box('height: 300px; overflow-y: auto');
		const near = box('');
		const beyond = box('');
		area.append(box('height: 340px'), near, box('height: 2000px'), beyond);
		document.body.prepend(area);
		try {
			await render(MarkdownView, { target: near, props: { text: '# Just below', lazy: true } });
			await render(MarkdownView, { target: beyond, props: { text: '# Far below', lazy: true } });
			// Below the area's bottom edge, well inside the page's viewport: only the area clips it.
			expect(near.getBoundingClientRect().top).toBeGreaterThan(area.getBoundingClientRect().bottom);
			expect(near.getBoundingClientRect().top).toBeLessThan(window.innerHeight);
			await expect.poll(() => near.querySelector('h1')?.textContent).toBe('Just below');
			await frames();
			expect(beyond.querySelector('h1')).toBeNull();
			beyond.scrollIntoView();
			await expect.poll(() => beyond.querySelector('h1')?.textContent).toBe('Far below');
		} finally {
			area.remove();
		}
	});

	it('footnotes: a reference scrolls to its footnote without changing the address; two messages share no id', async () => {
		const text = `A claim.[^1]\n\n${'Filler paragraph.\n\n'.repeat(60)}[^1]: The source.`;
		const first = await render(MarkdownView, { text });
		const second = await render(MarkdownView, { text });
		const roots = [first, second].map(
			(screen) => screen.container.querySelector<HTMLElement>('[data-markdown]') as HTMLElement
		);
		await expect
			.poll(() => roots.map((root) => root.querySelector('section li')?.id))
			.toSatisfy((ids: (string | undefined)[]) => ids.every((id) => id !== undefined));
		const [one, two] = roots.map((root) => root.querySelector('section li')?.id);
		expect(one).toMatch(/^md\d+-fn-1$/);
		expect(two).not.toBe(one);
		const address = location.href;
		const ref = roots[0]?.querySelector<HTMLAnchorElement>('sup a');
		expect(ref?.getAttribute('href')).toBe(`#${one ?? ''}`);
		const inView = (): boolean => {
			const box = roots[0]?.querySelector('section li')?.getBoundingClientRect();
			return box !== undefined && box.top < window.innerHeight && box.bottom > 0;
		};
		expect(inView()).toBe(false);
		ref?.click();
		await expect.poll(inView).toBe(true);
		expect(location.href).toBe(address);
		expect(roots[0]?.querySelector('section li')?.textContent).toContain('The source.');
	});
});
