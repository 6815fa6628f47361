import { describe, expect, it } from 'vitest';
import { entityTableLoaded } from '../../../src/lib/render/core/entities.ts';
import { LiveMarkdown } from '../../../src/lib/render/live-markdown.ts';

/**
 * In a real Chromium, with the page's frame scheduler: the full table of named references is not
 * part of the renderer's chunk; a text naming one it alone knows waits for it, and is never drawn
 * with the name literal first. (This file's page starts without the table.)
 */
describe('named character references', () => {
	it('a streamed `&ouml;` split across deltas is drawn as ö once the table is in, never literal', async () => {
		expect(entityTableLoaded()).toBe(false);
		const element = document.createElement('div');
		document.body.append(element);
		const shown: string[] = [];
		const observer = new MutationObserver(() => shown.push(element.textContent ?? ''));
		observer.observe(element, { subtree: true, childList: true, characterData: true });
		let finished = (): void => undefined;
		const done = new Promise<void>((resolve) => (finished = resolve));
		const markdown = new LiveMarkdown(element, {
			onRender: (_chars, complete) => {
				if (complete) finished();
			}
		});
		try {
			markdown.append('Common names need nothing &mdash; ');
			await new Promise(requestAnimationFrame);
			await new Promise(requestAnimationFrame);
			// Drawn at once with a built-in name: no table loaded for it.
			expect(element.textContent).toBe('Common names need nothing —');
			expect(entityTableLoaded()).toBe(false);
			markdown.append('Sch&ou');
			markdown.append('ml;n und gr&uuml;&szlig;e, &ClockwiseContourIntegral; and &nosuchname;.');
			markdown.finish();
			await done;
			observer.disconnect();
			expect(entityTableLoaded()).toBe(true);
			expect(element.textContent).toBe(
				'Common names need nothing — Schön und grüße, ∲ and &nosuchname;.'
			);
			expect(
				shown.filter((text) => /&(ouml|uuml|szlig|ClockwiseContourIntegral);/.test(text))
			).toEqual([]);
		} finally {
			markdown.destroy();
			element.remove();
		}
	});
});
