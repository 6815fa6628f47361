/**
 * One pipeline on one route's stream, in its own isolate (worker thread): the benchmark alternates
 * pipelines round by round from the main thread, but each keeps its own JIT state, so one
 * pipeline's type feedback (in eventsource-parser, TextDecoder, ReadableStream) cannot slow down
 * another's.
 * Protocol: `workerData` = { route, kind, events, seed }; each message `{ gc }` → reply
 * `{ ms, result }`. With `gc: true` a full garbage collection runs right before the timed run. That
 * also drops the hidden classes of the previous run's parsed payloads, so a pipeline that reads
 * payload fields (ours, the SDKs) starts the run deoptimized while the floor, which reads none,
 * does not.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pipelineOf, type BenchRoute, type PipelineKind } from './pipelines.ts';
import { syntheticMessagesStream } from './synthetic-messages.ts';
import { randomChunks, syntheticResponsesStream } from './synthetic-stream.ts';

interface WorkerInput {
	route: BenchRoute;
	kind: PipelineKind;
	events: number;
	seed: number;
}

const input = workerData as WorkerInput;
const stream =
	input.route === 'responses'
		? syntheticResponsesStream(input.events, input.seed)
		: syntheticMessagesStream(input.events, input.seed);
const chunks = randomChunks(stream.bytes, input.seed);
const run = pipelineOf(input.route, input.kind, chunks);

parentPort?.on('message', (message: { gc: boolean }) => {
	if (message.gc) globalThis.gc?.();
	const start = performance.now();
	void Promise.resolve(run()).then((result) => {
		parentPort?.postMessage({ ms: performance.now() - start, result });
	});
});
parentPort?.postMessage({
	ready: true,
	bytes: stream.bytes.length,
	chunks: chunks.length,
	events: stream.events
});
