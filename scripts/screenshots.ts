/**
 * `npm run screenshots`: the README's pictures of the app, made from the production build (run
 * `npm run build` first) served on the built-in demo gateway, as the end-to-end tests serve it.
 * Writes docs/screenshots/{light,dark,mobile}.png: a conversation answered with a table and code,
 * in light and dark at 1280 × 800, and at 360 × 740 on a phone.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { ROOT, serve } from '../tests/bench/render/app-server.ts';
import { chromiumLaunchOptions } from '../tests/chromium.ts';

const PORT = 4196;
const OUT = path.join(ROOT, 'docs', 'screenshots');
/** The README shows these inline: each picture stays small. */
const MAX_BYTES = 200 * 1024;

/** Earlier conversations in the sidebar, then the one on screen. */
const EARLIER = ['Plan a weekend of learning Svelte 5', 'Why did my request get a 429?'];
const SHOWN = 'Which routes does the demo gateway speak? A table and some code, please.';

interface Shot {
	name: 'light' | 'dark' | 'mobile';
	context: BrowserContextOptions;
}

const SHOTS: Shot[] = [
	{ name: 'light', context: { viewport: { width: 1280, height: 800 }, colorScheme: 'light' } },
	{ name: 'dark', context: { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' } },
	{
		name: 'mobile',
		context: {
			viewport: { width: 360, height: 740 },
			colorScheme: 'light',
			isMobile: true,
			hasTouch: true
		}
	}
];

async function ask(page: Page, prompt: string): Promise<void> {
	const composer = page.getByRole('textbox', { name: 'Message' });
	await composer.fill(prompt);
	await composer.press('Enter');
	await page
		.locator('[data-role="assistant"]')
		.last()
		.and(page.locator('[data-turn-status="completed"]'))
		.waitFor();
}

async function newConversation(page: Page, narrow: boolean): Promise<void> {
	if (narrow) await page.getByRole('button', { name: 'Conversations' }).click();
	await page
		.getByRole('navigation', { name: 'Conversations' })
		.getByRole('button', { name: 'New conversation', exact: true })
		.first()
		.click();
	await page.locator('[data-empty-state]').waitFor();
}

async function take(browser: Browser, url: string, shot: Shot): Promise<string> {
	const context = await browser.newContext(shot.context);
	const page = await context.newPage();
	await page.goto(url);
	await page.getByRole('combobox', { name: 'Model' }).waitFor();
	const narrow = (shot.context.viewport?.width ?? 1280) < 768;
	for (const prompt of EARLIER) {
		await ask(page, prompt);
		await newConversation(page, narrow);
	}
	await ask(page, SHOWN);
	const answer = page.locator('[data-role="assistant"]').last();
	// The code block is highlighted once its highlighter has loaded.
	await answer.locator('pre code [class^="hljs-"]').first().waitFor();
	// The picture shows the page at rest, without a focus ring.
	await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
	await page.evaluate(() => document.fonts.ready);
	const file = path.join(OUT, `${shot.name}.png`);
	await page.screenshot({ path: file });
	await context.close();
	return file;
}

if (!existsSync(path.join(ROOT, 'build', 'index.js'))) {
	console.error('No production build: run `npm run build` first.');
	process.exit(1);
}
mkdirSync(OUT, { recursive: true });
const app = await serve(path.join(ROOT, 'build'), PORT);
const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
try {
	for (const shot of SHOTS) {
		const file = await take(browser, app.url, shot);
		const bytes = statSync(file).size;
		console.log(`${path.relative(ROOT, file)}: ${Math.round(bytes / 1024)} KB`);
		if (bytes > MAX_BYTES) {
			console.error(`  over ${MAX_BYTES / 1024} KB: too heavy for the README`);
			process.exitCode = 1;
		}
	}
} finally {
	await browser.close();
	await app.stop();
}
