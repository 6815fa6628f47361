import { describe, expect, it } from 'vitest';
import { jsTime } from '../../bench/render/js-trace.ts';
import { threadName } from './trace-events.ts';

/** The render benchmark's script measure: V8's time per thread, from trace events. */
const thread = threadName;
const slice = (tid: number, name: string, ts: number, dur: number) => ({
	ph: 'X',
	name,
	cat: 'v8',
	pid: 1,
	tid,
	ts,
	dur
});

describe('jsTime', () => {
	it('counts promise reactions and callbacks, nested events once', () => {
		const events = [
			thread(10, 'CrRendererMain'),
			// A reader's continuation (RunMicrotasks) and an animation frame callback...
			slice(10, 'RunMicrotasks', 0, 100_000),
			slice(10, 'v8.callFunction', 200_000, 50_000),
			// ...with a microtask checkpoint inside the callback, and a GC overlapping its end.
			slice(10, 'RunMicrotasks', 210_000, 10_000),
			slice(10, 'V8.GC', 240_000, 20_000)
		];
		expect(jsTime(events)).toEqual({ mainMs: 160, workerMs: 0 });
	});

	it('keeps workers apart, adds them up, and ignores other threads', () => {
		const events = [
			thread(10, 'CrRendererMain'),
			thread(11, 'DedicatedWorker thread'),
			thread(12, 'DedicatedWorker thread'),
			thread(13, 'ServiceWorker thread'),
			slice(10, 'v8.callFunction', 0, 1_000),
			slice(11, 'v8.callFunction', 0, 30_000),
			slice(12, 'v8.callFunction', 0, 20_000),
			slice(13, 'v8.callFunction', 0, 500_000)
		];
		expect(jsTime(events)).toEqual({ mainMs: 1, workerMs: 50 });
	});

	it('takes the busiest main thread when the trace holds more than one renderer', () => {
		const events = [
			thread(10, 'CrRendererMain'),
			{ ...thread(10, 'CrRendererMain'), pid: 2 },
			slice(10, 'v8.callFunction', 0, 5_000),
			{ ...slice(10, 'v8.callFunction', 0, 40_000), pid: 2 }
		];
		expect(jsTime(events).mainMs).toBe(40);
	});
});
