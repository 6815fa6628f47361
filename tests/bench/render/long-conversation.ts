/**
 * A 1,000-message conversation (≈5 MB of markdown) opened in the real chat page through the bench
 * hook (the app keeps conversations in IndexedDB; seeding a store would measure storage, not the
 * page), then scrolled from the latest message to the first. Measured: open → after-paint of the
 * first frame, and of the frame in which the latest answer is fully rendered; long tasks and
 * frames while scrolling, and every long animation frame attributed (loaf.ts: which phase —
 * script, the frame's callbacks, or style, layout and paint — and which scripts), so that a rare
 * slow frame can be traced to its cause. With `traceFrames`, a Chromium trace of the scroll also
 * says what each of those frames styled and laid out (frame-trace.ts); tracing slows the page, so
 * those rounds' counts of long frames are not the benchmark's.
 */
import { loadavg } from 'node:os';
import type { Browser } from '@playwright/test';
import { benchAnswer } from '../../../src/lib/server/demo-gateway/answer.ts';
import {
	FRAME_TRACE_CATEGORIES,
	FRAME_TRACE_MARK,
	frameRenderings,
	renderingLine
} from './frame-trace.ts';
import { startTrace } from './js-trace.ts';
import { attribute, type AttributedFrame } from './loaf.ts';
import type { PageStats } from './page-probes.ts';
import type { SourceLocator } from './source-locator.ts';
import { openBenchPage } from './stream-run.ts';

export interface LongConversationRun {
	messages: number;
	bytes: number;
	firstPaintMs: number;
	latestRenderedMs: number;
	scrollFrames: number;
	scrollMs: number;
	scrollLongTasks: number;
	scrollLongTaskMs: number;
	scrollLongAnimationFrames: number;
	/** Every long animation frame (over 50 ms) while scrolling, attributed. */
	scrollLongFrames: AttributedFrame[];
	/** With `traceFrames`: what each of those frames styled and laid out, one line each. */
	scrollLongFrameRenderings: string[] | null;
	longestScrollFrameGapMs: number;
	reachedFirstMessage: boolean;
	loadAverage: number;
}

/** Scroll speed of the scrolling test. */
const SCROLL_PX_PER_FRAME = 400;

interface SeedMessage {
	id: string;
	conversationId: string;
	seq: number;
	role: 'user' | 'assistant';
	text: string;
	reasoning: string;
	status: 'completed';
	images: never[];
	createdAt: number;
}

/** 1,000 messages: short prompts, and answers of 7–12 KB cut from the benchmark document. */
export function seededConversation(count = 1000): SeedMessage[] {
	const blocks = benchAnswer(64 * 1024).split('\n\n');
	const messages: SeedMessage[] = [];
	let cursor = 0;
	for (let seq = 0; seq < count; seq++) {
		let text: string;
		if (seq % 2 === 0) {
			text = `Question ${seq / 2 + 1}: how does ${blocks[seq % blocks.length]?.slice(0, 200) ?? ''}`;
		} else {
			const target = 7000 + ((seq * 2654435761) % 5000);
			const parts: string[] = [];
			let size = 0;
			while (size < target) {
				const block = blocks[cursor++ % blocks.length] ?? '';
				parts.push(block);
				size += block.length + 2;
			}
			text = parts.join('\n\n');
		}
		messages.push({
			id: `seed-${seq}`,
			conversationId: 'seed',
			seq,
			role: seq % 2 === 0 ? 'user' : 'assistant',
			text,
			reasoning: '',
			status: 'completed',
			images: [],
			createdAt: seq
		});
	}
	return messages;
}

interface BenchWindow {
	__benchStats: { start(): void; stop(): void; stats: PageStats };
	__switchboardBench: { open?: (messages: SeedMessage[]) => void };
}

