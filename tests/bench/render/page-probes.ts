/**
 * What the benchmark installs in each page before the app starts (as an init script): an
 * animation-frame counter and PerformanceObservers for long tasks and long animation frames (with
 * their attribution: when rendering and style/layout began, and each long script's invoker and
 * source), all recording only between `__benchStats.start()` and `.stop()`. Plain browser code,
 * serialized.
 * @see https://w3c.github.io/long-animation-frames/#sec-PerformanceLongAnimationFrameTiming
 */

/** One script of a long animation frame, as PerformanceScriptTiming reports it. */
export interface LoafScript {
	invoker: string;
	invokerType: string;
	sourceURL: string;
	sourceFunctionName: string;
	sourceCharPosition: number;
	start: number;
	duration: number;
	forcedStyleAndLayout: number;
}

export interface LongFrame {
	start: number;
	duration: number;
	blocking: number;
	/** When the frame's rendering update began (0: the frame did not render). */
	renderStart: number;
	/** When style and layout began, after the animation frame callbacks. */
	styleAndLayoutStart: number;
	scripts: LoafScript[];
}

export interface PageStats {
	frames: number[];
	longTasks: { start: number; duration: number }[];
	longFrames: LongFrame[];
	startedAt: number;
	stoppedAt: number;
}

export function installPageProbes(): void {
	const stats = {
		frames: [] as number[],
		longTasks: [] as { start: number; duration: number }[],
		longFrames: [] as LongFrame[],
		startedAt: 0,
		stoppedAt: 0,
		running: false
	};
	const api = {
		stats,
		start(): void {
			stats.frames = [];
			stats.longTasks = [];
			stats.longFrames = [];
			stats.startedAt = performance.now();
			stats.running = true;
		},
		stop(): void {
			stats.stoppedAt = performance.now();
			stats.running = false;
		}
	};
	(window as unknown as { __benchStats: typeof api }).__benchStats = api;
	const tick = (time: number): void => {
		if (stats.running) stats.frames.push(time);
		requestAnimationFrame(tick);
	};
	requestAnimationFrame(tick);
	new PerformanceObserver((list) => {
		if (!stats.running) return;
		for (const entry of list.getEntries())
			stats.longTasks.push({ start: entry.startTime, duration: entry.duration });
	}).observe({ type: 'longtask' });
	new PerformanceObserver((list) => {
		if (!stats.running) return;
		for (const entry of list.getEntries()) {
			const frame = entry as PerformanceEntry & {
				blockingDuration?: number;
				renderStart?: number;
				styleAndLayoutStart?: number;
				scripts?: (PerformanceEntry & {
					invoker?: string;
					invokerType?: string;
					sourceURL?: string;
					sourceFunctionName?: string;
					sourceCharPosition?: number;
					forcedStyleAndLayoutDuration?: number;
				})[];
			};
			stats.longFrames.push({
				start: entry.startTime,
				duration: entry.duration,
				blocking: frame.blockingDuration ?? 0,
				renderStart: frame.renderStart ?? 0,
				styleAndLayoutStart: frame.styleAndLayoutStart ?? 0,
				scripts: (frame.scripts ?? []).map((script) => ({
					invoker: script.invoker ?? '',
					invokerType: script.invokerType ?? '',
					sourceURL: script.sourceURL ?? '',
					sourceFunctionName: script.sourceFunctionName ?? '',
					sourceCharPosition: script.sourceCharPosition ?? -1,
					start: script.startTime,
					duration: script.duration,
					forcedStyleAndLayout: script.forcedStyleAndLayoutDuration ?? 0
				}))
			});
		}
	}).observe({ type: 'long-animation-frame' });
}

/** CDP `Performance.getMetrics` names read before and after a run (seconds, bytes, counts). */
export const CDP_METRICS = [
	'ScriptDuration',
	'LayoutDuration',
	'RecalcStyleDuration',
	'TaskDuration',
	'JSHeapUsedSize',
	'Nodes'
] as const;
export type CdpMetric = (typeof CDP_METRICS)[number];
