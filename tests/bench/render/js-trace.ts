/**
 * JavaScript time of a run, from a Chromium trace: how long the page's main thread spent inside
 * V8 (running scripts, callbacks and promise reactions, compiling, collecting garbage), and the
 * same for its workers.
 *
 * Why not CDP's `Performance.getMetrics` `ScriptDuration` alone: it counts callbacks (animation
 * frames, timers, events) but not promise reactions run from the microtask queue. A renderer that
 * does its work as each delta arrives — inside the `reader.read()` continuation of the page's
 * stream reader, as streaming-markdown does — shows almost none of it there, while one that works
 * in animation frames shows all of it. Checked on this machine (Chromium 150): 200 ms of busy
 * work in a `ReadableStreamDefaultReader.read()` loop adds 0 ms to `ScriptDuration` (and 210 ms to
 * `TaskDuration`); the same work in `requestAnimationFrame` callbacks adds 202 ms. The trace's
 * `RunMicrotasks` and `v8.callFunction` events see both.
 *
 * What is counted: the union of the intervals of every complete event of the `v8` and
 * `v8.execute` categories on a thread (nested events counted once). Layout or style forced from
 * script falls inside those intervals and is counted as script, as LoAF's script entries do
 * (their forced part is reported on its own in the long-frame table).
 */
import type { CDPSession } from '@playwright/test';

export interface TraceEvent {
	ph: string;
	name: string;
	cat: string;
	pid: number;
	tid: number;
	ts: number;
	dur?: number;
	args?: { name?: string } & Record<string, unknown>;
}

export interface JsTime {
	/** The page's main thread (the busiest `CrRendererMain`), ms. */
	mainMs: number;
	/** The page's dedicated workers together (ours highlights code in one), ms. */
	workerMs: number;
}

const JS_CATEGORIES = ['v8', 'v8.execute'];

/**
 * Starts tracing V8's events, and those of `alongside` categories too; `stop()` ends it, adds up
 * the time (of V8's events only, so that it is the same with or without the others) and gives
 * every event.
 */
export async function startJsTrace(
	cdp: CDPSession,
	alongside: readonly string[] = []
): Promise<{ stop(): Promise<{ js: JsTime; events: TraceEvent[] }> }> {
	const trace = await startTrace(cdp, [...JS_CATEGORIES, ...alongside]);
	return {
		stop: async () => {
			const events = await trace.stop();
			const ofV8 = events.filter(
				(event) =>
					event.ph === 'M' ||
					event.cat.split(',').some((category) => JS_CATEGORIES.includes(category))
			);
			return { js: jsTime(ofV8), events };
		}
	};
}

/** Starts a Chromium trace of `categories` (only those); `stop()` ends it and gives its events. */
export async function startTrace(
	cdp: CDPSession,
	categories: string[]
): Promise<{ stop(): Promise<TraceEvent[]> }> {
	const events: TraceEvent[] = [];
	const collect = ({ value }: { value: object[] }): void => {
		for (const event of value) events.push(event as TraceEvent);
	};
	cdp.on('Tracing.dataCollected', collect);
	await cdp.send('Tracing.start', {
		traceConfig: { includedCategories: categories, excludedCategories: ['*'] },
		transferMode: 'ReportEvents'
	});
	return {
		async stop(): Promise<TraceEvent[]> {
			const complete = new Promise<void>((resolve) =>
				cdp.once('Tracing.tracingComplete', () => resolve())
			);
			await cdp.send('Tracing.end');
			await complete;
			cdp.off('Tracing.dataCollected', collect);
			return events;
		}
	};
}

/** Per thread, the time covered by its V8 events (overlaps once); see the file's comment. */
export function jsTime(events: readonly TraceEvent[]): JsTime {
	const names = new Map<string, string>();
	const intervals = new Map<string, [number, number][]>();
	for (const event of events) {
		const thread = `${event.pid}:${event.tid}`;
		if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name !== undefined)
			names.set(thread, event.args.name);
		else if (event.ph === 'X' && event.dur !== undefined && event.dur > 0) {
			const list = intervals.get(thread) ?? [];
			list.push([event.ts, event.ts + event.dur]);
			intervals.set(thread, list);
		}
	}
	let mainMs = 0;
	let workerMs = 0;
	for (const [thread, list] of intervals) {
		const ms = coveredUs(list) / 1000;
		const name = names.get(thread) ?? '';
		if (name === 'CrRendererMain') mainMs = Math.max(mainMs, ms);
		else if (name.startsWith('DedicatedWorker')) workerMs += ms;
	}
	const round = (value: number): number => Math.round(value * 10) / 10;
	return { mainMs: round(mainMs), workerMs: round(workerMs) };
}

/** The length of the union of `[start, end]` intervals. */
function coveredUs(list: [number, number][]): number {
	list.sort((a, b) => a[0] - b[0]);
	let total = 0;
	let start = -Infinity;
	let end = -Infinity;
	for (const [from, to] of list) {
		if (from > end) {
			if (end > start) total += end - start;
			start = from;
			end = to;
		} else if (to > end) end = to;
	}
	if (end > start) total += end - start;
	return total;
}
