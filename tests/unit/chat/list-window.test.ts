import { describe, expect, it } from 'vitest';
import { listWindow, scrollToShow } from '../../../src/lib/components/conversations/list-window.ts';

describe('the rendered window of a long list', () => {
	const view = { viewportHeight: 400, rowHeight: 40, count: 2000, overscan: 8 };

	it('renders the rows in view and a few more on each side, a bounded number wherever it is', () => {
		expect(listWindow({ ...view, scrollTop: 0 })).toEqual({ start: 0, end: 18 });
		expect(listWindow({ ...view, scrollTop: 4000 })).toEqual({ start: 92, end: 118 });
		const bottom = listWindow({ ...view, scrollTop: 2000 * 40 - 400 });
		expect(bottom).toEqual({ start: 1982, end: 2000 });
		for (let scrollTop = 0; scrollTop < 80_000; scrollTop += 777) {
			const { start, end } = listWindow({ ...view, scrollTop });
			expect(end - start).toBeLessThanOrEqual(27);
			expect(start).toBeLessThanOrEqual(Math.floor(scrollTop / 40));
			expect(end).toBeGreaterThanOrEqual(Math.min(2000, Math.ceil((scrollTop + 400) / 40)));
		}
	});

	it('stays inside the list when it is short, empty, or scrolled past its end', () => {
		expect(listWindow({ ...view, count: 3, scrollTop: 0 })).toEqual({ start: 0, end: 3 });
		expect(listWindow({ ...view, count: 0, scrollTop: 0 })).toEqual({ start: 0, end: 0 });
		expect(listWindow({ ...view, count: 3, scrollTop: 9000 })).toEqual({ start: 3, end: 3 });
		expect(listWindow({ ...view, scrollTop: -50 })).toEqual({ start: 0, end: 18 });
	});
});

describe('scrolling a row into view', () => {
	it('moves as little as it can, and not at all for a row in view', () => {
		expect(scrollToShow(5, 40, 0, 400)).toBeNull();
		expect(scrollToShow(9, 40, 0, 400)).toBeNull();
		expect(scrollToShow(10, 40, 0, 400)).toBe(40);
		expect(scrollToShow(2, 40, 200, 400)).toBe(80);
		expect(scrollToShow(1999, 40, 0, 400)).toBe(1999 * 40 + 40 - 400);
	});
});
