import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-svelte';
import MarkdownView from '../../../src/lib/components/render/MarkdownView.svelte';
import { LIMITS } from '../../../src/lib/render/core/limits.ts';
import { colourChunk } from '../../../src/lib/render/highlight.ts';
import { highlightToRanges } from '../../../src/lib/render/highlight-languages.ts';

/** Highlighting in a real Chromium: through the worker, one plain chunk at a time, text kept. */

const line = (index: number): string => `const value${index} = "text ${index}"; // note ${index}\n`;
/** More lines than one plain chunk holds, so the block is coloured in several steps. */
const code = Array.from({ length: LIMITS.plainChunkLines * 2 + 5 }, (_, index) => line(index)).join(
	''
);

describe('code highlighting', () => {
	it('colours every chunk of a long block, keeping its text and its chunks', async () => {
		const screen = await render(MarkdownView, { text: `\`\`\`js\n${code}\`\`\`` });
		const shownCode = (): Element | null => screen.container.querySelector('pre code');
		await expect
			.poll(() => shownCode()?.classList.contains('hljs'), { timeout: 10_000 })
			.toBe(true);
		const element = shownCode();
		if (element === null) throw new Error('no code block');
		expect(element.textContent).toBe(code);
		const chunks = [...element.children];
		expect(chunks).toHaveLength(3);
		for (const chunk of chunks) {
			expect(chunk.className).toBe('md-chunk');
			expect(chunk.querySelector('.hljs-keyword')?.textContent).toBe('const');
			expect(chunk.querySelector('.hljs-comment')).not.toBeNull();
		}
		// Nothing but spans with highlight.js classes and text was added.
		for (const span of element.querySelectorAll('.md-chunk span'))
			expect(span.className).toMatch(/^hljs-[\w-]+( [\w-]+)*$/);
	});

	it('leaves a chunk under the selection, or one that changed, as it is', () => {
		const text = 'let a = 1;\nlet b = 2;\n';
		const highlight = highlightToRanges(text, 'javascript');
		if (highlight === null) throw new Error('not highlighted');
		const code = document.createElement('code');
		const chunk = (part: string): HTMLElement => {
			const span = document.createElement('span');
			span.className = 'md-chunk';
			span.append(part);
			code.append(span);
			return span;
		};
		const first = chunk('let a = 1;\n');
		const second = chunk('let b = 2;\n');
		document.body.append(code);
		try {
			const block = { code, text, highlight, index: 0, offset: 0 };
			const selection = document.getSelection();
			selection?.selectAllChildren(first);
			expect(colourChunk(block)).toBe('selected');
			expect(first.children).toHaveLength(0);
			selection?.removeAllRanges();
			expect(colourChunk(block)).toBe('more');
			expect(first.querySelector('.hljs-keyword')?.textContent).toBe('let');
			expect(first.textContent).toBe('let a = 1;\n');
			second.textContent = 'let c = 3;\n';
			expect(colourChunk(block)).toBe('done');
			expect(second.children).toHaveLength(0);
			expect(code.classList.contains('hljs')).toBe(false);
			code.remove();
			expect(colourChunk({ code, text, highlight, index: 0, offset: 0 })).toBe('done');
		} finally {
			code.remove();
		}
	});
});
