/**
 * What the browser did in a long animation frame, from a Chromium trace of the `devtools.timeline`
 * category: LoAF names the phase (style, layout and paint after the frame's callbacks) but not
 * what was styled or laid out. The trace's `UpdateLayoutTree` events count the elements whose
 * style was recalculated, its `Layout` events the layout objects that needed layout
 * (`dirtyObjects`) out of those in the page (`totalObjects`); `PrePaint`, `Paint`, `Layerize`
 * and `Commit` are the rest of the rendering update.
 *
 * Times are matched through a User Timing mark made in the page at `originMs` (its
 * `performance.now()`), which the trace records on the page's main thread with its own clock.
 */
import type { TraceEvent } from './js-trace.ts';

/** The trace's categories this module reads. */
export const FRAME_TRACE_CATEGORIES = ['devtools.timeline', 'blink.user_timing'];

/** The User Timing mark that ties the page's clock to the trace's. */
export const FRAME_TRACE_MARK = 'bench-frame-trace-origin';

export interface FrameRendering {
	/** Time by event name (nested events counted under their own name too), the longest first. */
	events: { name: string; ms: number }[];
	/** Elements whose style was recalculated, over the frame's `UpdateLayoutTree` events. */
	styledElements: number;
	/** Layout objects laid out, over the frame's `Layout` events, and the most in the page then. */
	laidOutObjects: number;
	pageObjects: number;
	/** How many `Layout` events (a layout forced by script is one of its own). */
	layouts: number;
}

interface LayoutArgs {
	beginData?: { dirtyObjects?: number; totalObjects?: number };
}

/**
 * Reads the trace for frames given in page time (`performance.now()`, as LoAF reports them):
 * `null` for every frame when the trace has no mark to tie the clocks.
 */
export function frameRenderings(
	events: readonly TraceEvent[],
	originMs: number,
	frames: readonly { start: number; duration: number }[]
): (FrameRendering | null)[] {
	const mark = events.find((event) => event.name === FRAME_TRACE_MARK);
	if (mark === undefined) return frames.map(() => null);
	const onMain = events.filter(
		(event) =>
			event.pid === mark.pid &&
			event.tid === mark.tid &&
			event.ph === 'X' &&
			event.dur !== undefined
	);
	const toTrace = (ms: number): number => mark.ts + (ms - originMs) * 1000;
	return frames.map((frame) => {
		const from = toTrace(frame.start);
		const to = toTrace(frame.start + frame.duration);
		const byName = new Map<string, number>();
		const rendering: FrameRendering = {
			events: [],
			styledElements: 0,
			laidOutObjects: 0,
			pageObjects: 0,
			layouts: 0
		};
		for (const event of onMain) {
			if (event.ts < from || event.ts >= to) continue;
			byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
			if (event.name === 'UpdateLayoutTree') {
				const count = event.args?.['elementCount'];
				if (typeof count === 'number') rendering.styledElements += count;
			} else if (event.name === 'Layout') {
				const begin = (event.args as LayoutArgs | undefined)?.beginData;
				rendering.layouts++;
				rendering.laidOutObjects += begin?.dirtyObjects ?? 0;
				rendering.pageObjects = Math.max(rendering.pageObjects, begin?.totalObjects ?? 0);
			}
		}
		rendering.events = [...byName]
			.map(([name, ms]) => ({ name, ms: Math.round(ms * 10) / 10 }))
			.sort((a, b) => b.ms - a.ms);
		return rendering;
	});
}

/**
 * V8's garbage collection is traced as `MajorGC` / `MinorGC` and as each of their phases
 * (`V8.GC_MC_MARK`, …): the phases are left out of a report's line, their whole is in it. Steps
 * of incremental marking (`V8.GC_MC_INCREMENTAL`, its start and finalization) belong to no
 * `MajorGC`: they run inside whatever script allocated, and are kept.
 */
const GC_PHASE = /^V8\.GC_(?!MC_INCREMENTAL(?:_START|_FINALIZE)?$)|^Major concurrent marking/;

/** One line for a report: the events of 3 ms or more, then the counts. */
export function renderingLine(rendering: FrameRendering | null): string {
	if (rendering === null) return '—';
	const events = rendering.events
		.filter((event) => event.ms >= 3 && !GC_PHASE.test(event.name))
		.map((event) => `${event.name} ${event.ms}`)
		.join(', ');
	return `${events === '' ? 'no event of 3 ms' : events}; style of ${rendering.styledElements} elements; ${rendering.layouts} layout(s) of ${rendering.laidOutObjects} of ${rendering.pageObjects} objects`;
}
