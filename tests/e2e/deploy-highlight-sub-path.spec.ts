/**
 * The highlight worker under BASE_PATH: its script is found beside the page's chunks under the
 * prefix, and the app's policy (`worker-src 'self'`, sent with every response) lets it run.
 */
import { expect, test } from '@playwright/test';
import { lastAnswer, send } from './chat-helpers.ts';
import { SUB_PATH, SUB_PATH_APP_URL } from './servers.ts';

test('code is highlighted by the worker under the sub-path', async ({ page }) => {
	const errors: Error[] = [];
	page.on('pageerror', (error) => errors.push(error));
	const policies: string[] = [];
	page.on('response', (response) => {
		const policy = response.headers()['content-security-policy'];
		if (response.request().resourceType() === 'document' && policy !== undefined)
			policies.push(policy);
	});
	await page.goto(`${SUB_PATH_APP_URL}/`);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	const started = page.waitForEvent('worker', (worker) => worker.url().includes('highlight'));
	await send(page, 'hello #scenario:instant');
	const worker = await started;
	expect(new URL(worker.url()).pathname).toMatch(
		new RegExp(`^${SUB_PATH}/_app/immutable/workers/highlight-worker-[\\w-]+\\.js$`)
	);
	const code = lastAnswer(page).locator('pre code').first();
	await expect(code.locator('.hljs-keyword').first()).toHaveText('function');
	expect(policies.some((policy) => /(^|; )worker-src 'self'(;|$)/.test(policy))).toBe(true);
	expect(errors).toEqual([]);
});
