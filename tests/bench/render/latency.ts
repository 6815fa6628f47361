/**
 * Arrival → paint latency, two ways, from what the page's probe recorded (src/lib/render/bench/
 * probe.ts): pairs of (message length, time) when each delta was handed to the renderer, and
 * pairs of (length the DOM shows, time after that frame's paint).
 *
 * - From the ideal arrival: each token of the answer was due at the demo gateway's schedule
 *   (`benchSchedule`: stream start + the bytes before its batch / the rate); its latency runs from
 *   then to the paint of the first frame showing it. Time the page spent busy before it even read
 *   the delta counts, as a person waiting for the text would count it. The stream start in the
 *   page's clock is the earliest any delta could have been due given when it was handed over:
 *   min(handed over − due), which leans, if anything, towards lower latencies.
 * - From the hand-over (the old measure): each delta from when the page handed it to the renderer.
 */
import { tokenize } from '../../../src/lib/server/demo-gateway/answer.ts';
import {
	benchBytesPerMs,
	benchSchedule
} from '../../../src/lib/server/demo-gateway/bench-pacing.ts';

export interface ProbeRecord {
	/** Flattened (length, time) pairs. */
	arrivals: number[];
	paints: number[];
}

export interface Latencies {
	/** From each token's due time, per token. */
	ideal: number[];
	/** From each delta's hand-over, per delta. */
	handedOver: number[];
	/** How late each delta was handed over against its due time. */
	handOverLag: number[];
	firstArrival: number;
	lastArrival: number;
}

function pairs(flat: readonly number[]): [number, number][] {
	const out: [number, number][] = [];
	for (let at = 0; at + 1 < flat.length; at += 2) out.push([flat[at] ?? 0, flat[at + 1] ?? 0]);
	return out;
}

/** The time of the first paint showing `length` characters, walking paints in time order. */
function paintCursor(paints: [number, number][]): (length: number) => number | null {
	let next = 0;
	let shown = 0;
	let at = 0;
	return (length) => {
		while (shown < length && next < paints.length) {
			const [painted, time] = paints[next++] ?? [0, 0];
			if (painted > shown) {
				shown = painted;
				at = time;
			}
		}
		return shown >= length ? at : null;
	};
}

export function latencies(record: ProbeRecord, answer: string, tokensPerSecond: number): Latencies {
	const arrivals = pairs(record.arrivals).filter(([length]) => length > 0);
	const paints = pairs(record.paints).sort((a, b) => a[1] - b[1]);
	const tokens = tokenize(answer);
	const due = benchSchedule(
		tokens.map((token) => Buffer.byteLength(token)),
		benchBytesPerMs(tokensPerSecond)
	);
	const ends: number[] = [];
	let end = 0;
	for (const token of tokens) ends.push((end += token.length));
	/** The due time of the token that ends at `length` (the last one a delta brought). */
	const dueAt = (length: number): number => {
		let low = 0;
		let high = ends.length - 1;
		while (low < high) {
			const middle = (low + high) >> 1;
			if ((ends[middle] ?? 0) < length) low = middle + 1;
			else high = middle;
		}
		return due[low] ?? 0;
	};
	const start = arrivals.reduce(
		(earliest, [length, time]) => Math.min(earliest, time - dueAt(length)),
		Infinity
	);
	const idealPaint = paintCursor(paints);
	const ideal: number[] = [];
	tokens.forEach((_, index) => {
		const painted = idealPaint(ends[index] ?? 0);
		if (painted !== null) ideal.push(painted - (start + (due[index] ?? 0)));
	});
	const handedPaint = paintCursor(paints);
	const handedOver: number[] = [];
	const handOverLag: number[] = [];
	for (const [length, time] of arrivals) {
		const painted = handedPaint(length);
		if (painted !== null) handedOver.push(painted - time);
		handOverLag.push(time - (start + dueAt(length)));
	}
	return {
		ideal,
		handedOver,
		handOverLag,
		firstArrival: arrivals[0]?.[1] ?? 0,
		lastArrival: arrivals.at(-1)?.[1] ?? 0
	};
}

export function percentile(values: readonly number[], p: number): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
