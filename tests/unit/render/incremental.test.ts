import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarkdownStream } from '../../../src/lib/render/core/markdown-stream.ts';
import { CORPUS } from './corpus.ts';
import { createRenderer, renderAll, renderChunks, renderPrefix } from './harness.ts';
import { innerHtml } from './fake-dom.ts';
import { modelHtml, renderMarkdown } from './model-html.ts';

/**
 * The streaming renderer's promise: however the text is cut into chunks, and whatever frames were
 * shown in between, the final DOM is exactly the DOM of rendering the whole text at once; and
 * every frame shows exactly what rendering the text received so far would show.
 */
const documents = Object.entries(CORPUS);

function modelAt(chunks: readonly string[], finish: boolean): string {
	const stream = new MarkdownStream();
	for (const chunk of chunks) {
		stream.append(chunk);
		stream.process();
		stream.snapshot();
	}
	if (finish) stream.end();
	stream.process();
	const snapshot = stream.snapshot();
	return modelHtml(snapshot) + snapshot.overflow.join('');
}

describe('incremental rendering equals a full render', () => {
	it.each(documents)('%s: the block model, split at every point', (_name, text) => {
		const full = renderMarkdown(text);
		for (let at = 0; at <= text.length; at++) {
			expect(modelAt([text.slice(0, at), text.slice(at)], true), `split at ${at}`).toBe(full);
		}
	});

	it.each(documents)('%s: the DOM, split at every point with a frame between', (_name, text) => {
		const full = renderAll(text);
		for (let at = 0; at <= text.length; at++) {
			const { renderer, root } = createRenderer();
			renderer.append(text.slice(0, at));
			renderer.flush();
			expect(innerHtml(root), `frame at ${at}`).toBe(renderPrefix(text.slice(0, at)));
			renderer.append(text.slice(at));
			renderer.flush();
			renderer.finish();
			renderer.flush();
			expect(innerHtml(root), `split at ${at}`).toBe(full);
		}
	});

	it.each(documents)('%s: the DOM, one character per frame', (_name, text) => {
		expect(renderChunks([...text])).toBe(renderAll(text));
	});

	it.each(documents)('%s: settled history rendered a few characters per frame', (_name, text) => {
		const { renderer, root } = createRenderer(1);
		renderer.append(text);
		renderer.finish();
		let frames = 0;
		while (renderer.runFrame({ deadline: Infinity, chars: 40 })) frames++;
		expect(innerHtml(root)).toBe(renderAll(text));
		// A frame parses whole lines, at least one, until about 40 characters.
		const lines = text.split('\n').length;
		expect(frames).toBeGreaterThanOrEqual(Math.min(lines - 1, Math.floor(text.length / 200)));
	});

	it('large blocks (plain-text chunks, long paragraphs with safe points) stream exactly', () => {
		const code = Array.from({ length: 150 }, (_, i) => `line ${i} ${'x'.repeat(i % 90)}`);
		const paragraph = Array.from({ length: 300 }, (_, i) => `word${i} *em ${i}* and \`c${i}\``);
		const text = `\`\`\`js\n${code.join('\n')}\n\`\`\`\n\n${paragraph.join(' ')}\n\n- end`;
		const full = renderAll(text);
		for (const size of [1, 7, 64, 1000]) {
			const chunks = text.match(new RegExp(`[^]{1,${size}}`, 'g')) ?? [];
			expect(renderChunks(chunks), `chunks of ${size}`).toBe(full);
		}
	});
});

/** Markdown-ish text: the characters that matter to the parser, in random order and runs. */
const markdownish = fc
	.array(
		fc.constantFrom(
			'a',
			'b',
			' ',
			' ',
			'\n',
			'\n\n',
			'*',
			'**',
			'_',
			'~~',
			'`',
			'``',
			'[',
			']',
			'(',
			')',
			'!',
			'<',
			'>',
			'#',
			'# ',
			'- ',
			'1. ',
			'  ',
			'\t',
			'|',
			' | ',
			'---',
			'```',
			'    ',
			'\\',
			'&amp;',
			'https://x.io',
			'www.y.io',
			':',
			'.',
			'😀',
			'"',
			'\r\n',
			'[a]',
			'[a]: https://a.io',
			'\n[^a]: ',
			'[^a]',
			'- [ ] ',
			'[x] ',
			'b@c.io',
			'    '
		),
		{ maxLength: 60 }
	)
	.map((parts) => parts.join(''));

/** Cut points for `text`: sorted distinct offsets. */
function chunksOf(text: string, cuts: readonly number[]): string[] {
	const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
	const chunks: string[] = [];
	let from = 0;
	for (const point of points) {
		chunks.push(text.slice(from, point));
		from = point;
	}
	chunks.push(text.slice(from));
	return chunks;
}

describe('incremental rendering: random documents, random chunks', () => {
	it('the final DOM equals the full render', () => {
		fc.assert(
			fc.property(markdownish, fc.array(fc.nat(), { maxLength: 8 }), (text, cuts) => {
				expect(renderChunks(chunksOf(text, cuts))).toBe(renderAll(text));
			}),
			{ numRuns: 1500 }
		);
	});

	it('each frame equals the render of the text received so far', () => {
		fc.assert(
			fc.property(markdownish, fc.array(fc.nat(), { maxLength: 5 }), (text, cuts) => {
				const { renderer, root } = createRenderer();
				let received = '';
				for (const chunk of chunksOf(text, cuts)) {
					renderer.append(chunk);
					received += chunk;
					renderer.flush();
					expect(innerHtml(root)).toBe(renderPrefix(received));
				}
			}),
			{ numRuns: 800 }
		);
	});
});
