import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/lib/render/core/limits.ts';
import { columnChars, segmentRows } from '../../../src/lib/render/dom/table-layout.ts';
import { elements, innerHtml, type FakeElement } from './fake-dom.ts';
import { createRenderer, renderAll, renderChunks, renderedRoot as rendered } from './harness.ts';

/**
 * Big tables are laid out in segments with shared fixed column widths (dom/table-view.ts), so that
 * a giant table never costs one frame the layout of every cell. What a reader sees must not
 * change: every row once, in order, columns lining up, and the same DOM however the rows arrived.
 */
function table(
	columns: number,
	rows: number,
	cell = (r: number, c: number) => `${r}.${c}`
): string {
	const head = `| ${Array.from({ length: columns }, (_, c) => `h${c}`).join(' | ')} |`;
	const delimiter = `|${' --- |'.repeat(columns)}`;
	const body = Array.from(
		{ length: rows },
		(_, r) => `| ${Array.from({ length: columns }, (_, c) => cell(r, c)).join(' | ')} |`
	);
	return [head, delimiter, ...body].join('\n');
}

const byTag = (root: FakeElement, tag: string): FakeElement[] =>
	elements(root).filter((element) => element.tagName === tag);
const byClass = (root: FakeElement, name: string): FakeElement[] =>
	elements(root).filter((element) => element.getAttribute('class') === name);

describe('table segments', () => {
	it('sizes segments by cells, never below the minimum of rows', () => {
		expect(segmentRows(4)).toBe(LIMITS.tableSegmentCells / 4);
		expect(segmentRows(64)).toBe(LIMITS.tableSegmentMinRows);
		expect(segmentRows(500)).toBe(LIMITS.tableSegmentMinRows);
		expect(segmentRows(0)).toBe(LIMITS.tableSegmentCells);
	});

	it('estimates column widths from the longest text, within bounds', () => {
		const widths = columnChars(
			['id', 'a name', 'notes'],
			[
				['1', 'short', 'x'.repeat(500)],
				['22', ' padded name  ', ''],
				['333'] // a short row: missing cells count as empty
			]
		);
		expect(widths).toEqual([3, 11, LIMITS.tableColumnMaxChars]);
	});

	it('a table of one segment keeps the automatic layout: one table, no widths', () => {
		const columns = 4;
		const root = rendered(table(columns, segmentRows(columns)));
		expect(byTag(root, 'table')).toHaveLength(1);
		expect(byTag(root, 'colgroup')).toHaveLength(0);
		expect(byClass(root, 'md-table-part')).toHaveLength(0);
		expect(byTag(root, 'tr')).toHaveLength(segmentRows(columns) + 1);
	});

	it('a longer table continues in parts that share one set of fixed column widths', () => {
		const columns = 64;
		const perSegment = segmentRows(columns);
		const rows = perSegment * 4 + 3;
		const root = rendered(table(columns, rows, (r, c) => (c === 5 ? `long text ${r}` : `${r}`)));
		const tables = byTag(root, 'table');
		expect(tables).toHaveLength(5);
		expect(byClass(root, 'md-table-part')).toHaveLength(4);
		// One head, then every row once and in order.
		expect(byTag(root, 'thead')).toHaveLength(1);
		const firstCells = byTag(root, 'tr')
			.slice(1)
			.map((row) => row.childNodes[0]?.textContent);
		expect(firstCells).toEqual(Array.from({ length: rows }, (_, r) => `${r}`));
		// Every segment: fixed layout, the same widths, one per column.
		const widths = tables.map((segment) => {
			expect(segment.getAttribute('class')).toBe('md-table-fixed');
			const columnsOf = byTag(segment, 'col');
			expect(columnsOf).toHaveLength(columns);
			return columnsOf.map((column) => column.getAttribute('style')).join(';');
		});
		expect(new Set(widths).size).toBe(1);
		expect(byTag(tables[0] as FakeElement, 'col')[5]?.getAttribute('style')).toBe(
			`width: calc(${'long text 7'.length}ch + 1.2em)`
		);
	});

	it('cell text never reaches a style: widths are numbers the renderer computed', () => {
		const hostile = 'x;background:url(https://evil.example/t.png)';
		const root = rendered(table(64, 40, () => hostile));
		const styles = elements(root)
			.map((element) => element.getAttribute('style'))
			.filter((style) => style !== null);
		expect(styles.length).toBeGreaterThan(64);
		for (const style of styles)
			expect(style).toMatch(
				/^(width: calc\(\d+ch \+ 1\.2em\)|contain-intrinsic-block-size: auto \d+(\.\d)?em)$/
			);
	});

	it('streams to exactly the DOM of a full render, whatever the chunks', () => {
		const text = `${table(64, 30)}\n\nafter`;
		const full = renderAll(text);
		for (const size of [1, 13, 97, 1000]) {
			const chunks = text.match(new RegExp(`[^]{1,${size}}`, 'g')) ?? [];
			expect(renderChunks(chunks), `chunks of ${size}`).toBe(full);
		}
	});

	it('a preview row that opened a part and then ended the table leaves no empty part', () => {
		const head = table(64, segmentRows(64));
		const { renderer, root } = createRenderer();
		// "`" is previewed as one more row (a new segment); "```" then opens a code block instead.
		renderer.append(`${head}\n\``);
		renderer.flush();
		expect(byClass(root, 'md-table-part')).toHaveLength(1);
		renderer.append('``\ncode\n```');
		renderer.finish();
		renderer.flush();
		expect(byClass(root, 'md-table-part')).toHaveLength(0);
		expect(innerHtml(root)).toBe(renderAll(`${head}\n\`\`\`\ncode\n\`\`\``));
	});
});
