/**
 * One streamed answer in a fresh browser context: the real chat page sends
 * `#scenario:bench:<KB>`, the demo gateway streams the fixed document at 3,000 tokens/s, and the
 * page renders it with our renderer or the naive baseline. Measured between the first and the last
 * arrival: animation frames, long tasks and long animation frames, CDP script/layout/style time,
 * and arrival → after-paint latency per delta.
 */
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { CDP_METRICS, installPageProbes, type CdpMetric, type PageStats } from './page-probes.ts';

const require = createRequire(import.meta.url);
// marked exports only its ESM entry; its UMD build (which sets `window.marked`) sits beside it.
const MARKED = path.join(path.dirname(require.resolve('marked/package.json')), 'lib/marked.umd.js');
const DOMPURIFY = require.resolve('dompurify/dist/purify.min.js');
const FRAME_MS = 1000 / 60;

/** `none`: no renderer at all, the page's own cost (wire, state, storage) to subtract. */
export type Variant = 'ours' | 'baseline' | 'none';

export interface StreamRun {
	variant: Variant;
	kb: number;
	/** First to last arrival. */
	streamMs: number;
	bytes: number;
	tokensPerSecond: number;
	frames: number;
	expectedFrames: number;
	frameShare: number;
	longestFrameGapMs: number;
	longTasks: number;
	longTaskMs: number;
	longAnimationFrames: number;
	/** What ran in the long animation frames (invoker, function, duration), for diagnosis. */
	longFrameScripts: string[];
	scriptMs: number;
	layoutMs: number;
	styleMs: number;
	taskMs: number;
	latencyP50Ms: number;
	latencyP95Ms: number;
	latencies: number;
	/** The machine's 1-minute load average after the run (other work skews a shared machine). */
	loadAverage: number;
}

interface ProbeData {
	latencies: number[];
	firstArrival: number;
	lastArrival: number;
	stats: PageStats;
	textLength: number;
}

export function percentile(values: readonly number[], p: number): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function metrics(cdp: CDPSession): Promise<Record<CdpMetric, number>> {
	const { metrics: list } = await cdp.send('Performance.getMetrics');
	const out = Object.fromEntries(CDP_METRICS.map((name) => [name, 0])) as Record<CdpMetric, number>;
	for (const { name, value } of list) if (name in out) out[name as CdpMetric] = value;
	return out;
}

/** Opens the chat with the benchmark hook configured for `variant`; waits for the demo model. */
export async function openBenchPage(browser: Browser, url: string, variant: Variant) {
	const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
	const page = await context.newPage();
	// tsx compiles this file with esbuild's keepNames, whose `__name` helper the functions sent to
	// the page would call: give the page a no-op one.
	await page.addInitScript('globalThis.__name = (target) => target;');
	await page.addInitScript(installPageProbes);
	await page.addInitScript((renderer) => {
		(window as unknown as { __switchboardBench: object }).__switchboardBench = { renderer };
	}, variant);
	if (variant === 'baseline') {
		await page.addInitScript({ path: MARKED });
		await page.addInitScript({ path: DOMPURIFY });
	}
	const cdp = await context.newCDPSession(page);
	await cdp.send('Performance.enable');
	await page.goto(url);
	const model = page.getByRole('combobox', { name: 'Model' });
	for (let i = 0; i < 100 && (await model.inputValue().catch(() => '')) !== 'demo'; i++)
		await page.waitForTimeout(50);
	return { context, page, cdp };
}

async function afterFrames(page: Page, count: number): Promise<void> {
	await page.evaluate(
		(n) =>
			new Promise<void>((resolve) => {
				const step = (left: number): void => {
					if (left === 0) resolve();
					else requestAnimationFrame(() => step(left - 1));
				};
				step(n);
			}),
		count
	);
}

export async function streamRun(
	browser: Browser,
	url: string,
	variant: Variant,
	kb: number
): Promise<StreamRun> {
	const { context, page, cdp } = await openBenchPage(browser, url, variant);
	try {
		const composer = page.getByRole('textbox', { name: 'Message' });
		await composer.fill(`#scenario:bench:${kb}`);
		await afterFrames(page, 5);
		const before = await metrics(cdp);
		await page.evaluate(() => (window as unknown as BenchWindow).__benchStats.start());
		await composer.press('Enter');
		await page
			.locator('[data-role="assistant"][data-turn-status="completed"] .answer-text[data-rendered]')
			.waitFor({ state: 'attached', timeout: 180_000 });
		await afterFrames(page, 3);
		await page.evaluate(() => (window as unknown as BenchWindow).__benchStats.stop());
		const after = await metrics(cdp);
		const data = await page.evaluate((): ProbeData => {
			const w = window as unknown as BenchWindow;
			const probe = w.__switchboardBench.probe;
			return {
				latencies: probe?.latencies ?? [],
				firstArrival: probe?.firstArrival ?? 0,
				lastArrival: probe?.lastArrival ?? 0,
				stats: w.__benchStats.stats,
				textLength: document.querySelector('.answer-text')?.textContent?.length ?? 0
			};
		});
		return summarize(variant, kb, data, before, after);
	} finally {
		await context.close();
	}
}

interface BenchWindow {
	__benchStats: { start(): void; stop(): void; stats: PageStats };
	__switchboardBench: {
		probe?: { latencies: number[]; firstArrival: number; lastArrival: number };
	};
}

function summarize(
	variant: Variant,
	kb: number,
	data: ProbeData,
	before: Record<CdpMetric, number>,
	after: Record<CdpMetric, number>
): StreamRun {
	const { firstArrival: first, lastArrival: last, stats } = data;
	const inStream = (time: number): boolean => time >= first && time <= last;
	const frames = stats.frames.filter(inStream);
	const gaps = frames.slice(1).map((time, index) => time - (frames[index] ?? time));
	const longTasks = stats.longTasks.filter((task) => task.start + task.duration >= first);
	const longFrames = stats.longFrames.filter((frame) => frame.start + frame.duration >= first);
	const streamMs = last - first;
	const bytes = kb * 1024;
	const ms = (metric: CdpMetric): number => Math.round((after[metric] - before[metric]) * 1e4) / 10;
	const round = (value: number): number => Math.round(value * 10) / 10;
	return {
		variant,
		kb,
		streamMs: Math.round(streamMs),
		bytes,
		tokensPerSecond: Math.round(bytes / 3.15 / (streamMs / 1000)),
		frames: frames.length,
		expectedFrames: Math.round(streamMs / FRAME_MS),
		frameShare: Math.round((frames.length / (streamMs / FRAME_MS)) * 1000) / 1000,
		longestFrameGapMs: round(Math.max(0, ...gaps)),
		longTasks: longTasks.length,
		longTaskMs: round(longTasks.reduce((sum, task) => sum + task.duration, 0)),
		longAnimationFrames: longFrames.length,
		longFrameScripts: longFrames.flatMap((frame) => [
			`frame ${Math.round(frame.duration)}ms at +${Math.round(frame.start - first)}ms`,
			...frame.scripts
		]),
		scriptMs: ms('ScriptDuration'),
		layoutMs: ms('LayoutDuration'),
		styleMs: ms('RecalcStyleDuration'),
		taskMs: ms('TaskDuration'),
		latencyP50Ms: round(percentile(data.latencies, 50)),
		latencyP95Ms: round(percentile(data.latencies, 95)),
		latencies: data.latencies.length,
		loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100
	};
}
