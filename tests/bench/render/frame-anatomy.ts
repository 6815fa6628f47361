/**
 * Where a streaming frame's time goes, from a Chromium trace of the `devtools.timeline` category:
 * the p95 arrival → paint target is about the work between a frame's animation frame callbacks
 * and the end of its commit, since a token shown in a frame is painted only once all of it is
 * done. A frame here runs from the first `FireAnimationFrame` after the previous frame's `Commit`
 * to the end of its own `Commit`, on the page's main thread; its time is split by phase with each
 * event's self time (nested events counted once, under the innermost), so that the phases add up
 * to the time the thread was busy in the frame.
 */
import type { TraceEvent } from './js-trace.ts';

/**
 * The trace's categories this module reads (with `v8`, for the script inside callbacks): the
 * rendering update's phases after style and layout (`PrePaint`, `Paint`, `Layerize`, `Commit`)
 * are in the disabled-by-default one.
 */
export const FRAME_ANATOMY_CATEGORIES = [
	'devtools.timeline',
	'disabled-by-default-devtools.timeline'
];

export type FramePhase =
	| 'script'
	| 'style'
	| 'layout'
	| 'observers'
	| 'prepaint'
	| 'paint'
	| 'layerize'
	| 'commit'
	| 'other';

export const FRAME_PHASES: readonly FramePhase[] = [
	'script',
	'style',
	'layout',
	'observers',
	'prepaint',
	'paint',
	'layerize',
	'commit',
	'other'
];

const PHASE_OF: Record<string, FramePhase> = {
	UpdateLayoutTree: 'style',
	Layout: 'layout',
	'IntersectionObserverController::computeIntersections': 'observers',
	PrePaint: 'prepaint',
	Paint: 'paint',
	Layerize: 'layerize',
	Commit: 'commit'
};

/** Script: callbacks, microtasks, V8's own events (compiling, collecting garbage). */
function phaseOf(event: TraceEvent): FramePhase {
	const named = PHASE_OF[event.name];
	if (named !== undefined) return named;
	const categories = event.cat.split(',');
	if (categories.some((category) => category === 'v8' || category === 'v8.execute'))
		return 'script';
	if (/^(FireAnimationFrame|FunctionCall|RunMicrotasks|EventDispatch|TimerFire)$/.test(event.name))
		return 'script';
	return 'other';
}

export interface FrameAnatomy {
	frames: number;
	/** Callbacks → end of commit, ms. */
	p50Ms: number;
	p95Ms: number;
	maxMs: number;
	/** Mean ms per frame by phase, over every frame and over the slowest tenth. */
	meanMs: Record<FramePhase, number>;
	slowestTenthMs: Record<FramePhase, number>;
	/** Mean per frame: elements styled, layout objects laid out (of the page's, at most). */
	styledElements: number;
	laidOutObjects: number;
	pageObjects: number;
}

interface Frame {
	start: number;
	end: number;
	phases: Record<FramePhase, number>;
	styled: number;
	laidOut: number;
}

interface LayoutArgs {
	beginData?: { dirtyObjects?: number; totalObjects?: number };
}

const emptyPhases = (): Record<FramePhase, number> =>
	Object.fromEntries(FRAME_PHASES.map((phase) => [phase, 0])) as Record<FramePhase, number>;

/** The page's main thread: the `CrRendererMain` with the most events. */
function mainThread(events: readonly TraceEvent[]): string | null {
	const names = new Map<string, string>();
	const counts = new Map<string, number>();
	for (const event of events) {
		const thread = `${event.pid}:${event.tid}`;
		if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name !== undefined)
			names.set(thread, event.args.name);
		else if (event.ph === 'X') counts.set(thread, (counts.get(thread) ?? 0) + 1);
	}
	let best: string | null = null;
	for (const [thread, count] of counts)
		if (names.get(thread) === 'CrRendererMain' && count > (counts.get(best ?? '') ?? 0))
			best = thread;
	return best;
}

/** Self time of each event (its duration less its children's), in trace order. */
function selfTimes(slices: readonly TraceEvent[]): { event: TraceEvent; self: number }[] {
	const sorted = [...slices].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
	const out: { event: TraceEvent; self: number; end: number }[] = [];
	const open: { event: TraceEvent; self: number; end: number }[] = [];
	for (const event of sorted) {
		const end = event.ts + (event.dur ?? 0);
		while (open.length > 0 && (open.at(-1)?.end ?? 0) <= event.ts) open.pop();
		const parent = open.at(-1);
		if (parent !== undefined) parent.self -= Math.min(end, parent.end) - event.ts;
		const entry = { event, self: event.dur ?? 0, end };
		out.push(entry);
		open.push(entry);
	}
	return out;
}

