/**
 * `node scripts/generate-icons.js`: renders the app's PNG icons from the hand-written SVGs in
 * static/icons/ with Chromium (the one the tests use: CHROMIUM_PATH, else /usr/bin/chromium when
 * present, else Playwright's own). Run it after changing an SVG and commit the PNGs; the build
 * only copies them.
 *
 * - icon.svg (rounded square, transparent corners) → icon-192.png, icon-512.png ("any")
 * - icon-maskable.svg (full bleed, the mark inside the safe zone) → icon-maskable-192.png,
 *   icon-maskable-512.png ("maskable"), apple-touch-icon.png (180: iOS cuts its own corners and
 *   shows transparency as black)
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import process from 'node:process';
import { chromium } from '@playwright/test';

const ICONS = new URL('../static/icons/', import.meta.url);

/** @type {{ source: string; size: number; output: string }[]} */
const RENDERS = [
	{ source: 'icon.svg', size: 192, output: 'icon-192.png' },
	{ source: 'icon.svg', size: 512, output: 'icon-512.png' },
	{ source: 'icon-maskable.svg', size: 192, output: 'icon-maskable-192.png' },
	{ source: 'icon-maskable.svg', size: 512, output: 'icon-maskable-512.png' },
	{ source: 'icon-maskable.svg', size: 180, output: 'apple-touch-icon.png' }
];

const executablePath =
	process.env['CHROMIUM_PATH'] ??
	(existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const browser = await chromium.launch(executablePath === undefined ? {} : { executablePath });
try {
	for (const { source, size, output } of RENDERS) {
		const svg = await readFile(new URL(source, ICONS), 'utf8');
		const page = await browser.newPage({ viewport: { width: size, height: size } });
		const url = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
		await page.setContent(
			`<style>html,body{margin:0;background:transparent}img{display:block}</style>` +
				`<img src="${url}" width="${size}" height="${size}" alt="">`
		);
		await page.locator('img').evaluate((img) => /** @type {HTMLImageElement} */ (img).decode());
		const png = await page.screenshot({ omitBackground: true, type: 'png' });
		await writeFile(new URL(output, ICONS), png);
		await page.close();
		console.log(`static/icons/${output} (${size}×${size}, ${png.length} bytes)`);
	}
} finally {
	await browser.close();
}
