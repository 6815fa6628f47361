/**
 * What the benchmark installs in each page before the app starts (as an init script): an
 * animation-frame counter and PerformanceObservers for long tasks and long animation frames, all
 * recording only between `__benchStats.start()` and `.stop()`. Plain browser code, serialized.
 */
export interface PageStats {
	frames: number[];
	longTasks: { start: number; duration: number }[];
	longFrames: { start: number; duration: number; blocking: number; scripts: string[] }[];
	startedAt: number;
	stoppedAt: number;
}

export function installPageProbes(): void {
	const stats = {
		frames: [] as number[],
		longTasks: [] as { start: number; duration: number }[],
		longFrames: [] as { start: number; duration: number; blocking: number; scripts: string[] }[],
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
				scripts?: { invoker: string; sourceFunctionName: string; duration: number }[];
			};
			stats.longFrames.push({
				start: entry.startTime,
				duration: entry.duration,
				blocking: frame.blockingDuration ?? 0,
				// Which scripts ran long in the frame, to find the cause of a long frame.
				scripts: (frame.scripts ?? [])
					.filter((script) => script.duration > 5)
					.map(
						(script) =>
							`${script.invoker} ${script.sourceFunctionName} ${Math.round(script.duration)}ms`
					)
			});
		}
	}).observe({ type: 'long-animation-frame' });
}

/** CDP `Performance.getMetrics` names read before and after a run (seconds). */
export const CDP_METRICS = [
	'ScriptDuration',
	'LayoutDuration',
	'RecalcStyleDuration',
	'TaskDuration'
] as const;
export type CdpMetric = (typeof CDP_METRICS)[number];
