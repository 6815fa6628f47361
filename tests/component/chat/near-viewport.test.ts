/**
 * nearViewport in a real page (Chromium): the message list grows its window when the edge of
 * what it shows comes within the margin — counted from the edges of the area the conversation
 * scrolls in, not only the page's, so that rows are added before a fling reaches the edge.
 */
import { afterEach, expect, it } from 'vitest';
import { nearViewport } from '../../../src/lib/components/chat/near-viewport.ts';
import { frames } from '../frames.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
	for (const cleanup of cleanups.splice(0)) cleanup();
});

function box(css: string): HTMLElement {
	const element = document.createElement('div');
	element.style.cssText = css;
	return element;
}

it('calls when the sentinel is within the margin below a scrolling area, not before', async () => {
	const area = box('height: 300px; overflow-y: auto');
	const within = box('height: 1px');
	const beyond = box('height: 1px');
	area.append(box('height: 500px'), within, box('height: 3000px'), beyond);
	document.body.prepend(area);
	cleanups.push(() => area.remove());
	const near: string[] = [];
	for (const [name, element] of [
		['within', within],
		['beyond', beyond]
	] as const) {
		const detach = nearViewport(() => near.push(name), '400px 0px')(element);
		if (detach) cleanups.push(detach);
	}
	// 200 px under the area's bottom edge (and inside the page's viewport): the area clips it.
	expect(within.getBoundingClientRect().top - area.getBoundingClientRect().bottom).toBe(200);
	await expect.poll(() => near).toEqual(['within']);
	await frames(2);
	expect(near).toEqual(['within']);
	area.scrollTop = 3000;
	await expect.poll(() => near).toEqual(['within', 'beyond']);
});
