import { describe, expect, it } from 'vitest';
import { anatomySection, frameAnatomy } from '../../bench/render/frame-anatomy.ts';
import { threadName } from './trace-events.ts';

/** Where a streaming frame's time goes: callbacks to the end of commit, split by phase. */
const MAIN = { pid: 1, tid: 10 };
const thread = threadName;
const slice = (name: string, ms: number, dur: number, cat = 'devtools.timeline', tid = 10) => ({
	...MAIN,
	tid,
	ph: 'X',
	name,
	cat,
	ts: ms * 1000,
	dur: dur * 1000
});

/** A frame at `at` ms: callbacks (with a call inside), style, layout, paint, commit. */
const frame = (at: number, layout: number) => [
	slice('FireAnimationFrame', at, 1),
	slice('FunctionCall', at, 0.8),
	slice('v8.callFunction', at + 0.1, 0.5, 'v8'),
	{ ...slice('UpdateLayoutTree', at + 1, 0.25), args: { elementCount: 12 } },
	{
		...slice('Layout', at + 1.25, layout),
		args: { beginData: { dirtyObjects: 40, totalObjects: 900 } }
	},
	slice('PrePaint', at + 1.25 + layout, 0.25),
	slice('Paint', at + 1.5 + layout, 0.5),
	// A nested paint (a scroller's) is the outer one's time, counted once.
	slice('Paint', at + 1.6 + layout, 0.2),
	slice('Layerize', at + 2 + layout, 0.25),
	slice('Commit', at + 2.25 + layout, 0.25)
];

describe('frameAnatomy', () => {
	it('times each frame from its callbacks to the end of its commit, phases by self time', () => {
		const events = [
			thread(10, 'CrRendererMain'),
			thread(11, 'DedicatedWorker thread'),
			// Before any frame: a network task's script, not a frame's.
			slice('FunctionCall', 0, 3),
			...frame(10, 0.5),
			...frame(26.7, 0.5),
			...frame(43.4, 2.5),
			// A worker's busy time at the same moment is not the page's.
			slice('FunctionCall', 43.4, 9, 'devtools.timeline', 11)
		];
		const anatomy = frameAnatomy(events);
		expect(anatomy).not.toBeNull();
		expect(anatomy?.frames).toBe(3);
		expect(anatomy?.p50Ms).toBe(3);
		expect(anatomy?.maxMs).toBe(5);
		expect(anatomy?.meanMs).toEqual({
			script: 1,
			style: 0.25,
			layout: 1.17,
			observers: 0,
			prepaint: 0.25,
			paint: 0.5,
			layerize: 0.25,
			commit: 0.25,
			other: 0
		});
		// The slowest tenth of three frames is the one with the long layout.
		expect(anatomy?.slowestTenthMs.layout).toBe(2.5);
		expect(anatomy).toMatchObject({ styledElements: 12, laidOutObjects: 40, pageObjects: 900 });
	});

	it('says nothing without the page main thread', () => {
		expect(frameAnatomy([slice('Layout', 0, 1)])).toBeNull();
	});

	it('writes a section with a row per run', () => {
		const anatomy = frameAnatomy([thread(10, 'CrRendererMain'), ...frame(10, 0.5)]);
		if (anatomy === null) throw new Error('no anatomy');
		const section = anatomySection('frames', 'context', [
			{ answer: '80 KB', renderer: 'ours', latencyP95Ms: 20.1, anatomy }
		]);
		expect(section).toContain('## frames');
		expect(section).toContain('| 80 KB | ours | 20.1 | 1 | 3 / 3 / 3 |');
		expect(section).toContain('| 12, 40 (900) |');
	});
});
