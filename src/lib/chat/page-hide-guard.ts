/**
 * What a conversation does as its page is hidden, left, or shown again (the HTML standard's
 * `visibilitychange` and `pagehide`): a page may be discarded at any moment after it is hidden,
 * and `pagehide` is the last event a page that is going away is sure to run.
 *
 * - Hidden or left: the synchronous copy first (the unload journal, written before any await,
 *   since nothing asynchronous is sure to finish), then every pending write is started.
 * - Shown again: the page was not going away after all, and what is typed from now on is written
 *   to IndexedDB as usual. A journal left when it was hidden would, after a crash, be folded back
 *   over that newer text at the next load; so once every write asked for so far is done, it goes
 *   — unless the page hid again meanwhile (a newer journal) or the journal is the only copy.
 * - Being left (`watchLeaving`): an answer a reload cuts off says the page was closed.
 */
export interface PageHideWork {
	/** Writes what could still be lost to the unload journal, synchronously; false if nothing. */
	journal(): boolean;
	/** Starts every pending write; resolves once all asked for so far are done. */
	flush(): Promise<void>;
	/** Removes the journal, when storage keeps writes (otherwise it is the only copy). */
	forgetJournal(): void;
}

/**
 * Listens for the page being hidden, left or shown again, and does `work`'s part each time;
 * returns the function that stops listening. A function rather than a class: it holds no state
 * anyone reads, and its locals minify (it is in the first visit's scripts).
 */
export function guardPageHide(work: PageHideWork): () => void {
	if (typeof window === 'undefined') return () => undefined;
	/** Journals written by this page so far: a later one makes an earlier clean-up moot. */
	let journals = 0;
	const hidden = (): void => {
		if (work.journal()) journals += 1;
		void work.flush();
	};
	const shown = (): void => {
		const written = journals;
		if (written === 0) return;
		void work.flush().then(() => {
			if (written !== journals || document.visibilityState !== 'visible') return;
			work.forgetJournal();
		});
	};
	const onChange = (): void => {
		if (document.visibilityState === 'visible') shown();
		else hidden();
	};
	window.addEventListener('pagehide', onChange);
	document.addEventListener('visibilitychange', onChange);
	return () => {
		window.removeEventListener('pagehide', onChange);
		document.removeEventListener('visibilitychange', onChange);
	};
}

/**
 * Whether the page is being left: from `beforeunload` (a reload, a link followed, the tab
 * closing), which runs before the document's requests are torn down, so an answer cut off by it
 * can say the page was closed rather than that the connection broke. Until the page is shown
 * again from the back/forward cache, or the person acts in it (a navigation that did not happen,
 * such as a download). Returns the question and the function that stops listening.
 */
export function watchLeaving(): { leaving: () => boolean; stop: () => void } {
	if (typeof window === 'undefined') return { leaving: () => false, stop: () => undefined };
	let leaving = false;
	const left = (): void => {
		leaving = true;
	};
	const stayed = (): void => {
		leaving = false;
	};
	const stayedOn = ['pageshow', 'pointerdown', 'keydown'] as const;
	window.addEventListener('beforeunload', left);
	for (const type of stayedOn) window.addEventListener(type, stayed, true);
	return {
		leaving: () => leaving,
		stop: () => {
			window.removeEventListener('beforeunload', left);
			for (const type of stayedOn) window.removeEventListener(type, stayed, true);
		}
	};
}