export async function longConversationRun(
	browser: Browser,
	url: string,
	locator: SourceLocator | null,
	{ traceFrames = false }: { traceFrames?: boolean } = {}
): Promise<LongConversationRun> {
	const messages = seededConversation();
	const bytes = messages.reduce((sum, message) => sum + Buffer.byteLength(message.text), 0);
	const { context, page, cdp } = await openBenchPage(browser, url, 'ours');
	try {
		// The message list (which the bench hook shows the seeded conversation in) is there only once
		// the conversation has a message: one short answer first.
		const composer = page.getByRole('textbox', { name: 'Message' });
		await composer.fill('Hello #scenario:instant');
		await composer.press('Enter');
		await page
			.locator('[data-role="assistant"][data-turn-status="completed"] .answer-text[data-rendered]')
			.waitFor({ state: 'attached', timeout: 60_000 });
		const open = await page.evaluate(async (seed) => {
			const w = window as unknown as BenchWindow;
			const afterPaint = (): Promise<number> =>
				new Promise((resolve) =>
					requestAnimationFrame(() => {
						const channel = new MessageChannel();
						channel.port1.onmessage = () => resolve(performance.now());
						channel.port2.postMessage(0);
					})
				);
			const latestRendered = (): boolean => {
				const questions = document.querySelectorAll('[data-role="user"]');
				const answers = document.querySelectorAll('[data-role="assistant"]');
				return (
					(questions[questions.length - 1]?.textContent ?? '').includes(
						`Question ${seed.length / 2}:`
					) && answers[answers.length - 1]?.querySelector('.answer-text[data-rendered]') != null
				);
			};
			const openSeeded = w.__switchboardBench.open;
			if (openSeeded === undefined) throw new Error('the bench hook cannot open a conversation');
			const started = performance.now();
			openSeeded(seed);
			const firstPaint = (await afterPaint()) - started;
			let latest = firstPaint;
			while (!latestRendered() && latest < 10_000) latest = (await afterPaint()) - started;
			return { firstPaint, latest };
		}, messages);
		const trace = traceFrames ? await startTrace(cdp, FRAME_TRACE_CATEGORIES) : null;
		const scrollStart = await page.evaluate((mark) => {
			(window as unknown as BenchWindow).__benchStats.start();
			return performance.mark(mark).startTime;
		}, FRAME_TRACE_MARK);
		const scroll = await page.evaluate(async (SCROLL_PX_PER_FRAME) => {
			const main = document.querySelector<HTMLElement>('[data-follow-stream]');
			if (main === null) return { frames: 0, ms: 0, reached: false };
			const started = performance.now();
			const atFirst = (): boolean =>
				main.scrollTop === 0 &&
				(document.querySelector('[data-role="user"]')?.textContent ?? '').includes('Question 1:');
			let frames = 0;
			// A fast, steady scroll up (24,000 px/s, a hard fling held), until the first message. Each
			// step is the person's: a wheel event, then the scroll (the page follows the stream
			// unless the person scrolls, and tells by their input).
			while (frames < 10_000 && !atFirst()) {
				await new Promise((resolve) => requestAnimationFrame(resolve));
				frames++;
				main.dispatchEvent(new WheelEvent('wheel', { deltaY: -SCROLL_PX_PER_FRAME }));
				main.scrollBy(0, -SCROLL_PX_PER_FRAME);
			}
			return { frames, ms: performance.now() - started, reached: atFirst() };
		}, SCROLL_PX_PER_FRAME);
		await page.evaluate(() => (window as unknown as BenchWindow).__benchStats.stop());
		const stats = await page.evaluate(() => (window as unknown as BenchWindow).__benchStats.stats);
		const traced = trace === null ? null : await trace.stop();
		const gaps = stats.frames.slice(1).map((time, index) => time - (stats.frames[index] ?? time));
		const round = (value: number): number => Math.round(value * 10) / 10;
		return {
			messages: messages.length,
			bytes,
			firstPaintMs: round(open.firstPaint),
			latestRenderedMs: round(open.latest),
			scrollFrames: scroll.frames,
			scrollMs: Math.round(scroll.ms),
			scrollLongTasks: stats.longTasks.length,
			scrollLongTaskMs: round(stats.longTasks.reduce((sum, task) => sum + task.duration, 0)),
			scrollLongAnimationFrames: stats.longFrames.length,
			scrollLongFrames: stats.longFrames.map((frame) => attribute(frame, scrollStart, locator)),
			scrollLongFrameRenderings:
				traced === null
					? null
					: frameRenderings(traced, scrollStart, stats.longFrames).map(renderingLine),
			longestScrollFrameGapMs: round(Math.max(0, ...gaps)),
			reachedFirstMessage: scroll.reached,
			loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100
		};
	} finally {
		await context.close();
	}
}

/**
 * The fling's rounds as markdown (`--fling-only`): per run, long tasks, long animation frames
 * and the longest gap between frames; then every frame over 50 ms, attributed.
 */
export function flingSummary(runs: readonly LongConversationRun[], label: string): string {
	const traced = runs.some((run) => run.scrollLongFrameRenderings !== null);
	const lines = [
		`## ${label} (${new Date().toISOString()})`,
		'',
		'| run | scroll frames | long tasks | long tasks ms | LoAF | max frame gap ms | reached the first | load |',
		'| --- | ------------- | ---------- | ------------- | ---- | ---------------- | ----------------- | ---- |',
		...runs.map(
			(run, index) =>
				`| ${index + 1} | ${run.scrollFrames} | ${run.scrollLongTasks} | ${run.scrollLongTaskMs} | ${run.scrollLongAnimationFrames} | ${run.longestScrollFrameGapMs} | ${run.reachedFirstMessage ? 'yes' : 'no'} | ${run.loadAverage} |`
		),
		'',
		`| run | at ms | ms | tasks ms | frame callbacks ms | style/layout/paint ms | forced layout ms | scripts over 5 ms |${traced ? ' in the trace (ms) |' : ''}`,
		`| --- | ----- | -- | -------- | ------------------ | --------------------- | ---------------- | ----------------- |${traced ? ' --- |' : ''}`,
		...runs.flatMap((run, index) =>
			run.scrollLongFrames.map((frame, frameIndex) => {
				const scripts = frame.scripts
					.filter((script) => script.ms >= 5)
					.map((script) => `${script.what}: ${script.ms} ms`)
					.join('; ');
				const rendering = traced ? ` ${run.scrollLongFrameRenderings?.[frameIndex] ?? '—'} |` : '';
				return `| ${index + 1} | ${frame.atMs} | ${frame.durationMs} | ${frame.tasksMs} | ${frame.frameCallbacksMs} | ${frame.styleLayoutPaintMs} | ${frame.forcedLayoutMs} | ${scripts === '' ? '—' : scripts} |${rendering}`;
			})
		),
		''
	];
	return lines.join('\n');
}
