/**
 * The stream follower in a real page (Chromium): a change of the conversation's activity brings a
 * pinned view back to the end in the next frame, after that frame's layout — also when nothing it
 * observes changed size (a new observation of the container is reported whatever its size).
 */
import { flushSync } from 'svelte';
import { afterEach, expect, it } from 'vitest';
import { followStream } from '../../../src/lib/components/chat/follow-stream.svelte.ts';
import { frames } from '../frames.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
	for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A 200 px scroller of ten 100 px rows, following `activity`. */
function followedScroller(activity: () => unknown): HTMLElement {
	const scroller = document.createElement('div');
	scroller.style.cssText = 'height: 200px; overflow-y: auto';
	for (let index = 0; index < 10; index++) {
		const row = document.createElement('div');
		row.style.height = '100px';
		row.textContent = `row ${index}`;
		scroller.append(row);
	}
	document.body.prepend(scroller);
	const stop = $effect.root(() => {
		const detach = followStream(activity)(scroller);
		return () => detach?.();
	});
	cleanups.push(() => {
		stop();
		scroller.remove();
	});
	return scroller;
}

it('brings a pinned view back to the end on a change of activity alone', async () => {
	let activity = $state(0);
	const scroller = followedScroller(() => activity);
	const end = 1000 - 200;
	await expect.poll(() => scroller.scrollTop).toBe(end);
	// Moved by the page, not by the person (no wheel, key, touch or pointer): still pinned.
	scroller.scrollTop = 0;
	await frames(2);
	expect(scroller.scrollTop).toBe(0);
	activity++;
	flushSync();
	await expect.poll(() => scroller.scrollTop).toBe(end);
});

it('leaves a view the person scrolled up where it is', async () => {
	let activity = $state(0);
	const scroller = followedScroller(() => activity);
	await expect.poll(() => scroller.scrollTop).toBe(800);
	scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -100 }));
	scroller.scrollTop = 300;
	await frames();
	activity++;
	flushSync();
	await frames(2);
	expect(scroller.scrollTop).toBe(300);
});
