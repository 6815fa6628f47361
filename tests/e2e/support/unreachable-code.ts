/**
 * The app server "goes away" for part of the app's code only: a JavaScript chunk whose text
 * contains `marker` fails to load as it would with the network down, while `away()` says so;
 * every other file loads. Lazy parts are told apart by a string only they contain.
 */
import type { Page } from '@playwright/test';
import { fetchRouted } from './fetch-routed.ts';

export async function failChunksContaining(
	page: Page,
	marker: string,
	away: () => boolean = () => true
): Promise<void> {
	await page.route('**/_app/immutable/chunks/*.js', async (route) => {
		const fetched = await fetchRouted(route);
		if (fetched === null) return;
		if (away() && fetched.body.includes(marker)) await route.abort('internetdisconnected');
		else await route.fulfill(fetched);
	});
}
