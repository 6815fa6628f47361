/**
 * One streamed answer in a fresh browser context: the real chat page sends
 * `#scenario:bench:<KB>_<tokens/s>[_llm]`, the demo gateway streams the fixed document at that
 * rate, and the page renders it with ours or a peer. Measured between the first and the last
 * arrival: animation frames, long tasks and long animation frames (attributed), JavaScript time
 * from a trace (js-trace.ts), CDP script/layout/style time, heap and DOM nodes kept after a forced GC, and arrival → after-paint
 * latency (latency.ts). Optionally a CPU profile of the run.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, CDPSession, Page } from '@playwright/test';
import type { BenchRenderer } from '../../../src/lib/render/bench/hook.svelte.ts';
import { benchAnswer } from '../../../src/lib/server/demo-gateway/answer.ts';
import { BENCH_BYTES_PER_TOKEN } from '../../../src/lib/server/demo-gateway/bench-pacing.ts';
import { longBenchAnswer } from '../../../src/lib/server/demo-gateway/long-answer.ts';
import { latencies, percentile, type ProbeRecord } from './latency.ts';
import { FRAME_ANATOMY_CATEGORIES, frameAnatomy, type FrameAnatomy } from './frame-anatomy.ts';
import { startJsTrace, type JsTime } from './js-trace.ts';
import { attribute, type AttributedFrame } from './loaf.ts';
import { CDP_METRICS, installPageProbes, type CdpMetric, type PageStats } from './page-probes.ts';
import type { CpuProfile } from './profile.ts';
import type { SourceLocator } from './source-locator.ts';

const require = createRequire(import.meta.url);
// marked exports only its ESM entry; its UMD build (which sets `window.marked`) sits beside it.
const MARKED = path.join(path.dirname(require.resolve('marked/package.json')), 'lib/marked.umd.js');
const DOMPURIFY = require.resolve('dompurify/dist/purify.min.js');
// streaming-markdown exports only its ESM entry (smd.js); its minified build sits beside it.
const STREAMING_MARKDOWN = path.join(
	path.dirname(fileURLToPath(import.meta.resolve('streaming-markdown'))),
	'smd.min.js'
);
const FRAME_MS = 1000 / 60;

export type Renderer = BenchRenderer;

/** An answer to stream: the benchmark's mixed document, or the long model-shaped one. */
export interface AnswerCase {
	shape: 'bench' | 'llm';
	kb: number;
	tokensPerSecond: number;
	/**
	 * Sent as the page opens: the prompt put in whole (no key pressed) and sent five frames later,
	 * while the page is still busy opening. Otherwise it is typed, key by key (TYPING_DELAY_MS).
	 */
	sentOnOpen?: boolean;
}

/**
 * Between two keys of the typed prompt: faster than any person types (80 words a minute is about
 * 150 ms a key), so the page gets less time before the send than a person's prompt would give it.
 */
export const TYPING_DELAY_MS = 60;

export function answerLabel({ shape, kb }: Pick<AnswerCase, 'shape' | 'kb'>): string {
	return shape === 'llm' ? `${kb} KB llm` : `${kb} KB`;
}

export function caseLabel(answer: AnswerCase): string {
	const sent = answer.sentOnOpen === true ? ', sent as the page opens' : '';
	return `${answerLabel(answer)} @ ${answer.tokensPerSecond / 1000}k tok/s${sent}`;
}

const answers = new Map<string, string>();

/** The text the demo gateway streams for `answer` (the same generators). */
export function answerText({ shape, kb }: Pick<AnswerCase, 'shape' | 'kb'>): string {
	const key = `${shape} ${kb}`;
	let text = answers.get(key);
	if (text === undefined) {
		text = shape === 'llm' ? longBenchAnswer(kb * 1024) : benchAnswer(kb * 1024);
		answers.set(key, text);
	}
	return text;
}

