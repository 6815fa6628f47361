/**
 * A split deployment, as the README describes it: a front web server serves build/client (the
 * hashed assets) itself and proxies everything else to the Node server, here under a sub-path.
 */
import { expect, test } from '@playwright/test';
import { lastAnswer, send } from './chat-helpers.ts';
import { SPLIT_FRONT_URL } from './servers.ts';

test('assets from the web server, the page and API from Node: the chat works', async ({ page }) => {
	const servedBy = new Map<string, string>();
	page.on('response', (response) =>
		servedBy.set(new URL(response.url()).pathname, response.headers()['x-served-by'] ?? 'node')
	);
	await page.goto(`${SPLIT_FRONT_URL}/`);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	await send(page, 'hello through the front server');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');

	const assets = [...servedBy].filter(([pathname]) => pathname.includes('/_app/immutable/'));
	expect(assets.length).toBeGreaterThan(3);
	expect(assets.filter(([, by]) => by !== 'static')).toEqual([]);
	// The page (from Node) carries the configuration: nothing asks `/api/config`.
	expect(servedBy.get('/tools/chat/')).toBe('node');
	expect(servedBy.has('/tools/chat/api/config')).toBe(false);
	await expect(page.locator('#switchboard-config')).toHaveCount(1);
});
