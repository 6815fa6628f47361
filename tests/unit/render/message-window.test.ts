import { describe, expect, it } from 'vitest';
import { MessageWindow } from '../../../src/lib/components/chat/message-window.svelte.ts';

function windowOver(count: { value: number }, key = { value: 'a' }) {
	return new MessageWindow(
		() => count.value,
		() => key.value,
		{ initial: 30, page: 20, max: 100 }
	);
}

describe('MessageWindow', () => {
	it('opens on the latest messages and follows new ones', () => {
		const count = { value: 1000 };
		const view = windowOver(count);
		expect([view.start, view.end]).toEqual([970, 1000]);
		count.value = 1002;
		expect([view.start, view.end]).toEqual([972, 1002]);
		expect(view.atEnd).toBe(true);
	});

	it('grows upward a page at a time, dropping the far end past the maximum', () => {
		const count = { value: 1000 };
		const view = windowOver(count);
		for (let i = 0; i < 3; i++) view.showEarlier();
		expect([view.start, view.end]).toEqual([910, 1000]);
		view.showEarlier();
		expect([view.start, view.end]).toEqual([890, 990]);
		expect(view.atEnd).toBe(false);
		count.value = 1001;
		expect(view.end).toBe(990);
		view.showLater();
		expect([view.start, view.end]).toEqual([901, 1001]);
		expect(view.atEnd).toBe(true);
	});

	it('stops at the first message', () => {
		const view = windowOver({ value: 50 });
		view.showEarlier();
		view.showEarlier();
		expect(view.start).toBe(0);
	});

	it('reads as freshly opened when the conversation changes, and jumps back to the latest', () => {
		const count = { value: 1000 };
		const key = { value: 'a' };
		const view = windowOver(count, key);
		for (let i = 0; i < 10; i++) view.showEarlier();
		key.value = 'b';
		count.value = 40;
		expect([view.start, view.end]).toEqual([10, 40]);
		key.value = 'a';
		count.value = 1000;
		for (let i = 0; i < 10; i++) view.showEarlier();
		view.showLatest();
		expect([view.start, view.end]).toEqual([970, 1000]);
	});

	it('moves onto a message far from the end, a page before it, and moves on from there', () => {
		const count = { value: 1000 };
		const view = windowOver(count);
		view.showAround(5);
		expect([view.start, view.end]).toEqual([0, 30]);
		expect(view.atEnd).toBe(false);
		view.showAround(500);
		expect([view.start, view.end]).toEqual([480, 510]);
		// New messages meanwhile stay out of a window that does not reach the end.
		count.value = 1001;
		expect(view.end).toBe(510);
		view.showLater();
		expect([view.start, view.end]).toEqual([480, 530]);
		// A message among the latest opens the window on them, following new ones.
		view.showAround(995);
		expect([view.start, view.end]).toEqual([971, 1001]);
		count.value = 1002;
		expect(view.atEnd).toBe(true);
	});

	it('grows instead of sliding back and forth while both ends are near (short rows)', () => {
		const view = windowOver({ value: 1000 });
		for (let i = 0; i < 4; i++) view.showEarlier();
		expect([view.start, view.end]).toEqual([890, 990]);
		// Rows shorter than the view and its margins: both ends are near. The window reaches the end
		// again without dropping what is above, and grows upward without dropping the end.
		view.showLater(true);
		expect([view.start, view.end]).toEqual([890, 1000]);
		view.showEarlier(true);
		expect([view.start, view.end]).toEqual([870, 1000]);
		// Once the far end is away, moves slide at the size reached...
		view.showEarlier();
		expect([view.start, view.end]).toEqual([850, 980]);
		view.showLater();
		expect([view.start, view.end]).toEqual([870, 1000]);
		// ...and opening afresh starts over at the maximum.
		view.showLatest();
		for (let i = 0; i < 4; i++) view.showEarlier();
		expect([view.start, view.end]).toEqual([890, 990]);
	});
});
