/**
 * `npm run screenshots`: the README's pictures of the app, made from the production build (run
 * `npm run build` first) served on the built-in demo gateway, as the end-to-end tests serve it.
 * Writes docs/screenshots/{light,dark,mobile,zh-CN}.png: a conversation answered with a table and
 * code, in light and dark at 1280 × 800, and at 360 × 740 on a phone; and in Simplified Chinese,
 * the same answer followed by a relay gateway's Chinese quota error on its failure card (needs a CJK
 * font, e.g. Debian's fonts-noto-cjk).
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { en } from '../src/lib/i18n/en.ts';
import { zhCN } from '../src/lib/i18n/zh-CN.ts';

/** The words shown from the first paint (every language has them): the names the script finds. */
type Words = typeof en;
import { ROOT, serve } from '../tests/bench/render/app-server.ts';
import { chromiumLaunchOptions } from '../tests/chromium.ts';

const PORT = 4196;
const OUT = path.join(ROOT, 'docs', 'screenshots');
/** The README shows these inline: each picture stays small. */
const MAX_BYTES = 200 * 1024;

/** What each picture asks, in its language: earlier conversations in the sidebar, then the one on screen. */
interface Script {
	earlier: string[];
	shown: string;
	/** Asked after `shown` in the same conversation: a failure, its card at the end of the picture. */
	failing?: { prompt: string; kind: string };
}

const ENGLISH: Script = {
	earlier: ['Plan a weekend of learning Svelte 5', 'Why did my request get a 429?'],
	shown: 'Which routes does the demo gateway speak? A table and some code, please.'
};

const CHINESE: Script = {
	earlier: ['帮我规划一个学习 Svelte 5 的周末', '为什么我的请求返回了 429？'],
	shown: '演示网关支持哪些路由？请用表格和代码说明。',
	// new-api's own words for an exhausted quota, shown as the gateway sent them.
	failing: { prompt: '再详细一点 #scenario:quota-exhausted-zh', kind: 'insufficient_balance' }
};

interface Shot {
	name: 'light' | 'dark' | 'mobile' | 'zh-CN';
	context: BrowserContextOptions;
	words: Words;
	script: Script;
}

const DESKTOP = { width: 1280, height: 800 };
const SHOTS: Shot[] = [
	{
		name: 'light',
		context: { viewport: DESKTOP, colorScheme: 'light' },
		words: en,
		script: ENGLISH
	},
	{ name: 'dark', context: { viewport: DESKTOP, colorScheme: 'dark' }, words: en, script: ENGLISH },
	{
		name: 'mobile',
		context: {
			viewport: { width: 360, height: 740 },
			colorScheme: 'light',
			isMobile: true,
			hasTouch: true
		},
		words: en,
		script: ENGLISH
	},
	{
		name: 'zh-CN',
		context: { viewport: DESKTOP, colorScheme: 'light', locale: 'zh-CN' },
		words: zhCN,
		script: CHINESE
	}
];

async function ask(page: Page, words: Words, prompt: string, until: string): Promise<void> {
	const composer = page.getByRole('textbox', { name: words.composer.label });
	await composer.fill(prompt);
	await composer.press('Enter');
	await page.locator('[data-role="assistant"]').last().and(page.locator(until)).waitFor();
}

async function newConversation(page: Page, words: Words, narrow: boolean): Promise<void> {
	if (narrow) await page.getByRole('button', { name: words.header.conversations }).click();
	await page
		.getByRole('navigation', { name: words.sidebar.title })
		.getByRole('button', { name: words.library.newConversation, exact: true })
		.first()
		.click();
	await page.locator('[data-empty-state]').waitFor();
}

async function take(browser: Browser, url: string, shot: Shot): Promise<string> {
	const { words, script } = shot;
	const context = await browser.newContext(shot.context);
	const page = await context.newPage();
	await page.goto(url);
	await page.getByRole('combobox', { name: words.modelPicker.label }).waitFor();
	const narrow = (shot.context.viewport?.width ?? DESKTOP.width) < 768;
	const answered = '[data-turn-status="completed"]';
	for (const prompt of script.earlier) {
		await ask(page, words, prompt, answered);
		await newConversation(page, words, narrow);
	}
	await ask(page, words, script.shown, answered);
	// The code block is highlighted once its highlighter has loaded.
	await page.locator('pre code [class^="hljs-"]').first().waitFor();
	if (script.failing !== undefined) {
		const { prompt, kind } = script.failing;
		await ask(
			page,
			words,
			prompt,
			`[data-turn-status="failed"]:has([data-failure-kind="${kind}"])`
		);
	}
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
