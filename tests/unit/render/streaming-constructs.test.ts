import { describe, expect, it } from 'vitest';
import { elements, type FakeElement } from './fake-dom.ts';
import { createRenderer, renderAll, renderChunks, renderPrefix, renderedRoot } from './harness.ts';

/**
 * What a person sees while an answer streams in, for the constructs whose meaning depends on text
 * that comes later: a reference before its definition, a footnote, a lone `-` under a line, a
 * fence's language. (That every frame equals a fresh render of the text so far, and the end a
 * one-shot render, is incremental.test.ts's promise, over corpus.ts.)
 */
function frames(text: string, each: (root: FakeElement, received: string) => void): FakeElement {
	const { renderer, root } = createRenderer();
	let received = '';
	for (const char of text) {
		renderer.append(char);
		received += char;
		renderer.flush();
		each(root, received);
	}
	renderer.finish();
	renderer.flush();
	return root;
}

const linksTo = (root: FakeElement, href: string): FakeElement[] =>
	elements(root).filter(
		(element) => element.tagName === 'a' && element.getAttribute('href') === href
	);

describe('references and footnotes while streaming', () => {
	const text = [
		'See [docs] and a note[^1].',
		'',
		'[docs]: https://docs.example/ "Docs"',
		'[^1]: The note.',
		'',
		'The end.'
	].join('\n');

	it('a reference is text until its definition is complete, then a link; a definition is never shown as text', () => {
		// The definition counts once the line after it has begun (and cannot be its title).
		const definitionEnds = text.indexOf('[^1]:') + 1;
		const root = frames(text, (frame, received) => {
			expect(frame.textContent).not.toContain('[docs]:');
			expect(frame.textContent).not.toContain('docs.example');
			const linked = linksTo(frame, 'https://docs.example/').length > 0;
			if (received.length < definitionEnds) expect(linked, received).toBe(false);
			if (received.length < definitionEnds && received.length > 12)
				expect(frame.textContent).toContain('See [docs]');
			if (received.length >= definitionEnds) expect(linked, received).toBe(true);
		});
		const [link] = linksTo(root, 'https://docs.example/');
		expect(link?.getAttribute('title')).toBe('Docs');
		expect(renderChunks([...text])).toBe(renderAll(text));
	});

	it('a list of definitions at the end resolves line by line, each once the next has begun', () => {
		const list = 'Read [a] and [b].\n\n[a]: https://a.example/\n[b]: https://b.example/ "B"';
		const root = frames(list, (frame, received) => {
			const a = linksTo(frame, 'https://a.example/').length > 0;
			const b = linksTo(frame, 'https://b.example/').length > 0;
			expect(a, received).toBe(received.includes('/\n['));
			// The last one may still get a title on a next line: it counts at the end.
			expect(b, received).toBe(false);
		});
		expect(linksTo(root, 'https://b.example/')[0]?.getAttribute('title')).toBe('B');
	});

	it('a footnote reference becomes a numbered link once its definition starts, with the footnote at the end', () => {
		const root = renderedRoot(text);
		const ref = elements(root).find((element) => element.getAttribute('id') === 'md-fnref-1');
		expect(ref?.textContent).toBe('1');
		expect(ref?.getAttribute('href')).toBe('#md-fn-1');
		const section = root.childNodes.at(-1) as FakeElement;
		expect(section.tagName).toBe('section');
		const item = elements(section).find((element) => element.tagName === 'li');
		expect(item?.getAttribute('id')).toBe('md-fn-1');
		expect(item?.textContent).toBe('The note.↩');
		expect(linksTo(section, '#md-fnref-1')).toHaveLength(1);
		// Before the definition's line, `[^1]` is text.
		expect(renderPrefix('See a note[^1].\n\n[^1')).toContain('note[^1].');
	});

	it("footnotes are renumbered when an earlier reference's definition arrives later", () => {
		const late = 'One[^b] two[^a].\n\n[^a]: A.\n\n[^b]: B.';
		// While only [^a] is defined, it is number 1; once [^b] is, reading order wins.
		expect(renderPrefix('One[^b] two[^a].\n\n[^a]: A.\n\n')).toContain('>1</a></sup>.</p>');
		const root = renderedRoot(late);
		const numbers = elements(root)
			.filter((element) => element.getAttribute('id')?.startsWith('md-fnref-'))
			.map((element) => `${element.getAttribute('id')}=${element.textContent}`);
		expect(numbers).toEqual(['md-fnref-1=1', 'md-fnref-2=2']);
		expect(renderChunks([...late])).toBe(renderAll(late));
	});

	it('a footnote nobody refers to is not shown, and a message without footnotes has no section', () => {
		const root = renderedRoot('Text.\n\n[^x]: unused');
		expect(elements(root).some((element) => element.tagName === 'section')).toBe(false);
		expect(root.textContent).toBe('Text.');
	});
});

describe('no flashes of what the next characters may undo', () => {
	it('a lone - under a line is no heading while it may become a list item', () => {
		expect(renderPrefix('Key points:\n-')).toBe(renderPrefix('Key points:\n'));
		expect(renderPrefix('Key points:\n- ')).toBe(renderPrefix('Key points:\n'));
		expect(renderPrefix('Key points:\n- a')).toContain('<li><p>a</p></li>');
		expect(renderPrefix('Key points:\n-\n')).toContain('<h2>Key points:</h2>');
		expect(renderAll('Key points:\n-')).toContain('<h2>Key points:</h2>');
		// A longer underline cannot become a list item: shown as soon as it is there.
		expect(renderPrefix('Key points:\n--')).toContain('<h2>Key points:</h2>');
	});

	it("a fence's language label appears whole, once its line is complete", () => {
		const labels = new Set<string>();
		frames('```python\nprint(1)\n```\n', (root) => {
			const head = elements(root).find(
				(element) => element.getAttribute('class') === 'md-code-head'
			);
			const label = head?.childNodes[0]?.textContent;
			if (label !== undefined) labels.add(label);
		});
		expect([...labels]).toEqual(['', 'python']);
	});
});

describe('task list items', () => {
	it('render a disabled checkbox, checked for [x]', () => {
		const root = renderedRoot('- [ ] todo\n- [x] done\n- [X] also done');
		const boxes = elements(root).filter((element) => element.tagName === 'input');
		expect(boxes.map((box) => [box.getAttribute('type'), box.getAttribute('disabled')])).toEqual([
			['checkbox', ''],
			['checkbox', ''],
			['checkbox', '']
		]);
		expect(boxes.map((box) => box.getAttribute('checked'))).toEqual([null, '', '']);
		expect(root.textContent).toBe('tododonealso done');
	});
});

describe('definitions under pressure', () => {
	it('a definition left open for thousands of lines streams as text, then is exact at the end', () => {
		const text = `[a] ok\n\n[a]: https://a.example/ "title\n${'more title text\n'.repeat(3000)}end"`;
		const { renderer, root } = createRenderer();
		for (let at = 0; at < text.length; at += 512) {
			renderer.append(text.slice(at, at + 512));
			renderer.flush();
		}
		expect(root.textContent).toContain('more title text');
		renderer.finish();
		renderer.flush();
		expect(linksTo(root, 'https://a.example/')[0]?.getAttribute('title')).toContain('end');
		expect(root.textContent).toBe('a ok');
	});
});
