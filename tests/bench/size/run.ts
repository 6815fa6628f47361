/**
 * `npm run bench:size`: the JavaScript the chat page loads before the person first interacts, gzip,
 * measured in Chromium against the production build (`node build`); then what loads on first use
 * (sending a message, whose answer has a table and a code block); then the returning visit: a new
 * page of the same context reopens that conversation, and what loads before any interaction is
 * counted the same way, with what had loaded by the moment the answer's table and code block were
 * first in the DOM marked. Each file's bytes are attributed to packages and source directories through
 * source maps, to show what is heavy. Also checks that the production bundle carries nothing of the
 * benchmark hook, and that KaTeX and mermaid load with neither (only with an answer that has math
 * or a diagram, measured last). Target: ≤ 80 KB gzip before first interaction, on either visit.
 */
import { readFileSync, readdirSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import * as prettier from 'prettier';
import { chromiumLaunchOptions } from '../../chromium.ts';
import { buildApp, serve } from '../render/app-server.ts';
import { bytesBySource } from './source-map.ts';

const PORT = 4195;
const TARGET_KB = 80;
/** Strings only the benchmark hook or the baseline contain. */
const BENCH_MARKERS = ['__switchboardBench', 'DOMPurify', 'LatencyProbe'];

interface LoadedFile {
	file: string;
	bytes: number;
	gzip: number;
	transferred: number;
	sources: { group: string; gzipShare: number }[];
}

const app = buildApp('production', { sourcemap: true });
const server = await serve(app.dir, PORT);
const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
const version = browser.version();

function describe(dir: string, url: string, transferred: number): LoadedFile {
	const file = new URL(url).pathname;
	const code = readFileSync(path.join(dir, 'client', file), 'utf8').replace(
		/\n\/\/# sourceMappingURL=\S+\s*$/,
		''
	);
	const gzip = gzipSync(code, { level: 9 }).length;
	let sources: LoadedFile['sources'] = [];
	try {
		const map = JSON.parse(readFileSync(path.join(dir, 'client', `${file}.map`), 'utf8')) as {
			sources: string[];
			mappings: string;
		};
		const groups = bytesBySource(code, map);
		sources = [...groups]
			.sort((a, b) => b[1] - a[1])
			.map(([group, bytes]) => ({ group, gzipShare: Math.round((bytes / code.length) * gzip) }));
	} catch {
		// A file without a source map is reported without a breakdown.
	}
	return { file, bytes: code.length, gzip, transferred, sources };
}

async function scriptsLoadedWhile(page: Page, action: () => Promise<void>): Promise<LoadedFile[]> {
	const urls: string[] = [];
	const onResponse = (response: { url(): string }): void => {
		if (new URL(response.url()).pathname.endsWith('.js')) urls.push(response.url());
	};
	page.on('response', onResponse);
	await action();
	await page.waitForLoadState('networkidle');
	await page.waitForTimeout(1500);
	page.off('response', onResponse);
	const files: LoadedFile[] = [];
	for (const url of urls) {
		// What the server sends for gzip (its precompressed file); the client decodes the body, so
		// the size is the Content-Length.
		const sent = await page.context().request.head(url, { headers: { 'accept-encoding': 'gzip' } });
		const transferred = Number(sent.headers()['content-length'] ?? 0);
		files.push(describe(app.dir, url, transferred));
	}
	return files;
}

interface FetchedFile {
	file: string;
	/** Bytes sent with Accept-Encoding: gzip. */
	transferred: number;
}

/** Every file of the app fetched (by the page or its frames) while `action` runs and settles. */
async function filesLoadedWhile(page: Page, action: () => Promise<void>): Promise<FetchedFile[]> {
	const urls: string[] = [];
	const onResponse = (response: { url(): string }): void => {
		if (response.url().startsWith(server.url)) urls.push(response.url());
	};
	page.on('response', onResponse);
	await action();
	await page.waitForLoadState('networkidle');
	await page.waitForTimeout(1500);
	page.off('response', onResponse);
	const files: FetchedFile[] = [];
	for (const url of urls) {
		const path = new URL(url).pathname;
		if (!/\.(?:js|css|woff2?|ttf|html)$/.test(path)) continue;
		const sent = await page.context().request.head(url, { headers: { 'accept-encoding': 'gzip' } });
		files.push({ file: path, transferred: Number(sent.headers()['content-length'] ?? 0) });
	}
	return files;
}

/**
 * The returning visit: `page` (a new page of the context that holds the conversation in IndexedDB)
 * opens the app, which reopens the latest conversation. Every .js file the page loads until that
 * conversation's answer is painted (its table and code block in the DOM), then until the page is idle,
 * with no interaction. The HTTP cache is disabled, and the files the service worker answers from its
 * cache are counted too (the page's resource timing entries name every file it loaded, whoever
 * served it), so nothing a cache holds hides bytes.
 */
async function returningVisit(
	page: Page
): Promise<{ toPaint: LoadedFile[]; beforeInteraction: LoadedFile[] }> {
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
	const loadedJs = async (): Promise<string[]> => {
		const entries = await page.evaluate(() =>
			performance.getEntriesByType('resource').map((entry) => entry.name)
		);
		return [...new Set(entries.filter((url) => new URL(url).pathname.endsWith('.js')))];
	};
	// The moment the answer's table and code block are first in the DOM, taken in the page itself
	// (a mutation observer from the document's start), so that what loads later is told apart.
	await page.addInitScript(() => {
		const observer = new MutationObserver(() => {
			if (document.querySelector('[data-role="assistant"] table') === null) return;
			if (document.querySelector('[data-role="assistant"] .md-code') === null) return;
			observer.disconnect();
			const at = performance.now();
			(window as unknown as { answerShownAt: number }).answerShownAt = at;
		});
		observer.observe(document, { childList: true, subtree: true });
	});
	const all = await scriptsLoadedWhile(page, async () => {
		await page.goto(server.url);
		await page.waitForFunction(() => 'answerShownAt' in window);
		const answer = page.locator('[data-role="assistant"][data-turn-status="completed"]').last();
		await answer.locator('table').first().waitFor();
	});
	const painted = await page.evaluate(() => {
		const shownAt = (window as unknown as { answerShownAt: number }).answerShownAt;
		return performance
			.getEntriesByType('resource')
			.filter((entry) => (entry as PerformanceResourceTiming).responseEnd <= shownAt)
			.map((entry) => entry.name);
	});
	const seen = new Set(all.map((file) => file.file));
	for (const url of await loadedJs())
		if (!seen.has(new URL(url).pathname)) {
			const sent = await page
				.context()
				.request.head(url, { headers: { 'accept-encoding': 'gzip' } });
			all.push(describe(app.dir, url, Number(sent.headers()['content-length'] ?? 0)));
			seen.add(new URL(url).pathname);
		}
	const paintedPaths = new Set(painted.map((url) => new URL(url).pathname));
	const unique = [...new Map(all.map((file) => [file.file, file])).values()];
	return {
		toPaint: unique.filter((file) => paintedPaths.has(file.file)),
		beforeInteraction: unique
	};
}

let initial: LoadedFile[];
let firstUse: LoadedFile[];
let returning: { toPaint: LoadedFile[]; beforeInteraction: LoadedFile[] };
let withMath: FetchedFile[];
try {
	const context = await browser.newContext();
	const first = await context.newPage();
	initial = await scriptsLoadedWhile(first, async () => {
		await first.goto(server.url);
		await first.getByRole('combobox', { name: 'Model' }).waitFor();
	});
	firstUse = await scriptsLoadedWhile(first, async () => {
		const composer = first.getByRole('textbox', { name: 'Message' });
		// The demo gateway's answer has a GFM table and a fenced TypeScript block.
		await composer.fill('Show me a table');
		await composer.press('Enter');
		await first.locator('[data-role="assistant"][data-turn-status="completed"]').waitFor();
	});
	await first.close();
	const page = await context.newPage();
	returning = await returningVisit(page);
	withMath = await filesLoadedWhile(page, async () => {
		const composer = page.getByRole('textbox', { name: 'Message' });
		await composer.fill('math and a diagram #scenario:math');
		await composer.press('Enter');
		const answer = page.locator('[data-role="assistant"][data-turn-status="completed"]').nth(1);
		await answer.waitFor();
		await answer.locator('.md-code[data-diagram="shown"]').waitFor({ timeout: 60_000 });
	});
	await context.close();
} finally {
	await browser.close();
	await server.stop();
}

const clientFiles = readdirSync(path.join(app.dir, 'client/_app/immutable'), { recursive: true })
	.map(String)
	.filter((file) => file.endsWith('.js'));
// The app's code only: vendored files copied as assets (mermaid's browser build, which carries its
// own DOMPurify, loaded only by the sandboxed diagram frame) are not where the hook could hide.
const hookFound = clientFiles.filter((file) => {
	if (file.startsWith('assets/')) return false;
	const code = readFileSync(path.join(app.dir, 'client/_app/immutable', file), 'utf8');
	return BENCH_MARKERS.some((marker) => code.includes(marker));
});
app.remove();

const sum = (files: LoadedFile[], key: 'gzip' | 'bytes' | 'transferred'): number =>
	files.reduce((total, file) => total + file[key], 0);
const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;
/** gzip KB per source group over `files`, heaviest first. */
function heaviest(files: LoadedFile[]): { group: string; gzipKb: number }[] {
	const heavy = new Map<string, number>();
	for (const file of files)
		for (const { group, gzipShare } of file.sources)
			heavy.set(group, (heavy.get(group) ?? 0) + gzipShare);
	return [...heavy]
		.sort((a, b) => b[1] - a[1])
		.map(([group, bytes]) => ({ group, gzipKb: kb(bytes) }));
}

function loadSummary(files: LoadedFile[]) {
	return {
		files: files.length,
		gzipKb: kb(sum(files, 'gzip')),
		transferredKb: kb(sum(files, 'transferred')),
		rawKb: kb(sum(files, 'bytes')),
		met: sum(files, 'gzip') <= TARGET_KB * 1024,
		heaviest: heaviest(files),
		list: files
	};
}

/**
 * KaTeX or mermaid code in what loads before an answer has math or a diagram (a few bytes are the
 * address of mermaid's file, which the renderer names; code would be kilobytes).
 */
const mathBeforeNeeded = [...initial, ...firstUse, ...returning.beforeInteraction].flatMap((file) =>
	file.sources
		.filter(({ group, gzipShare }) => /^npm:(?:katex|mermaid)$/.test(group) && gzipShare > 256)
		.map(({ group, gzipShare }) => `${file.file}: ${group} (${gzipShare} B)`)
);

const report = {
	generatedAt: new Date().toISOString(),
	environment: { node: process.version, chromium: `Chromium ${version}` },
	method:
		"Production build (`vite build`, with source maps for the breakdown; the maps are not loaded by the page), served by `node build`. Every .js response while the chat page loads and settles (network idle + 1.5 s), before any interaction; then every .js response while a first message is sent and answered; then the returning visit: a new page of the same context (IndexedDB kept, HTTP cache disabled through the DevTools protocol, files answered by the service worker counted through the page's resource timing) reopens that conversation, and every .js file it loads until idle (network idle + 1.5 s) with no interaction is counted; 'by first paint' marks the files whose response had ended when the answer's table and code block were first in the DOM (a mutation observer in the page). Sizes: gzip -9 of each file (without its source-map comment), and the bytes the server actually sent with Accept-Encoding: gzip (adapter-node precompressed files). Breakdown: each file's bytes by source (source maps), gzip apportioned by raw share.",
	targetKb: TARGET_KB,
	beforeFirstInteraction: loadSummary(initial),
	onFirstUse: { files: firstUse.length, gzipKb: kb(sum(firstUse, 'gzip')), list: firstUse },
	returningVisit: {
		toFirstPaint: {
			files: returning.toPaint.length,
			gzipKb: kb(sum(returning.toPaint, 'gzip'))
		},
		beforeFirstInteraction: loadSummary(returning.beforeInteraction)
	},
	onFirstMath: {
		files: withMath.length,
		transferredKb: kb(withMath.reduce((total, file) => total + file.transferred, 0)),
		list: withMath
	},
	katexOrMermaidBeforeNeeded: mathBeforeNeeded,
	benchHookInProductionBundle: hookFound
};

const dir = fileURLToPath(new URL('../results/', import.meta.url));
mkdirSync(dir, { recursive: true });
writeFileSync(`${dir}size.json`, `${JSON.stringify(report, null, '\t')}\n`);
const row = (cells: (string | number)[]): string => `| ${cells.join(' | ')} |`;
/** A load's totals, what it is made of, and its files (those to the first paint marked). */
function loadSection(
	summary: ReturnType<typeof loadSummary>,
	painted: ReadonlySet<string> | null = null
): string[] {
	return [
		row(['files', 'gzip KB', 'sent KB', 'raw KB', 'target', 'met']),
		row(['---', '---', '---', '---', '---', '---']),
		row([
			summary.files,
			summary.gzipKb,
			summary.transferredKb,
			summary.rawKb,
			`≤ ${TARGET_KB} KB`,
			summary.met ? 'yes' : 'no'
		]),
		'',
		'What it is made of (gzip KB):',
		'',
		row(['source', 'gzip KB']),
		row(['---', '---']),
		...summary.heaviest.map((entry) => row([entry.group, entry.gzipKb])),
		'',
		'Files:',
		'',
		...(painted === null
			? [
					row(['file', 'raw bytes', 'gzip bytes']),
					row(['---', '---', '---']),
					...summary.list.map((file) => row([file.file, file.bytes, file.gzip]))
				]
			: [
					row(['file', 'raw bytes', 'gzip bytes', 'by first paint', 'mostly']),
					row(['---', '---', '---', '---', '---']),
					...summary.list.map((file) =>
						row([
							file.file,
							file.bytes,
							file.gzip,
							painted.has(file.file) ? 'yes' : 'no',
							file.sources[0]?.group ?? ''
						])
					)
				])
	];
}
const markdown = [
	'# Bundle size benchmark',
	'',
	`${report.environment.chromium}, Node ${report.environment.node}. Generated by \`npm run bench:size\` on ${report.generatedAt}.`,
	'',
	report.method,
	'',
	'## Before the first interaction',
	'',
	row(['visit', 'files', 'gzip KB', 'target', 'met']),
	row(['---', '---', '---', '---', '---']),
	row([
		'first (empty conversation)',
		report.beforeFirstInteraction.files,
		report.beforeFirstInteraction.gzipKb,
		`≤ ${TARGET_KB} KB`,
		report.beforeFirstInteraction.met ? 'yes' : 'no'
	]),
	row([
		'returning (latest conversation reopened: an answer with a table and code)',
		report.returningVisit.beforeFirstInteraction.files,
		report.returningVisit.beforeFirstInteraction.gzipKb,
		`≤ ${TARGET_KB} KB`,
		report.returningVisit.beforeFirstInteraction.met ? 'yes' : 'no'
	]),
	'',
	'### First visit',
	'',
	...loadSection(report.beforeFirstInteraction),
	'',
	'### Returning visit',
	'',
	'A new page of the same browser context (IndexedDB kept, the service worker installed, the HTTP cache',
	'disabled; files the worker answers from its cache counted too). It reopens the latest conversation,',
	`whose answer has a GFM table and a fenced TypeScript block. By its first paint (table and code in`,
	`the DOM): ${report.returningVisit.toFirstPaint.gzipKb} KB gzip in ${report.returningVisit.toFirstPaint.files} files; until the page is idle, before any interaction:`,
	'',
	...loadSection(
		report.returningVisit.beforeFirstInteraction,
		new Set(returning.toPaint.map((file) => file.file))
	),
	'',
	'## Loaded on first use (sending the first message)',
	'',
	row(['file', 'gzip bytes', 'mostly']),
	row(['---', '---', '---']),
	...firstUse.map((file) => row([file.file, file.gzip, file.sources[0]?.group ?? ''])),
	'',
	'## Loaded by the first answer with math and a diagram (`#scenario:math`)',
	'',
	'KaTeX (script, stylesheet, the fonts the formulas use) and, in the sandboxed diagram frame, its',
	'document and mermaid. Before this answer, none of it loads:',
	`${mathBeforeNeeded.length === 0 ? 'no KaTeX or mermaid code' : mathBeforeNeeded.join(', ')} in the files above.`,
	'',
	row(['file', 'sent KB (gzip)']),
	row(['---', '---']),
	...withMath.map((file) => row([file.file, kb(file.transferred)])),
	'',
	`Benchmark hook in the production bundle: ${hookFound.length === 0 ? 'none' : hookFound.join(', ')}.`,
	''
].join('\n');
writeFileSync(`${dir}size.md`, await prettier.format(markdown, { parser: 'markdown' }));
console.log(
	`before first interaction: ${report.beforeFirstInteraction.gzipKb} KB gzip (${report.beforeFirstInteraction.files} files), target ≤ ${TARGET_KB} KB: ${report.beforeFirstInteraction.met ? 'met' : 'MISSED'}; returning visit: ${report.returningVisit.beforeFirstInteraction.gzipKb} KB (${report.returningVisit.toFirstPaint.gzipKb} KB by first paint): ${report.returningVisit.beforeFirstInteraction.met ? 'met' : 'MISSED'}; on first use: +${report.onFirstUse.gzipKb} KB; first answer with math and a diagram: +${report.onFirstMath.transferredKb} KB sent (${report.onFirstMath.files} files); KaTeX or mermaid before that: ${mathBeforeNeeded.length === 0 ? 'none' : mathBeforeNeeded.join(', ')}; bench hook in production: ${hookFound.length === 0 ? 'none' : hookFound.join(', ')}`
);
if (hookFound.length > 0 || mathBeforeNeeded.length > 0) process.exitCode = 1;
