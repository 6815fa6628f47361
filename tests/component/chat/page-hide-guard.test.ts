/**
 * guardPageHide in a real page (Chromium): the journal is written the moment the tab is hidden,
 * before any write is awaited; it is forgotten when the tab comes back and every write asked for
 * has landed — but not if the tab hid again meanwhile, whose newer journal is then the only sure
 * copy. The session's own journey through it is storage/journal-on-return.test.ts.
 */
import { afterEach, expect, it } from 'vitest';
import {
	guardPageHide,
	watchLeaving,
	type PageHideWork
} from '../../../src/lib/chat/page-hide-guard.ts';

const guards: (() => void)[] = [];
afterEach(() => {
	for (const stop of guards.splice(0)) stop();
	Reflect.deleteProperty(document, 'visibilityState');
});

function showTab(state: DocumentVisibilityState): void {
	Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
	document.dispatchEvent(new Event('visibilitychange'));
}

/** Work whose flushes finish only when the test lets them, recording what was asked, in order. */
function recordedWork(journalWritten = true) {
	const log: string[] = [];
	const pending: (() => void)[] = [];
	const work: PageHideWork = {
		journal: () => {
			log.push('journal');
			return journalWritten;
		},
		flush: () => {
			log.push('flush');
			return new Promise<void>((resolve) => pending.push(resolve));
		},
		forgetJournal: () => log.push('forget')
	};
	/** Lets every flush asked for so far finish, and their continuations run. */
	const finishFlushes = async (): Promise<void> => {
		for (const resolve of pending.splice(0)) resolve();
		await settle();
	};
	return { log, work, pending, finishFlushes };
}

/** The continuations of flushes that have finished have run. */
async function settle(): Promise<void> {
	await Promise.resolve();
	await Promise.resolve();
}

/** Guards the page with `work`; returns the function that stops it. */
function guard(work: PageHideWork): () => void {
	const stop = guardPageHide(work);
	guards.push(stop);
	return stop;
}

it('hidden: the journal is written first, synchronously, then the writes are started', () => {
	const { log, work } = recordedWork();
	guard(work);
	showTab('hidden');
	expect(log).toEqual(['journal', 'flush']);
});

it('pagehide does the same as hiding', () => {
	const { log, work } = recordedWork();
	guard(work);
	Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
	window.dispatchEvent(new Event('pagehide'));
	expect(log).toEqual(['journal', 'flush']);
});

it('shown again: the journal is forgotten only once the writes have landed', async () => {
	const { log, work, finishFlushes } = recordedWork();
	guard(work);
	showTab('hidden');
	showTab('visible');
	expect(log).toEqual(['journal', 'flush', 'flush']);
	await finishFlushes();
	expect(log).toEqual(['journal', 'flush', 'flush', 'forget']);
});

it('hidden and shown again before the writes landed: only the newer return forgets', async () => {
	const { log, work, pending } = recordedWork();
	guard(work);
	showTab('hidden');
	showTab('visible'); // its clean-up waits for this flush
	const firstReturn = pending.length - 1;
	showTab('hidden'); // a newer journal, whose writes have not landed
	showTab('visible');
	pending[firstReturn]?.();
	await settle();
	// The first return's writes are in, but the newer journal covers writes still under way.
	expect(log).not.toContain('forget');
	for (const resolve of pending) resolve();
	await settle();
	expect(log.filter((entry) => entry === 'forget')).toHaveLength(1);
});

it('hidden again before the writes landed: the journal is kept', async () => {
	const { log, work, finishFlushes } = recordedWork();
	guard(work);
	showTab('hidden');
	showTab('visible');
	showTab('hidden');
	await finishFlushes();
	expect(log).not.toContain('forget');
});

it('shown without a journal ever written: nothing to forget, nothing flushed', async () => {
	const { log, work, finishFlushes } = recordedWork(false);
	guard(work);
	showTab('hidden');
	showTab('visible');
	await finishFlushes();
	expect(log).toEqual(['journal', 'flush']);
});

it('disposed: the page hiding asks nothing of it any more', () => {
	const { log, work } = recordedWork();
	guard(work)();
	showTab('hidden');
	expect(log).toEqual([]);
});

it('leaving: from beforeunload until the page is shown again or the person acts in it', () => {
	const watch = watchLeaving();
	guards.push(watch.stop);
	expect(watch.leaving()).toBe(false);
	window.dispatchEvent(new Event('beforeunload'));
	expect(watch.leaving(), 'a reload or a link followed').toBe(true);
	document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
	expect(watch.leaving(), 'the navigation did not happen: the person acts here').toBe(false);
	window.dispatchEvent(new Event('beforeunload'));
	window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
	expect(watch.leaving(), 'back from the back/forward cache').toBe(false);
	watch.stop();
	window.dispatchEvent(new Event('beforeunload'));
	expect(watch.leaving(), 'stopped').toBe(false);
});