export interface StreamRun extends AnswerCase {
	renderer: Renderer;
	/** First to last arrival. */
	streamMs: number;
	bytes: number;
	/** The rate the page saw (bytes of 3.15-byte tokens over first → last arrival). */
	measuredTokensPerSecond: number;
	frames: number;
	expectedFrames: number;
	frameShare: number;
	longestFrameGapMs: number;
	longTasks: number;
	longTaskMs: number;
	longAnimationFrames: number;
	/** CDP `ScriptDuration`: blind to promise reactions (js-trace.ts), kept for comparison. */
	scriptMs: number;
	/** JavaScript on the page's main thread, from a trace (js-trace.ts): the script measure. */
	jsMs: number;
	/** JavaScript in the page's workers (ours highlights there), from the same trace. */
	workerJsMs: number;
	layoutMs: number;
	styleMs: number;
	taskMs: number;
	/** JS heap kept after the answer, a GC before and after (MB). */
	heapMb: number;
	/** DOM nodes added by the answer. */
	domNodes: number;
	/** Arrival → paint from each token's due time (latency.ts), per token. */
	latencyP50Ms: number;
	latencyP95Ms: number;
	/** The old measure: from each delta's hand-over to the renderer, per delta. */
	handedOverP50Ms: number;
	handedOverP95Ms: number;
	/** How late the page handed deltas over, against when they were due. */
	handOverLagP95Ms: number;
	tokens: number;
	/** Characters of text the rendered answer shows (a check that the renderer rendered). */
	renderedChars: number;
	/** The machine's 1-minute load average after the run (other work skews a shared machine). */
	loadAverage: number;
	/** Every long animation frame from the first arrival until rendered, attributed. */
	longFrames: AttributedFrame[];
}

interface PageData {
	probe: ProbeRecord;
	stats: PageStats;
	renderedChars: number;
}

interface BenchWindow {
	__benchStats: { start(): void; stop(): void; stats: PageStats };
	__switchboardBench: { probe?: ProbeRecord };
}

async function metrics(cdp: CDPSession): Promise<Record<CdpMetric, number>> {
	const { metrics: list } = await cdp.send('Performance.getMetrics');
	const out = Object.fromEntries(CDP_METRICS.map((name) => [name, 0])) as Record<CdpMetric, number>;
	for (const { name, value } of list) if (name in out) out[name as CdpMetric] = value;
	return out;
}

/**
 * streaming-markdown ships ES modules only (`smd.min.js` ends in one `export{…}`): the same code
 * as a classic script that sets `window.smd`, for an init script.
 */
function streamingMarkdownScript(): string {
	const module = readFileSync(STREAMING_MARKDOWN, 'utf8');
	const exported = /export\s*\{([^}]*)\};?\s*$/.exec(module);
	if (exported === null) throw new Error('smd.min.js: no export list at its end');
	const entries = (exported[1] ?? '').split(',').map((part) => {
		const [local, name = local] = part.trim().split(/\s+as\s+/);
		return `${name}:${local}`;
	});
	return `(()=>{${module.slice(0, exported.index)};window.smd={${entries.join(',')}};})();`;
}

