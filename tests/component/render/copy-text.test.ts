/**
 * "Copy text" of an answer (MessageActions → renderedText), in a real Chromium: the text as the
 * person reads it — the numbers and bullets of lists and the state of task boxes included, and
 * none of the controls the renderer draws around the content (a code block's language label and
 * Copy button, a footnote's ↩ links). A review found "ts", "Copy" and the list numbers wrong in
 * the pasted text.
 */
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-svelte';
import MarkdownView from '../../../src/lib/components/render/MarkdownView.svelte';
import { renderedText } from '../../../src/lib/render/dom/copy-text.ts';

const TEXT = [
	'Steps:',
	'',
	'3. Open the file',
	'4. Save it',
	'',
	'- apple',
	'- pear',
	'  1. ripe',
	'',
	'- [x] done',
	'- [ ] to do',
	'',
	'1. Loose first',
	'',
	'2. Loose second',
	'',
	'```ts',
	'const answer = 42;',
	'```',
	'',
	'A note.[^n]',
	'',
	'[^n]: The footnote.'
].join('\n');

async function view(text: string): Promise<HTMLElement> {
	const screen = await render(MarkdownView, { text });
	const root = screen.container.querySelector<HTMLElement>('[data-markdown]');
	if (root === null) throw new Error('no markdown view');
	await expect.poll(() => root.hasAttribute('data-rendered')).toBe(true);
	return root;
}

/** The copied text's lines that hold something. */
const linesOf = (text: string): string[] => text.split('\n').filter((line) => line.trim() !== '');

describe('renderedText', () => {
	it('gives list numbers, bullets and task boxes as shown, and no label or button text', async () => {
		const root = await view(TEXT);
		const before = root.innerHTML;
		const lines = linesOf(renderedText(root));
		expect(lines).toEqual([
			'Steps:',
			'3. Open the file',
			'4. Save it',
			'• apple',
			'• pear',
			'1. ripe',
			'[x] done',
			'[ ] to do',
			'1. Loose first',
			'2. Loose second',
			'const answer = 42;',
			'A note.1',
			'1. The footnote.'
		]);
		// Reading it left the page exactly as it was.
		expect(root.innerHTML).toBe(before);
	});
});
