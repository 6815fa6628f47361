/**
 * `npm run bench:wire` (node --expose-gc --import tsx tests/bench/wire/run.ts): the wire pipeline
 * against the floor and the openai SDK on one seeded 50k-event Responses stream
 * (docs/reference/performance.md, "Method"): alternating rounds, medians, per-round ratios,
 * memory against stream length. Each pipeline runs in its own worker isolate (pipeline-worker.ts).
 * Timing lives here, never in the test suite.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { measureMemory } from './memory.ts';
import type { PipelineName } from './pipelines.ts';
import {
	markdown,
	writeReport,
	type PipelineResult,
	type Ratio,
	type WireBenchReport
} from './report.ts';

const EVENTS = 50_000;
const SEED = 20260501;
const ROUNDS = 15;
const WARMUP_ROUNDS = 3;
const NAMES: PipelineName[] = [
	'floor',
	'ours',
	'floor via ReadableStream',
	'ours via collectTurn',
	'openai'
];

interface Ready {
	ready: true;
	bytes: number;
	chunks: number;
	events: number;
}
interface Timing {
	ms: number;
	result: number;
}

function nextMessage<T>(worker: Worker): Promise<T> {
	return new Promise((resolve, reject) => {
		const onMessage = (message: T): void => {
			worker.off('error', onError);
			resolve(message);
		};
		const onError = (error: Error): void => {
			worker.off('message', onMessage);
			reject(error);
		};
		worker.once('message', onMessage);
		worker.once('error', onError);
	});
}

async function startWorker(name: PipelineName): Promise<{ worker: Worker; ready: Ready }> {
	// A worker does not inherit the main thread's tsx loader: register it, then load the worker.
	const entry = JSON.stringify(new URL('./pipeline-worker.ts', import.meta.url).href);
	const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`;
	const worker = new Worker(bootstrap, {
		eval: true,
		workerData: { name, events: EVENTS, seed: SEED }
	});
	const ready = await nextMessage<Ready>(worker);
	return { worker, ready };
}

function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1
		? (sorted[middle] ?? 0)
		: ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

// Memory first, in a quiet main thread (no workers starting or stopping around the measurement).
const memory = measureMemory([10_000, 25_000, 50_000], SEED);

const workers = new Map<PipelineName, Worker>();
let shape: Ready | undefined;
for (const name of NAMES) {
	const started = await startWorker(name);
	workers.set(name, started.worker);
	shape = started.ready;
}
if (shape === undefined) throw new Error('no worker started');

/** Alternating rounds (order rotated each round) over `names`; the timings of the counted rounds. */
async function measure(
	names: readonly PipelineName[],
	rounds: number,
	gc: boolean
): Promise<Map<PipelineName, number[]>> {
	const times = new Map<PipelineName, number[]>(names.map((name) => [name, []]));
	for (let round = 0; round < WARMUP_ROUNDS + rounds; round++) {
		const order = names.map((_, index) => names[(index + round) % names.length] as PipelineName);
		for (const name of order) {
			const worker = workers.get(name);
			if (worker === undefined) throw new Error(`no worker for ${name}`);
			const reply = nextMessage<Timing>(worker);
			worker.postMessage({ gc });
			const { ms, result } = await reply;
			if (!(result > 0)) throw new Error(`${name} produced nothing`);
			if (round >= WARMUP_ROUNDS) times.get(name)?.push(ms);
		}
	}
	return times;
}

const times = await measure(NAMES, ROUNDS, false);
const gcTimes = await measure(['floor', 'ours'], ROUNDS, true);
await Promise.all([...workers.values()].map((worker) => worker.terminate()));

const roundsOf = (name: PipelineName): number[] => times.get(name) ?? [];
const { bytes, events } = shape;
const pipelines: PipelineResult[] = NAMES.map((name) => {
	const medianMs = median(roundsOf(name));
	return {
		name,
		roundsMs: roundsOf(name).map((ms) => Math.round(ms * 100) / 100),
		medianMs: Math.round(medianMs * 100) / 100,
		mbPerSecond: Math.round((bytes / 1e6 / (medianMs / 1000)) * 10) / 10,
		eventsPerSecond: Math.round(events / (medianMs / 1000))
	};
});

function ratio(
	name: string,
	faster: PipelineName,
	slower: PipelineName,
	target: number | null,
	from = times
): Ratio {
	const of = (pipeline: PipelineName): number[] => from.get(pipeline) ?? [];
	const perRound = of(faster).map((ms, index) => (of(slower)[index] ?? NaN) / ms);
	const value = median(perRound);
	return {
		name,
		perRound: perRound.map((v) => Math.round(v * 1000) / 1000),
		median: Math.round(value * 1000) / 1000,
		target,
		met: target === null ? null : value >= target
	};
}

const packageVersion = (name: string): string =>
	(
		JSON.parse(
			readFileSync(new URL(`../../../node_modules/${name}/package.json`, import.meta.url), 'utf8')
		) as { version: string }
	).version;

const report: WireBenchReport = {
	generatedAt: new Date().toISOString(),
	environment: {
		node: process.version,
		platform: process.platform,
		arch: process.arch,
		cpus: cpus().length,
		openai: packageVersion('openai'),
		eventsourceParser: packageVersion('eventsource-parser')
	},
	stream: {
		events,
		bytes,
		chunks: shape.chunks,
		chunking: 'seeded, uniform 1 B–16 KB',
		seed: SEED
	},
	rounds: ROUNDS,
	warmupRounds: WARMUP_ROUNDS,
	pipelines,
	ratios: [
		ratio('ours / floor', 'ours', 'floor', 0.8),
		ratio(
			'ours via collectTurn / floor via ReadableStream',
			'ours via collectTurn',
			'floor via ReadableStream',
			0.8
		),
		ratio('ours / openai', 'ours', 'openai', 3),
		ratio('ours via collectTurn / openai', 'ours via collectTurn', 'openai', 3),
		ratio('ours / floor, full gc() before each run (informational)', 'ours', 'floor', null, gcTimes)
	],
	memory
};

await writeReport(report, new URL('../results/', import.meta.url));
process.stdout.write(markdown(report));