/** Opens the chat with the benchmark hook configured for `renderer`; waits for the demo model. */
export async function openBenchPage(browser: Browser, url: string, renderer: Renderer) {
	const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
	const page = await context.newPage();
	// tsx compiles this file with esbuild's keepNames, whose `__name` helper the functions sent to
	// the page would call: give the page a no-op one.
	await page.addInitScript('globalThis.__name = (target) => target;');
	await page.addInitScript(installPageProbes);
	await page.addInitScript((name) => {
		(window as unknown as { __switchboardBench: object }).__switchboardBench = { renderer: name };
	}, renderer);
	if (renderer === 'marked-naive' || renderer === 'marked-blocks') {
		await page.addInitScript({ path: MARKED });
		await page.addInitScript({ path: DOMPURIFY });
	}
	if (renderer === 'streaming-markdown') await page.addInitScript(streamingMarkdownScript());
	const cdp = await context.newCDPSession(page);
	await cdp.send('Performance.enable');
	await page.goto(url);
	const model = page.getByRole('combobox', { name: 'Model', exact: true });
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

export interface StreamRunOptions {
	locator: SourceLocator | null;
	/** Record a CPU profile of the run (the run's timings are then not comparable). */
	profile?: boolean;
	/**
	 * Trace the rendering too, and say where each frame's time went (frame-anatomy.ts). Tracing
	 * slows the page a little: such a run's numbers stay out of render.json.
	 */
	frames?: boolean;
}

export async function streamRun(
	browser: Browser,
	url: string,
	renderer: Renderer,
	answer: AnswerCase,
	options: StreamRunOptions
): Promise<{ run: StreamRun; profile: CpuProfile | null; frames: FrameAnatomy | null }> {
	const { context, page, cdp } = await openBenchPage(browser, url, renderer);
	try {
		const composer = page.getByRole('textbox', { name: 'Message' });
		const shape = answer.shape === 'llm' ? '_llm' : '';
		const prompt = `#scenario:bench:${answer.kb}_${answer.tokensPerSecond}${shape}`;
		if (answer.sentOnOpen === true) await composer.fill(prompt);
		else await composer.pressSequentially(prompt, { delay: TYPING_DELAY_MS });
		await afterFrames(page, 5);
		await cdp.send('HeapProfiler.collectGarbage');
		const before = await metrics(cdp);
		if (options.profile === true) {
			await cdp.send('Profiler.enable');
			await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
			await cdp.send('Profiler.start');
		}
		const trace = await startJsTrace(cdp, options.frames === true ? FRAME_ANATOMY_CATEGORIES : []);
		await page.evaluate(() => (window as unknown as BenchWindow).__benchStats.start());
		await composer.press('Enter');
		await page
			.locator('[data-role="assistant"][data-turn-status="completed"] .answer-text[data-rendered]')
			.waitFor({ state: 'attached', timeout: 300_000 });
		await afterFrames(page, 3);
		await page.evaluate(() => (window as unknown as BenchWindow).__benchStats.stop());
		const { js, events } = await trace.stop();
		const profile =
			options.profile === true
				? ((await cdp.send('Profiler.stop')).profile as unknown as CpuProfile)
				: null;
		const timed = await metrics(cdp);
		await cdp.send('HeapProfiler.collectGarbage');
		const after = await metrics(cdp);
		const data = await page.evaluate((): PageData => {
			const w = window as unknown as BenchWindow;
			const probe = w.__switchboardBench.probe;
			return {
				probe: { arrivals: probe?.arrivals ?? [], paints: probe?.paints ?? [] },
				stats: w.__benchStats.stats,
				renderedChars: document.querySelector('.answer-text')?.textContent?.length ?? 0
			};
		});
		const run = summarize(
			renderer,
			answer,
			data,
			js,
			before,
			{ ...timed, JSHeapUsedSize: after.JSHeapUsedSize, Nodes: after.Nodes },
			options.locator
		);
		return { run, profile, frames: options.frames === true ? frameAnatomy(events) : null };
	} finally {
		await context.close();
	}
}

function summarize(
	renderer: Renderer,
	answer: AnswerCase,
	data: PageData,
	js: JsTime,
	before: Record<CdpMetric, number>,
	after: Record<CdpMetric, number>,
	locator: SourceLocator | null
): StreamRun {
	const text = answerText(answer);
	const measured = latencies(data.probe, text, answer.tokensPerSecond);
	const { firstArrival: first, lastArrival: last } = measured;
	const { stats } = data;
	const inStream = (time: number): boolean => time >= first && time <= last;
	const frames = stats.frames.filter(inStream);
	const gaps = frames.slice(1).map((time, index) => time - (frames[index] ?? time));
	const longTasks = stats.longTasks.filter((task) => task.start + task.duration >= first);
	const longFrames = stats.longFrames.filter((frame) => frame.start + frame.duration >= first);
	const streamMs = last - first;
	const bytes = Buffer.byteLength(text);
	const ms = (metric: CdpMetric): number => Math.round((after[metric] - before[metric]) * 1e4) / 10;
	const round = (value: number): number => Math.round(value * 10) / 10;
	return {
		renderer,
		...answer,
		streamMs: Math.round(streamMs),
		bytes,
		measuredTokensPerSecond: Math.round(bytes / BENCH_BYTES_PER_TOKEN / (streamMs / 1000)),
		frames: frames.length,
		expectedFrames: Math.round(streamMs / FRAME_MS),
		frameShare: Math.round((frames.length / (streamMs / FRAME_MS)) * 1000) / 1000,
		longestFrameGapMs: round(Math.max(0, ...gaps)),
		longTasks: longTasks.length,
		longTaskMs: round(longTasks.reduce((sum, task) => sum + task.duration, 0)),
		longAnimationFrames: longFrames.length,
		scriptMs: ms('ScriptDuration'),
		jsMs: js.mainMs,
		workerJsMs: js.workerMs,
		layoutMs: ms('LayoutDuration'),
		styleMs: ms('RecalcStyleDuration'),
		taskMs: ms('TaskDuration'),
		heapMb: Math.round((after.JSHeapUsedSize - before.JSHeapUsedSize) / 1e5) / 10,
		domNodes: after.Nodes - before.Nodes,
		latencyP50Ms: round(percentile(measured.ideal, 50)),
		latencyP95Ms: round(percentile(measured.ideal, 95)),
		handedOverP50Ms: round(percentile(measured.handedOver, 50)),
		handedOverP95Ms: round(percentile(measured.handedOver, 95)),
		handOverLagP95Ms: round(percentile(measured.handOverLag, 95)),
		tokens: measured.ideal.length,
		renderedChars: data.renderedChars,
		loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
		longFrames: longFrames.map((frame) => attribute(frame, first, locator))
	};
}
