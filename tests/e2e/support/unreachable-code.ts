/**
 * The app server "goes away" for part of the app's code only: a JavaScript chunk whose text
 * contains `marker` fails to load as it would with the network down, while `away()` says so;
 * every other file loads. Lazy parts are told apart by a string only they contain.
 */
import type { Page } from '@playwright/test';

export async function failChunksContaining(
	page: Page,
	marker: string,
	away: () => boolean = () => true
): Promise<void> {
	await page.route('**/_app/immutable/chunks/*.js', async (route) => {
		const response = await route.fetch();
		const body = await response.text();
		if (away() && body.includes(marker)) await route.abort('internetdisconnected');
		else await route.fulfill({ response, body });
	});
}
