/**
 * Memory held while a stream is read, against the stream's length: after `gc()`, the heap retained
 * by a reducer that has taken every event but the final ones, next to the size of what the turn must
 * hold anyway (its answer and reasoning text, as UTF-16). Flat means the pipeline holds nothing but
 * that text: no buffered bytes, frames or events, whatever the stream's length.
 */
import { createTurnReducer } from '../../../src/lib/wire/index.ts';
import type { BenchRoute } from './pipelines.ts';
import { syntheticMessagesStream } from './synthetic-messages.ts';
import { randomChunks, syntheticResponsesStream } from './synthetic-stream.ts';

export interface MemoryPoint {
	route: BenchRoute;
	events: number;
	streamBytes: number;
	/** Answer and reasoning text the turn holds, at 2 bytes per UTF-16 code unit. */
	textBytes: number;
	oursRetainedBytes: number;
	/** Retained beyond the text itself. */
	oursOverheadBytes: number;
}

function heapAfterGc(): number {
	const gc = globalThis.gc;
	if (gc === undefined) throw new Error('run with node --expose-gc');
	gc();
	gc();
	return process.memoryUsage().heapUsed;
}

/**
 * Per size, the median of three measurements, after two unreported passes at the largest size: the
 * heap counts compiled code too, and optimising compilers must not run during a measurement.
 */
export function measureMemory(
	route: BenchRoute,
	sizes: readonly number[],
	seed: number
): MemoryPoint[] {
	const largest = Math.max(...sizes);
	measureAt(route, largest, seed);
	measureAt(route, largest, seed);
	return sizes.map((events) => {
		const runs = [0, 1, 2].map(() => measureAt(route, events, seed));
		runs.sort((a, b) => a.oursRetainedBytes - b.oursRetainedBytes);
		const middle = runs[1];
		if (middle === undefined) throw new Error('unreachable');
		return middle;
	});
}

/** Where the final events begin: the reducer is measured mid-stream, text and all. */
const FINAL_EVENTS: Record<BenchRoute, string> = {
	responses: 'event: response.reasoning_summary_text.done',
	messages: 'event: content_block_stop\ndata: {"type":"content_block_stop","index":1}'
};

function measureAt(route: BenchRoute, events: number, seed: number): MemoryPoint {
	const stream =
		route === 'responses'
			? syntheticResponsesStream(events, seed)
			: syntheticMessagesStream(events, seed);
	const cut = stream.text.lastIndexOf(FINAL_EVENTS[route]);
	if (cut === -1) throw new Error('no final events');
	const bytes = new TextEncoder().encode(stream.text.slice(0, cut));
	const chunks = randomChunks(bytes, seed);
	const before = heapAfterGc();
	const reducer = createTurnReducer(route);
	for (const chunk of chunks) reducer.push(chunk);
	const retained = heapAfterGc() - before;
	if (reducer.done) throw new Error('the stream ended early');
	const textBytes = (stream.answer.length + stream.reasoning.length) * 2;
	return {
		route,
		events,
		streamBytes: bytes.length,
		textBytes,
		oursRetainedBytes: retained,
		oursOverheadBytes: retained - textBytes
	};
}
