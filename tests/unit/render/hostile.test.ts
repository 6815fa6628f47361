import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/lib/render/core/limits.ts';
import { elements, type FakeElement } from './fake-dom.ts';
import { createRenderer, renderAll, renderChunks, renderedRoot as rendered } from './harness.ts';
import { XSS_PAYLOADS } from './hostile-payloads.ts';

/**
 * Hostile content in Node: XSS payloads produce only the renderer's own tags and attributes, and
 * pathological markdown degrades to text under the caps, with nothing lost. (The same payloads run
 * in Chromium in tests/component/render and tests/e2e/render-hostile.spec.ts.)
 */
const ALLOWED_TAGS = new Set([
	'div',
	'p',
	'h1',
	'h2',
	'h3',
	'h4',
	'h5',
	'h6',
	'blockquote',
	'ul',
	'ol',
	'li',
	'pre',
	'code',
	'span',
	'em',
	'strong',
	'del',
	'a',
	'br',
	'hr',
	'table',
	'thead',
	'tbody',
	'tr',
	'th',
	'td',
	'button',
	'input',
	'sup',
	'section'
]);
const ALLOWED_ATTRIBUTES = new Set([
	'class',
	'href',
	'target',
	'rel',
	'referrerpolicy',
	'title',
	'start',
	'type',
	'data-align',
	'data-remote-image',
	// Task list checkboxes (never with anything the text chose).
	'disabled',
	'checked',
	// Footnotes: ids of the renderer's own making (see expectSafe) and a fixed label.
	'id',
	'aria-label'
]);