function sum(frames: readonly Frame[], of: (frame: Frame) => number): number {
	return frames.reduce((total, frame) => total + of(frame), 0);
}

function percentile(sorted: readonly number[], share: number): number {
	return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

function meanOf(frames: readonly Frame[]): Record<FramePhase, number> {
	const mean = emptyPhases();
	for (const frame of frames) for (const phase of FRAME_PHASES) mean[phase] += frame.phases[phase];
	for (const phase of FRAME_PHASES)
		mean[phase] = Math.round((mean[phase] / Math.max(1, frames.length) / 1000) * 100) / 100;
	return mean;
}

/** The frames of a trace, or null when it has no main thread. */
export function frameAnatomy(events: readonly TraceEvent[]): FrameAnatomy | null {
	const main = mainThread(events);
	if (main === null) return null;
	const slices = events.filter(
		(event) => event.ph === 'X' && event.dur !== undefined && `${event.pid}:${event.tid}` === main
	);
	const frames: Frame[] = [];
	let current: Frame | null = null;
	let pageObjects = 0;
	for (const { event, self } of selfTimes(slices)) {
		if (event.name === 'Layout') {
			const total = (event.args as LayoutArgs | undefined)?.beginData?.totalObjects ?? 0;
			pageObjects = Math.max(pageObjects, total);
		}
		if (current === null && event.name === 'FireAnimationFrame')
			current = { start: event.ts, end: event.ts, phases: emptyPhases(), styled: 0, laidOut: 0 };
		if (current === null) continue;
		current.phases[phaseOf(event)] += self;
		if (event.name === 'UpdateLayoutTree') {
			const count = event.args?.['elementCount'];
			if (typeof count === 'number') current.styled += count;
		} else if (event.name === 'Layout')
			current.laidOut += (event.args as LayoutArgs | undefined)?.beginData?.dirtyObjects ?? 0;
		if (event.name === 'Commit') {
			current.end = event.ts + (event.dur ?? 0);
			frames.push(current);
			current = null;
		}
	}
	const durations = frames.map((frame) => (frame.end - frame.start) / 1000).sort((a, b) => a - b);
	const slowest = [...frames]
		.sort((a, b) => b.end - b.start - (a.end - a.start))
		.slice(0, Math.max(1, Math.round(frames.length / 10)));
	const round = (value: number): number => Math.round(value * 100) / 100;
	return {
		frames: frames.length,
		p50Ms: round(percentile(durations, 0.5)),
		p95Ms: round(percentile(durations, 0.95)),
		maxMs: round(durations.at(-1) ?? 0),
		meanMs: meanOf(frames),
		slowestTenthMs: meanOf(slowest),
		styledElements: Math.round(sum(frames, (frame) => frame.styled) / Math.max(1, frames.length)),
		laidOutObjects: Math.round(sum(frames, (frame) => frame.laidOut) / Math.max(1, frames.length)),
		pageObjects
	};
}

/** One traced run's frames, for the report. */
export interface AnatomyRow {
	answer: string;
	renderer: string;
	/** The run's p95 arrival → paint (traced, so a little above an untraced run's). */
	latencyP95Ms: number;
	anatomy: FrameAnatomy;
}

/** A markdown section: a heading, then frame times and their split by phase. */
export function anatomySection(
	label: string,
	context: string,
	rows: readonly AnatomyRow[]
): string {
	const phases = FRAME_PHASES.join(' / ');
	const line = (split: Record<FramePhase, number>): string =>
		FRAME_PHASES.map((phase) => split[phase].toFixed(2)).join(' / ');
	const table = [
		`| answer | renderer | p95 arrival → paint ms | frames | frame p50 / p95 / max ms | mean ms per frame: ${phases} | slowest tenth of frames, mean ms: ${phases} | per frame: elements styled, objects laid out (of the page's) |`,
		'| --- | --- | --- | --- | --- | --- | --- | --- |',
		...rows.map(
			(row) =>
				`| ${row.answer} | ${row.renderer} | ${row.latencyP95Ms} | ${row.anatomy.frames} | ${row.anatomy.p50Ms} / ${row.anatomy.p95Ms} / ${row.anatomy.maxMs} | ${line(row.anatomy.meanMs)} | ${line(row.anatomy.slowestTenthMs)} | ${row.anatomy.styledElements}, ${row.anatomy.laidOutObjects} (${row.anatomy.pageObjects}) |`
		)
	];
	return [`## ${label}`, '', context, '', ...table, ''].join('\n');
}
