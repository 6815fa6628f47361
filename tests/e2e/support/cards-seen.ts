import type { Page } from '@playwright/test';

/**
 * Every failure card the page has shown, however briefly. An automatic retry replaces its card
 * when its countdown runs out (2.5 s for the demo's rate limit), and a loaded machine can spend
 * that before a poll of the page first looks; recorded as the page changes, nothing is missed.
 */
export interface CardsSeen {
	/** The `data-failure-kind` of each card shown, in order (one entry per change). */
	kinds(): Promise<string[]>;
	/** The words of each retry countdown shown ("Attempt 2 in 2 s…"), in order. */
	countdowns(): Promise<string[]>;
}

interface Seen {
	kinds: string[];
	countdowns: string[];
}

/** Starts recording on the page as it is now (call again after a navigation). */
export async function watchFailureCards(page: Page): Promise<CardsSeen> {
	await page.evaluate(() => {
		const seen: Seen = { kinds: [], countdowns: [] };
		Object.assign(window, { failureCardsSeen: seen });
		const add = (list: string[], value: string): void => {
			if (list.at(-1) !== value) list.push(value);
		};
		new MutationObserver(() => {
			for (const card of document.querySelectorAll<HTMLElement>('[data-failure-kind]'))
				add(seen.kinds, card.dataset['failureKind'] ?? '');
			for (const countdown of document.querySelectorAll('[data-retry-countdown]'))
				add(seen.countdowns, countdown.textContent ?? '');
		}).observe(document.body, {
			subtree: true,
			childList: true,
			attributes: true,
			characterData: true
		});
	});
	const read = (): Promise<Seen> =>
		page.evaluate(() => (window as unknown as { failureCardsSeen: Seen }).failureCardsSeen);
	return {
		kinds: async () => (await read()).kinds,
		countdowns: async () => (await read()).countdowns
	};
}