function expectSafe(root: FakeElement): void {
	for (const element of elements(root)) {
		expect(ALLOWED_TAGS, `<${element.tagName}>`).toContain(element.tagName);
		for (const [name, value] of element.attributes) {
			expect(ALLOWED_ATTRIBUTES, `${element.tagName}[${name}]`).toContain(name);
			if (name === 'href') expect(value).toMatch(/^(https?:\/\/|mailto:|#md-fn(ref)?-\d+(-\d+)?$)/);
			if (name === 'id') expect(value).toMatch(/^md-fn(ref)?-\d+(-\d+)?$/);
			if (element.tagName === 'input') {
				expect(element.getAttribute('type')).toBe('checkbox');
				expect(element.getAttribute('disabled')).toBe('');
			}
		}
	}
}

describe('hostile content: XSS payloads render as inert text', () => {
	it.each(Object.entries(XSS_PAYLOADS))('%s', (_name, payload) => {
		const root = rendered(payload);
		expectSafe(root);
		// Streaming it character by character ends the same way.
		expect(renderChunks([...payload])).toBe(renderAll(payload));
	});

	it('raw HTML stays visible as text, so nothing is silently dropped either', () => {
		const root = rendered(XSS_PAYLOADS['script'] ?? '');
		expect(root.textContent).toContain('<script>alert(1)</script>');
	});

	it('a remote image is a button naming its host until the person allows it', () => {
		const root = rendered('![pixel](https://evil.example/t.png?c=secret)');
		const button = elements(root).find((element) => element.tagName === 'button');
		expect(button?.textContent).toContain('Load image from evil.example');
		expect(elements(root).some((element) => element.tagName === 'img')).toBe(false);
		button?.dispatch('click');
		// The page itself never loads it: a sandboxed frame of the app's remote-image document does.
		expect(elements(root).some((element) => element.tagName === 'img')).toBe(false);
		const frame = elements(root).find((element) => element.tagName === 'iframe');
		const src = new URL(frame?.getAttribute('src') ?? '');
		expect(src.origin + src.pathname).toBe('https://chat.example/tools/chat/remote-image');
		expect(src.searchParams.get('src')).toBe('https://evil.example/t.png?c=secret');
		expect(src.searchParams.get('alt')).toBe('pixel');
		expect(frame?.getAttribute('sandbox')).toBe('');
		expect(frame?.getAttribute('referrerpolicy')).toBe('no-referrer');
	});

	it('links open in a new tab without opener or referrer', () => {
		const link = elements(rendered('[ok](https://ok.example/)')).find((e) => e.tagName === 'a');
		expect(link?.getAttribute('target')).toBe('_blank');
		expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
	});
});

describe('hostile content: pathological markdown degrades under the caps', () => {
	function depthOf(root: FakeElement, tag: string): number {
		let deepest = 0;
		const walk = (node: FakeElement, depth: number): void => {
			const here = node.tagName === tag ? depth + 1 : depth;
			deepest = Math.max(deepest, here);
			for (const child of node.childNodes) if ('tagName' in child) walk(child as FakeElement, here);
		};
		walk(root, 0);
		return deepest;
	}

	it('10,000 nested quotes: nesting stops at the cap, the rest is text', () => {
		const root = rendered(`${'>'.repeat(10_000)} deep`);
		expect(depthOf(root, 'blockquote')).toBeLessThanOrEqual(LIMITS.maxContainerDepth);
		expect(root.textContent).toContain(`${'>'.repeat(9_000)} deep`);
	});

	it('10,000 nested list items (one per line): nesting is capped', () => {
		const text = Array.from({ length: 10_000 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join(
			'\n'
		);
		const root = rendered(text.slice(0, 400_000));
		expect(depthOf(root, 'ul')).toBeLessThanOrEqual(LIMITS.maxContainerDepth);
	});

	it('100,000 backticks: text, not a code span', () => {
		const root = rendered(`before ${'`'.repeat(100_000)} after`);
		expect(root.textContent).toContain('`'.repeat(100_000));
		expect(elements(root).some((element) => element.tagName === 'code')).toBe(false);
	});

	it('backtick runs of every length: still matched correctly, linear', () => {
		const runs = Array.from({ length: 400 }, (_, i) => '`'.repeat(i + 1)).join(' x ');
		const root = rendered(runs);
		expect(root.textContent.replace(/\s/g, '').length).toBeGreaterThan(0);
	});

	it('a 5 MB code block, streamed in chunks: every character kept, as code up to the markdown cap, then as plain text', () => {
		const line = 'const value = "<script>alert(1)</script>"; // 0123456789\n';
		const body = line.repeat(Math.ceil((5 * 1024 * 1024) / line.length));
		const { renderer, root } = createRenderer();
		renderer.append('```js\n');
		for (let at = 0; at < body.length; at += 256 * 1024) {
			renderer.append(body.slice(at, at + 256 * 1024));
			renderer.flush();
		}
		renderer.append('```\n');
		renderer.finish();
		renderer.flush();
		const code = elements(root).find((element) => element.tagName === 'code');
		const overflow = elements(root).find(
			(element) => element.getAttribute('class') === 'md-overflow'
		);
		const shown = (code?.textContent ?? '') + (overflow?.textContent ?? '');
		expect(shown).toBe(`${body}\`\`\`\n`);
		expect(code?.textContent.length).toBeGreaterThanOrEqual(LIMITS.maxMarkdownChars - line.length);
		// Laid out in chunks: streaming into it re-lays out one chunk at a time.
		expect(code?.childNodes.length).toBeGreaterThan(
			LIMITS.maxMarkdownChars / LIMITS.plainChunkChars - 1
		);
	});

	it('a giant table: rows and columns past the caps are dropped or become text', () => {
		const columns = 70;
		const header = `| ${Array.from({ length: columns }, (_, i) => `h${i}`).join(' | ')} |`;
		const delimiter = `|${' - |'.repeat(columns)}`;
		const rows = Array.from(
			{ length: LIMITS.maxTableRows + 100 },
			(_, r) => `| ${Array.from({ length: columns }, (_, c) => `${c}`).join(' | ')} ${r} |`
		);
		const text = [header, delimiter, ...rows].join('\n');
		expect(text.length).toBeLessThan(LIMITS.maxMarkdownChars);
		const root = rendered(text);
		const cells = elements(root).filter((element) => element.tagName === 'td').length;
		expect(cells).toBe(LIMITS.maxTableRows * LIMITS.maxTableColumns);
		expect(root.textContent).toContain(`${LIMITS.maxTableRows + 99} |`);
	});

	it('deeply nested emphasis and brackets: depth capped, text kept', () => {
		const root = rendered(`${'*a '.repeat(5000)}x${' a*'.repeat(5000)} ${'['.repeat(50_000)}`);
		expect(depthOf(root, 'em')).toBeLessThanOrEqual(LIMITS.maxInlineDepth);
		expect(root.textContent).toContain('['.repeat(50_000));
	});

	it('a 2 MB paragraph without line breaks: plain text, in chunks', () => {
		const text = 'lorem **ipsum** '.repeat(130_000);
		const root = rendered(text);
		expect(root.textContent).toBe(text.trimEnd());
		expect(elements(root).some((element) => element.tagName === 'strong')).toBe(false);
	});

	it('past the markdown cap, the rest of a message is plain text', () => {
		const block = '## heading\n\nsome *text*\n\n';
		const text = block.repeat(Math.ceil((LIMITS.maxMarkdownChars * 1.2) / block.length));
		const root = rendered(text);
		const overflow = elements(root).find(
			(element) => element.getAttribute('class') === 'md-overflow'
		);
		// The first line that starts at or past the cap, and everything after it.
		let boundary = LIMITS.maxMarkdownChars;
		while (text.charAt(boundary - 1) !== '\n') boundary++;
		expect(overflow?.textContent).toBe(text.slice(boundary));
	});
});

describe('hostile content: references, footnotes and task items', () => {
	it('a reference to a javascript: or data: definition is no link', () => {
		const root = rendered(XSS_PAYLOADS['referenceSchemes'] ?? '');
		expect(elements(root).filter((element) => element.tagName === 'a')).toEqual([]);
		expect(root.textContent).toContain('a b [image: c]'.replace('[image: c]', ''));
	});

	it('footnote labels never become ids or names: only numbers after the renderer’s prefix', () => {
		const root = rendered(XSS_PAYLOADS['footnoteClobbering'] ?? '');
		const ids = elements(root)
			.map((element) => element.getAttribute('id'))
			.filter((id) => id !== null);
		expect(ids).toEqual([
			'md-fnref-1',
			'md-fnref-2',
			'md-fnref-3',
			'md-fnref-4',
			'md-fn-1',
			'md-fn-2',
			'md-fn-3',
			'md-fn-4'
		]);
		expect(root.textContent).toContain('<img src=x onerror=alert(1)>');
	});
});
