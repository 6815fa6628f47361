/**
 * The pipelines the benchmark compares on one route's stream, each consuming the same chunks
 * completely:
 * - `floor`: streaming TextDecoder + eventsource-parser `feed()` + `JSON.parse` of every event, and
 *   nothing else — no pipeline can do less and still read every event;
 * - `floor via ReadableStream`: the same, reading the chunks from a ReadableStream (one `await
 *   read()` per chunk), the baseline for everything that consumes a fetch body;
 * - `ours`: bytes → Turn with `createTurnReducer` (synchronous, as the floor);
 * - `ours via collectTurn`: the same through a ReadableStream and `collectTurn`, with `await` per
 *   chunk, as the chat transport uses it;
 * - `sdk`: the route's official SDK reading the same chunks as a fetch Response body:
 *   - Responses: the openai SDK's own stream parsing (`Stream.fromSSEResponse`), iterated to the
 *     end (parsing only; it accumulates nothing);
 *   - Messages: `@anthropic-ai/sdk`'s accumulating `MessageStream` (`client.messages.stream()`
 *     over a `fetch` that answers with the chunks), to its `finalMessage()`: parsing and the
 *     message snapshot it builds, as ours builds the Turn.
 */
import Anthropic from '@anthropic-ai/sdk';
import { createParser } from 'eventsource-parser';
import { Stream } from 'openai/core/streaming';
import {
	collectTurn,
	createTurnReducer,
	DEFAULT_MAX_EVENT_SIZE
} from '../../../src/lib/wire/index.ts';

export type BenchRoute = 'responses' | 'messages';

export const PIPELINE_KINDS = [
	'floor',
	'ours',
	'floor via ReadableStream',
	'ours via collectTurn',
	'sdk'
] as const;
export type PipelineKind = (typeof PIPELINE_KINDS)[number];

/** What the `sdk` pipeline is, per route. */
export const SDK_OF: Readonly<Record<BenchRoute, string>> = {
	responses: 'openai',
	messages: '@anthropic-ai/sdk'
};

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

function runFloor(chunks: readonly Uint8Array[]): number {
	const floor = createFloor();
	for (const chunk of chunks) floor.feed(chunk);
	return floor.end();
}

async function runFloorStream(chunks: readonly Uint8Array[]): Promise<number> {
	const floor = createFloor();
	const reader = streamOf(chunks).getReader();
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		floor.feed(value);
	}
	return floor.end();
}

function runOurs(route: BenchRoute, chunks: readonly Uint8Array[]): number {
	const reducer = createTurnReducer(route);
	for (const chunk of chunks) {
		reducer.push(chunk);
		if (reducer.done) break;
	}
	reducer.end();
	const turn = reducer.turn();
	if (turn.status !== 'completed') throw new Error(`ours ended ${turn.status}`);
	return turn.text.length;
}

async function runCollect(route: BenchRoute, chunks: readonly Uint8Array[]): Promise<number> {
	const turn = await collectTurn(route, streamOf(chunks), { idleTimeoutMs: 0 });
	if (turn.status !== 'completed') throw new Error(`collectTurn ended ${turn.status}`);
	return turn.text.length;
}

async function runOpenai(chunks: readonly Uint8Array[]): Promise<number> {
	const stream = Stream.fromSSEResponse<unknown>(
		new Response(streamOf(chunks)),
		new AbortController()
	);
	let events = 0;
	for await (const event of stream) if (event !== null) events++;
	return events;
}

async function runAnthropic(chunks: readonly Uint8Array[]): Promise<number> {
	const client = new Anthropic({
		apiKey: 'bench',
		maxRetries: 0,
		fetch: () =>
			Promise.resolve(
				new Response(streamOf(chunks), { headers: { 'content-type': 'text/event-stream' } })
			)
	});
	// A model the SDK has no deprecation warning for: a console.warn per run would be timed too.
	const message = await client.messages
		.stream({ model: 'claude-sonnet-4-6', max_tokens: 64_000, messages: [] })
		.finalMessage();
	let text = 0;
	for (const block of message.content) if (block.type === 'text') text += block.text.length;
	return text;
}

export function pipelineOf(
	route: BenchRoute,
	kind: PipelineKind,
	chunks: readonly Uint8Array[]
): () => number | Promise<number> {
	switch (kind) {
		case 'floor':
			return () => runFloor(chunks);
		case 'floor via ReadableStream':
			return () => runFloorStream(chunks);
		case 'ours':
			return () => runOurs(route, chunks);
		case 'ours via collectTurn':
			return () => runCollect(route, chunks);
		case 'sdk':
			return route === 'responses' ? () => runOpenai(chunks) : () => runAnthropic(chunks);
	}
}
