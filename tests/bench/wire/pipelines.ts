/**
 * The pipelines the benchmark compares, each consuming the same chunks completely:
 * - `floor`: streaming TextDecoder + eventsource-parser `feed()` + `JSON.parse` of every event, and
 *   nothing else — no pipeline can do less and still read every event;
 * - `floor via ReadableStream`: the same, reading the chunks from a ReadableStream (one `await
 *   read()` per chunk), the baseline for everything that consumes a fetch body;
 * - `ours`: bytes → Turn with `createTurnReducer` (synchronous, as the floor);
 * - `ours via collectTurn`: the same through a ReadableStream and `collectTurn`, with `await` per
 *   chunk, as the chat transport uses it;
 * - `openai`: the openai SDK's own stream parsing (`Stream.fromSSEResponse`) of a Response over a
 *   ReadableStream of the same chunks, iterated to the end.
 */
import { createParser } from 'eventsource-parser';
import { Stream } from 'openai/core/streaming';
import {
	collectTurn,
	createTurnReducer,
	DEFAULT_MAX_EVENT_SIZE
} from '../../../src/lib/wire/index.ts';

export type PipelineName =
	'floor' | 'floor via ReadableStream' | 'ours' | 'ours via collectTurn' | 'openai';

export function streamOf(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
	let index = 0;
	return new ReadableStream<Uint8Array>({
		pull(controller) {
			const chunk = chunks[index++];
			if (chunk === undefined) controller.close();
			else controller.enqueue(chunk);
		}
	});
}

interface Floor {
	feed(chunk: Uint8Array): void;
	/** Events parsed: a number derived from the work, so nothing can be optimised away. */
	end(): number;
}

function createFloor(): Floor {
	const decoder = new TextDecoder('utf-8');
	let parsed = 0;
	const parser = createParser({
		maxBufferSize: DEFAULT_MAX_EVENT_SIZE,
		onEvent: (message) => {
			if (JSON.parse(message.data) !== null) parsed++;
		}
	});
	const streaming = { stream: true };
	return {
		feed: (chunk) => parser.feed(decoder.decode(chunk, streaming)),
		end() {
			parser.feed(decoder.decode());
			parser.reset({ consume: true });
			return parsed;
		}
	};
}

export function runFloor(chunks: readonly Uint8Array[]): number {
	const floor = createFloor();
	for (const chunk of chunks) floor.feed(chunk);
	return floor.end();
}

export async function runFloorStream(chunks: readonly Uint8Array[]): Promise<number> {
	const floor = createFloor();
	const reader = streamOf(chunks).getReader();
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		floor.feed(value);
	}
	return floor.end();
}

export function runOurs(chunks: readonly Uint8Array[]): number {
	const reducer = createTurnReducer('responses');
	for (const chunk of chunks) {
		reducer.push(chunk);
		if (reducer.done) break;
	}
	reducer.end();
	const turn = reducer.turn();
	if (turn.status !== 'completed') throw new Error(`ours ended ${turn.status}`);
	return turn.text.length;
}

export async function runCollect(chunks: readonly Uint8Array[]): Promise<number> {
	const turn = await collectTurn('responses', streamOf(chunks), { idleTimeoutMs: 0 });
	if (turn.status !== 'completed') throw new Error(`collectTurn ended ${turn.status}`);
	return turn.text.length;
}

export async function runOpenai(chunks: readonly Uint8Array[]): Promise<number> {
	const stream = Stream.fromSSEResponse<unknown>(
		new Response(streamOf(chunks)),
		new AbortController()
	);
	let events = 0;
	for await (const event of stream) if (event !== null) events++;
	return events;
}
