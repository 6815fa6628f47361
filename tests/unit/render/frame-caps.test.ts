import { describe, expect, it } from 'vitest';
import { MarkdownStream } from '../../../src/lib/render/core/markdown-stream.ts';
import { createRenderer, renderAll } from './harness.ts';
import { innerHtml } from './fake-dom.ts';

/**
 * Only the parse is timed, and the elements built from it cost several times more: so a frame also
 * takes in a bounded amount of text, whatever time is left. A long message arriving at once (a
 * conversation opened, a huge answer) is then shown over several frames, the first screen first,
 * and no frame is long on any machine.
 */
const code = `\`\`\`js\n${'const x = "<b>"; // padding padding padding\n'.repeat(110_000)}\`\`\``;
const table = [
	`| ${'h | '.repeat(64)}`,
	`|${' - |'.repeat(64)}`,
	...Array.from({ length: 1800 }, (_, r) => `| ${`${r} | `.repeat(64)}`)
].join('\n');

describe('per-frame caps', () => {
	it('append only cuts lines: a 5 MB text is parsed by frames, not on arrival', () => {
		const stream = new MarkdownStream();
		stream.append(code);
		expect(stream.parsedChars).toBe(0);
		expect(stream.snapshot().complete).toBe(false);
		stream.end();
		expect(stream.process()).toBe(true);
		expect(stream.snapshot().complete).toBe(true);
		expect(stream.length).toBe(code.length);
	});

	it.each([
		['a 5 MB code block', code],
		['a 1,800-row table', table]
	])('%s arriving at once is shown over many frames, each adding a small part', (_name, text) => {
		const { renderer, root } = createRenderer();
		renderer.append(text);
		renderer.finish();
		const shown: number[] = [];
		// Unlimited time: only the size caps cut the work.
		while (renderer.runFrame({ deadline: Infinity, chars: Infinity }))
			shown.push(root.textContent.length);
		shown.push(root.textContent.length);
		expect(shown.length).toBeGreaterThan(10);
		expect(shown[0]).toBeGreaterThan(0);
		const steps = shown.map((length, index) => length - (shown[index - 1] ?? 0));
		expect(Math.max(...steps)).toBeLessThan(text.length / 10);
		expect(innerHtml(root)).toBe(renderAll(text));
	});
});
