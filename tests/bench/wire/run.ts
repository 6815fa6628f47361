/**
 * `npm run bench:wire` (node --expose-gc --import tsx tests/bench/wire/run.ts): the wire pipeline
 * of each route against the floor and the route's SDK, on one seeded 50k-event stream per route
 * (docs/reference/performance.md, "Method"): a Responses stream of ~290-byte events and a Messages
 * stream of ~110-byte events (the small-event case). Every pipeline of both routes runs in its own
 * worker isolate (pipeline-worker.ts), alternately (order rotated each round); medians and
 * per-round ratios, in two modes: as a stream is read in the app (no forced GC), and with a full
 * `gc()` right before each timed run. Then memory against stream length.
 * Timing lives here, never in the test suite.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { measureMemory } from './memory.ts';
import { PIPELINE_KINDS, SDK_OF, type BenchRoute, type PipelineKind } from './pipelines.ts';
import {
	markdown,
	writeReport,
	type PipelineResult,
	type Ratio,
	type RouteStream,
	type WireBenchReport
} from './report.ts';
import { median } from '../stats.ts';

const EVENTS = 50_000;
const SEED = 20260501;
const ROUNDS = 15;
const WARMUP_ROUNDS = 3;
const ROUTES: readonly BenchRoute[] = ['responses', 'messages'];
const MODES = [false, true] as const;

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
interface Pipeline {
	route: BenchRoute;
	kind: PipelineKind;
}

/**
 * Targets per route, for [ours / floor, ours via collectTurn / floor via ReadableStream,
 * ours / SDK, ours via collectTurn / SDK]; `null`: reported for information. Messages: issue 18
 * item 6, in both modes. Responses: docs/reference/performance.md, without forced GC.
 */
const TARGETS: Record<BenchRoute, Record<'plain' | 'gc', readonly (number | null)[]>> = {
	responses: { plain: [0.8, 0.8, 3, 3], gc: [null, null, null, null] },
	messages: { plain: [0.85, 0.85, 3, 3], gc: [0.85, 0.85, 3, 3] }
};

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

async function startWorker({ route, kind }: Pipeline): Promise<{ worker: Worker; ready: Ready }> {
	// A worker does not inherit the main thread's tsx loader: register it, then load the worker.
	const entry = JSON.stringify(new URL('./pipeline-worker.ts', import.meta.url).href);
	const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`;
	const worker = new Worker(bootstrap, {
		eval: true,
		workerData: { route, kind, events: EVENTS, seed: SEED }
	});
	const ready = await nextMessage<Ready>(worker);
	return { worker, ready };
}

const round2 = (value: number): number => Math.round(value * 100) / 100;
const labelOf = ({ route, kind }: Pipeline): string =>
	kind === 'sdk' ? `${route}: ${SDK_OF[route]}` : `${route}: ${kind}`;

// Memory first, in a quiet main thread (no workers starting or stopping around the measurement).
const memory = ROUTES.flatMap((route) => measureMemory(route, [10_000, 25_000, 50_000], SEED));

const PIPELINES: Pipeline[] = ROUTES.flatMap((route) =>
	PIPELINE_KINDS.map((kind) => ({ route, kind }))
);
const workers = new Map<Pipeline, Worker>();
const streams = new Map<BenchRoute, RouteStream>();
for (const pipeline of PIPELINES) {
	const { worker, ready } = await startWorker(pipeline);
	workers.set(pipeline, worker);
	const { route } = pipeline;
	streams.set(route, { route, events: ready.events, bytes: ready.bytes, chunks: ready.chunks });
}

/** Alternating rounds (order rotated each round) over every pipeline; the counted rounds' timings. */
async function measure(gc: boolean): Promise<Map<Pipeline, number[]>> {
	const times = new Map<Pipeline, number[]>(PIPELINES.map((pipeline) => [pipeline, []]));
	for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
		const order = PIPELINES.map((_, index) => PIPELINES[(index + round) % PIPELINES.length]);
		for (const pipeline of order) {
			const worker = pipeline === undefined ? undefined : workers.get(pipeline);
			if (pipeline === undefined || worker === undefined) throw new Error('no worker');
			const reply = nextMessage<Timing>(worker);
			worker.postMessage({ gc });
			const { ms, result } = await reply;
			if (!(result > 0)) throw new Error(`${labelOf(pipeline)} produced nothing`);
			if (round >= WARMUP_ROUNDS) times.get(pipeline)?.push(ms);
		}
	}
	return times;
}

const pipelines: PipelineResult[] = [];
const ratios: Ratio[] = [];
for (const gc of MODES) {
	const times = await measure(gc);
	const of = (route: BenchRoute, kind: PipelineKind): number[] =>
		[...times].find(([p]) => p.route === route && p.kind === kind)?.[1] ?? [];
	for (const pipeline of PIPELINES) {
		const stream = streams.get(pipeline.route);
		if (stream === undefined) throw new Error('no stream');
		const rounds = of(pipeline.route, pipeline.kind);
		const medianMs = median(rounds);
		pipelines.push({
			route: pipeline.route,
			name: labelOf(pipeline),
			gc,
			roundsMs: rounds.map(round2),
			medianMs: round2(medianMs),
			mbPerSecond: Math.round((stream.bytes / 1e6 / (medianMs / 1000)) * 10) / 10,
			eventsPerSecond: Math.round(stream.events / (medianMs / 1000))
		});
	}
	for (const route of ROUTES) {
		const targets = TARGETS[route][gc ? 'gc' : 'plain'];
		const pairs: [PipelineKind, PipelineKind][] = [
			['ours', 'floor'],
			['ours via collectTurn', 'floor via ReadableStream'],
			['ours', 'sdk'],
			['ours via collectTurn', 'sdk']
		];
		pairs.forEach(([faster, slower], index) => {
			const perRound = of(route, faster).map((ms, round) => (of(route, slower)[round] ?? NaN) / ms);
			const value = median(perRound);
			const target = targets[index] ?? null;
			ratios.push({
				route,
				gc,
				name: `${faster} / ${slower === 'sdk' ? SDK_OF[route] : slower}`,
				perRound: perRound.map((v) => Math.round(v * 1000) / 1000),
				median: Math.round(value * 1000) / 1000,
				target,
				met: target === null ? null : value >= target
			});
		});
	}
}
await Promise.all([...workers.values()].map((worker) => worker.terminate()));

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
		anthropicSdk: packageVersion('@anthropic-ai/sdk'),
		eventsourceParser: packageVersion('eventsource-parser')
	},
	streams: [...streams.values()],
	chunking: 'seeded, uniform 1 B–16 KB',
	seed: SEED,
	rounds: ROUNDS,
	warmupRounds: WARMUP_ROUNDS,
	pipelines,
	ratios,
	memory
};

await writeReport(report, new URL('../results/', import.meta.url));
process.stdout.write(markdown(report));
