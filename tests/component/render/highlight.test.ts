import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-svelte';
import MarkdownView from '../../../src/lib/components/render/MarkdownView.svelte';
import { LIMITS } from '../../../src/lib/render/core/limits.ts';
import { colourStep } from '../../../src/lib/render/code-colouring.ts';
import { WorkerHighlighter } from '../../../src/lib/render/highlight.ts';
import { LiveMarkdown } from '../../../src/lib/render/live-markdown.ts';
import { highlightToRanges } from '../../../src/lib/render/highlight-languages.ts';
import type { HighlightRequest } from '../../../src/lib/render/highlight-worker-protocol.ts';

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

	it('colours an open block line by line as it streams, never its preview line', async () => {
		const element = document.createElement('div');
		element.className = 'markdown';
		document.body.append(element);
		const markdown = new LiveMarkdown(element);
		try {
			const code = (): HTMLElement => {
				const found = element.querySelector<HTMLElement>('pre code');
				if (found === null) throw new Error('no code block');
				return found;
			};
			const keywords = (): number => code().querySelectorAll('.hljs-keyword').length;
			// A blank first line: nothing to colour in it, and the block is coloured all the same.
			markdown.append('```ts\n\n');
			markdown.flush();
			markdown.append(line(0) + line(1) + line(2) + 'const pre');
			markdown.flush();
			// The three complete lines are coloured while the block is still open.
			await expect.poll(keywords, { timeout: 10_000 }).toBe(3);
			expect(code().textContent).toBe('\n' + line(0) + line(1) + line(2) + 'const pre');
			expect(code().lastChild?.nodeType).toBe(Node.TEXT_NODE);
			expect(code().lastChild?.textContent).toBe('const pre');
			expect(code().classList.contains('hljs')).toBe(false);

			// More lines than a chunk holds: the next chunks are coloured as they fill.
			let streamed = '\n' + line(0) + line(1) + line(2);
			markdown.append('view = 1;\n');
			streamed += 'const preview = 1;\n';
			for (let index = 3; index < LIMITS.plainChunkLines + 10; index++) {
				markdown.append(line(index));
				streamed += line(index);
			}
			markdown.append('let tail');
			markdown.flush();
			const complete = LIMITS.plainChunkLines + 11;
			await expect.poll(keywords, { timeout: 10_000 }).toBe(complete);
			expect(code().children.length).toBe(2);
			expect(code().textContent).toBe(streamed + 'let tail');
			expect(code().lastChild?.textContent).toBe('let tail');

			markdown.append(' = 0;\n```\n');
			streamed += 'let tail = 0;\n';
			markdown.finish();
			markdown.flush();
			await expect.poll(() => code().classList.contains('hljs'), { timeout: 10_000 }).toBe(true);
			expect(code().textContent).toBe(streamed);
			expect(keywords()).toBe(complete + 1);
			for (const chunk of code().children) expect(chunk.className).toBe('md-chunk');
			for (const span of code().querySelectorAll('.md-chunk span'))
				expect(span.className).toMatch(/^hljs-[\w-]+( [\w-]+)*$/);
		} finally {
			markdown.destroy();
			element.remove();
		}
	});

	it('leaves a streamed chunk the person selects plain until the selection goes', async () => {
		const views = Array.from({ length: 3 }, () => {
			const element = document.createElement('div');
			element.className = 'markdown';
			document.body.append(element);
			return { element, markdown: new LiveMarkdown(element) };
		});
		const [first, second, third] = views as [
			(typeof views)[0],
			(typeof views)[0],
			(typeof views)[0]
		];
		const codeIn = (view: (typeof views)[0]): HTMLElement => {
			const found = view.element.querySelector<HTMLElement>('pre code');
			if (found === null) throw new Error('no code block');
			return found;
		};
		const keywords = (view: (typeof views)[0]): number =>
			codeIn(view).querySelectorAll('.hljs-keyword').length;
		const selection = document.getSelection();
		try {
			// A first block is coloured with nothing selected: the highlighter has seen no selection.
			first.markdown.append('```ts\n' + line(0) + '```\n');
			first.markdown.flush();
			await expect
				.poll(() => codeIn(first).classList.contains('hljs'), { timeout: 10_000 })
				.toBe(true);
			// A second block streams in; the person selects its text before it is coloured.
			second.markdown.append('```ts\n' + line(1) + line(2) + 'const pre');
			second.markdown.flush();
			selection?.selectAllChildren(codeIn(second));
			// A third block, asked for after the second: once it is coloured, the second's answer has
			// come back and been tried, and its text, under the selection, stays as it was.
			third.markdown.append('```ts\n' + line(3) + '```\n');
			third.markdown.flush();
			await expect
				.poll(() => codeIn(third).classList.contains('hljs'), { timeout: 10_000 })
				.toBe(true);
			expect(keywords(second)).toBe(0);
			expect(selection?.toString()).toBe(line(1) + line(2) + 'const pre');
			// The selection goes: the second block is coloured, its text the same.
			selection?.removeAllRanges();
			await expect.poll(() => keywords(second), { timeout: 10_000 }).toBe(2);
			expect(codeIn(second).textContent).toBe(line(1) + line(2) + 'const pre');
		} finally {
			selection?.removeAllRanges();
			for (const { element, markdown } of views) {
				markdown.destroy();
				element.remove();
			}
		}
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
			const block = { code, text, highlight, index: 0, coloured: 0, final: true };
			const selection = document.getSelection();
			selection?.selectAllChildren(first);
			expect(colourStep(block)).toBe('selected');
			expect(first.children).toHaveLength(0);
			selection?.removeAllRanges();
			expect(colourStep(block)).toBe('more');
			expect(first.querySelector('.hljs-keyword')?.textContent).toBe('let');
			expect(first.textContent).toBe('let a = 1;\n');
			// The coloured chunk's plain text node is kept (empty): on to the next chunk.
			expect(colourStep(block)).toBe('more');
			second.textContent = 'let c = 3;\n';
			expect(colourStep(block)).toBe('gone');
			expect(second.children).toHaveLength(0);
			expect(code.classList.contains('hljs')).toBe(false);
			code.remove();
			expect(colourStep({ code, text, highlight, index: 0, coloured: 0, final: true })).toBe(
				'gone'
			);
		} finally {
			code.remove();
		}
	});

	it('starts its worker only once the first block to colour has been painted plain', async () => {
		// highlight.js is decoration: a reopened conversation paints its code before loading it.
		const log: string[] = [];
		const RealWorker = globalThis.Worker;
		class WatchedWorker extends RealWorker {
			constructor(...args: ConstructorParameters<typeof Worker>) {
				log.push('worker');
				super(...args);
			}
		}
		globalThis.Worker = WatchedWorker;
		const code = document.createElement('code');
		const span = document.createElement('span');
		span.className = 'md-chunk';
		span.append('let a = 1;\n');
		code.append(span);
		document.body.append(code);
		try {
			new WorkerHighlighter().closed(code, 'let a = 1;\n', 'js');
			expect(log, 'as the block is shown').toEqual([]);
			requestAnimationFrame(() => log.push('frame'));
			await expect
				.poll(() => span.querySelector('.hljs-keyword'), { timeout: 10_000 })
				.not.toBeNull();
			expect(log).toEqual(['frame', 'worker']);
		} finally {
			globalThis.Worker = RealWorker;
			code.remove();
		}
	});

	it('asks the worker once for a block that closes soon after it opens', async () => {
		// Fast answers stream a short block whole within a frame or two: one highlight, not two.
		const posted: string[] = [];
		const RealWorker = globalThis.Worker;
		class WatchedWorker extends RealWorker {
			override postMessage(
				message: HighlightRequest,
				options?: StructuredSerializeOptions | Transferable[]
			): void {
				posted.push(message.text);
				if (Array.isArray(options)) super.postMessage(message, options);
				else super.postMessage(message, options);
			}
		}
		globalThis.Worker = WatchedWorker;
		const text = 'let a = 1;\nlet b = 2;\n';
		const code = document.createElement('code');
		const span = document.createElement('span');
		span.className = 'md-chunk';
		span.append(text);
		code.append(span);
		document.body.append(code);
		try {
			const highlighter = new WorkerHighlighter();
			highlighter.grew(code, 'let a = 1;\n', 'js');
			highlighter.closed(code, text, 'js');
			await expect.poll(() => code.classList.contains('hljs'), { timeout: 10_000 }).toBe(true);
			expect(code.querySelectorAll('.hljs-keyword')).toHaveLength(2);
			expect(code.textContent).toBe(text);
			expect(posted).toEqual([text]);
		} finally {
			globalThis.Worker = RealWorker;
			code.remove();
		}
	});

	it('colours a prefix and waits for the rest, then finishes the final text', () => {
		const text = 'let a = 1;\nlet b = 2;\n';
		const prefix = 'let a = 1;\n';
		const early = highlightToRanges(prefix, 'javascript');
		const whole = highlightToRanges(text, 'javascript');
		if (early === null || whole === null) throw new Error('not highlighted');
		const code = document.createElement('code');
		const span = document.createElement('span');
		span.className = 'md-chunk';
		const plain = document.createTextNode(text);
		span.append(plain);
		code.append(span);
		document.body.append(code);
		try {
			const block = { code, text: prefix, highlight: early, index: 0, coloured: 0, final: false };
			expect(colourStep(block)).toBe('more');
			expect(colourStep(block)).toBe('waiting');
			// The plain node is the same one, holding what is not coloured yet.
			expect(span.lastChild).toBe(plain);
			expect(plain.data).toBe('let b = 2;\n');
			expect(span.textContent).toBe(text);
			Object.assign(block, { text, highlight: whole, final: true });
			expect(colourStep(block)).toBe('more');
			expect(span.querySelectorAll('.hljs-keyword')).toHaveLength(2);
			expect(colourStep(block)).toBe('more');
			expect(colourStep(block)).toBe('waiting');
			expect(code.classList.contains('hljs')).toBe(true);
			expect(code.textContent).toBe(text);
		} finally {
			code.remove();
		}
	});
});
