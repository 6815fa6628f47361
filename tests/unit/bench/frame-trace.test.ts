import { describe, expect, it } from 'vitest';
import {
	FRAME_TRACE_MARK,
	frameRenderings,
	renderingLine
} from '../../bench/render/frame-trace.ts';

/** The fling's long frames, said with what the trace shows the browser did in each. */
const MAIN = { pid: 1, tid: 10 };
/** The page made the mark at performance.now() = 1,000 ms; the trace's clock then read 5 s. */
const mark = { ...MAIN, ph: 'R', name: FRAME_TRACE_MARK, cat: 'blink.user_timing', ts: 5_000_000 };
const slice = (
	name: string,
	pageMs: number,
	ms: number,
	args?: Record<string, unknown>,
	thread = MAIN
) => ({
	...thread,
	ph: 'X',
	name,
	cat: 'devtools.timeline',
	ts: 5_000_000 + (pageMs - 1_000) * 1000,
	dur: ms * 1000,
	...(args === undefined ? {} : { args })
});

describe('frameRenderings', () => {
	const events = [
		mark,
		// Before the frame: not counted.
		slice('Layout', 1_990, 5, { beginData: { dirtyObjects: 99, totalObjects: 99 } }),
		// The frame, 2,000–2,060 ms in page time.
		slice('UpdateLayoutTree', 2_010, 16, { elementCount: 541 }),
		slice('Layout', 2_026, 20, { beginData: { dirtyObjects: 1067, totalObjects: 1856 } }),
		slice('PrePaint', 2_046, 8),
		slice('Layout', 2_054, 1.5, { beginData: { dirtyObjects: 33, totalObjects: 1900 } }),
		slice('V8.GC_MC_MARK', 2_055, 4),
		slice('MajorGC', 2_055, 4.5),
		slice('V8.GC_MC_INCREMENTAL', 2_012, 3.2),
		slice('V8.GC_MC_INCREMENTAL_EMBEDDER_TRACING', 2_012, 3.1),
		// Another thread (a worker) in the same time: not the page's rendering.
		slice('Layout', 2_020, 30, undefined, { pid: 1, tid: 11 })
	];

	it('counts, in page time, what the main thread styled and laid out', () => {
		const [rendering] = frameRenderings(events, 1_000, [{ start: 2_000, duration: 60 }]);
		expect(rendering).toEqual({
			events: [
				{ name: 'Layout', ms: 21.5 },
				{ name: 'UpdateLayoutTree', ms: 16 },
				{ name: 'PrePaint', ms: 8 },
				{ name: 'MajorGC', ms: 4.5 },
				{ name: 'V8.GC_MC_MARK', ms: 4 },
				{ name: 'V8.GC_MC_INCREMENTAL', ms: 3.2 },
				{ name: 'V8.GC_MC_INCREMENTAL_EMBEDDER_TRACING', ms: 3.1 }
			],
			styledElements: 541,
			laidOutObjects: 1100,
			pageObjects: 1900,
			layouts: 2
		});
		expect(renderingLine(rendering ?? null)).toBe(
			'Layout 21.5, UpdateLayoutTree 16, PrePaint 8, MajorGC 4.5, V8.GC_MC_INCREMENTAL 3.2; style of 541 elements; 2 layout(s) of 1100 of 1900 objects'
		);
	});

	it('says nothing rather than something wrong when the trace has no mark to tie the clocks', () => {
		const unmarked = events.filter((event) => event.name !== FRAME_TRACE_MARK);
		expect(frameRenderings(unmarked, 1_000, [{ start: 2_000, duration: 60 }])).toEqual([null]);
		expect(renderingLine(null)).toBe('—');
	});
});
