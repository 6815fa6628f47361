import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../src/lib/components/render/markdown.css';
import { LIMITS } from '../../../src/lib/render/core/limits.ts';
import { LiveMarkdown } from '../../../src/lib/render/live-markdown.ts';
import { XSS_PAYLOADS } from '../../unit/render/hostile-payloads.ts';
import { frames } from '../frames.ts';

/**
 * Hostile content in a real Chromium, through the real renderer and the real frame scheduler: no
 * script runs (a dialog or a global set by a payload would show it), no request leaves for a
 * foreign host, and pathological markdown renders without monopolising the main thread.
 */
interface Tripwires {
	dialogs: string[];
	xss?: unknown;
}

let tripwires: Tripwires;
const originals = Object.getOwnPropertyDescriptors(window);
const DIALOGS = ['alert', 'confirm', 'prompt'] as const;

beforeEach(() => {
	tripwires = { dialogs: [] };
	(window as unknown as { __tripwires: Tripwires }).__tripwires = tripwires;
	window.alert = (message?: unknown) => void tripwires.dialogs.push(String(message));
	window.confirm = (message?: string) => (tripwires.dialogs.push(String(message)), false);
	window.prompt = (message?: string) => (tripwires.dialogs.push(String(message)), null);
});

afterEach(() => {
	for (const name of DIALOGS) {
		const descriptor = originals[name];
		if (descriptor !== undefined) Object.defineProperty(window, name, descriptor);
	}
	document.querySelectorAll('[data-hostile]').forEach((element) => element.remove());
});

/** Renders `text` with the real scheduler and resolves once the whole of it is on the page. */
function renderFinished(text: string): Promise<HTMLElement> {
	const container = document.createElement('div');
	container.setAttribute('data-hostile', '');
	// As in the page: the chat's styles (content-visibility on chunks and table parts) apply.
	container.setAttribute('class', 'markdown');
	container.style.width = '700px';
	document.body.append(container);
	return new Promise((resolve) => {
		const renderer = new LiveMarkdown(container, {
			onRender: (_length, finished) => {
				if (finished) resolve(container);
			}
		});
		renderer.append(text);
		renderer.finish();
	});
}

function foreignRequests(): string[] {
	return performance
		.getEntriesByType('resource')
		.map((entry) => entry.name)
		.filter((name) => new URL(name).host !== location.host);
}

describe('hostile content in Chromium', () => {
	it.each(Object.entries(XSS_PAYLOADS))('%s: inert', async (_name, payload) => {
		const title = document.title;
		const root = await renderFinished(payload);
		await frames(3);
		expect(tripwires.dialogs).toEqual([]);
		expect(
			root.querySelector(
				'script, iframe, img, svg, object, embed, style, meta, form, link, input:not([type="checkbox"][disabled])'
			)
		).toBeNull();
		for (const element of root.querySelectorAll('*')) {
			for (const attribute of element.getAttributeNames()) {
				expect(attribute.startsWith('on'), `${element.tagName}[${attribute}]`).toBe(false);
				expect(['name', 'src', 'srcdoc', 'style']).not.toContain(attribute);
				// Footnote ids only: numbers after a prefix of the renderer's, never a label of the text.
				if (attribute === 'id')
					expect(element.getAttribute('id')).toMatch(/^md\d+-fn(ref)?-\d+(-\d+)?$/);
			}
		}
		for (const link of root.querySelectorAll('a'))
			expect(link.protocol).toMatch(/^(https?|mailto):$/);
		expect(foreignRequests()).toEqual([]);
		// DOM clobbering: nothing in the page can be reached by a name the payload chose.
		expect(document.getElementById('test')).toBeNull();
		expect(typeof document.getElementById).toBe('function');
		expect(window.location).toBeInstanceOf(Location);
		expect(document.title).toBe(title);
	});

	it('pathological markdown renders in slices: the main thread gets turns between frames', async () => {
		const inputs = {
			'10k nested quotes': { text: '>'.repeat(10_000) + ' deep', sliced: false },
			'100k backticks': { text: `x ${'`'.repeat(100_000)} y`, sliced: false },
			'a 5 MB code block': {
				text: `\`\`\`js\n${'const x = "<b>"; // padding padding padding\n'.repeat(110_000)}\`\`\``,
				sliced: true
			},
			'a giant table': {
				text: [
					`| ${'h | '.repeat(80)}`,
					`|${' - |'.repeat(80)}`,
					...Array.from({ length: 3000 }, (_, r) => `| ${`${r} | `.repeat(80)}`)
				].join('\n'),
				sliced: true
			}
		};
		for (const [name, { text, sliced }] of Object.entries(inputs)) {
			let frames = 0;
			let turns = 0;
			let running = true;
			const frame = (): void => {
				frames++;
				if (running) requestAnimationFrame(frame);
			};
			const tick = (): void => {
				turns++;
				if (running) setTimeout(tick, 0);
			};
			requestAnimationFrame(frame);
			setTimeout(tick, 0);
			const root = await renderFinished(text);
			running = false;
			expect(root.textContent?.length, name).toBeGreaterThan(0);
			expect(root.querySelectorAll('blockquote blockquote').length, name).toBeLessThan(
				LIMITS.maxContainerDepth
			);
			expect(tripwires.dialogs).toEqual([]);
			// A few MB is never one frame's work: it is cut into many frames (a size cap per frame, so
			// this holds on any machine), and other tasks (timers, input) run in between.
			if (sliced) {
				expect(frames, name).toBeGreaterThan(10);
				expect(turns, name).toBeGreaterThan(10);
			}
		}
	});

	it('a giant table is laid out in parts whose columns line up as one table', async () => {
		const columns = 12;
		const text = [
			`| ${Array.from({ length: columns }, (_, c) => `column ${c}`).join(' | ')} |`,
			`|${' --- |'.repeat(columns)}`,
			...Array.from(
				{ length: 1500 },
				(_, r) => `| ${Array.from({ length: columns }, (_, c) => `${r}×${c}`).join(' | ')} |`
			)
		].join('\n');
		const root = await renderFinished(text);
		const parts = root.querySelectorAll('.md-table-part');
		expect(parts.length).toBeGreaterThan(10);
		expect(getComputedStyle(parts[0] as Element).contentVisibility).toBe('auto');
		const rows = root.querySelectorAll('tr');
		expect(rows.length).toBe(1501);
		const last = rows[rows.length - 1] as HTMLTableRowElement;
		last.scrollIntoView();
		await frames(2);
		const edges = (row: HTMLTableRowElement): number[] =>
			[...row.cells].map((cell) => Math.round(cell.getBoundingClientRect().left));
		expect(edges(last)).toEqual(edges(rows[0] as HTMLTableRowElement));
		expect(last.cells[0]?.textContent).toBe('1499×0');
	});
});
