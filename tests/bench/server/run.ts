/**
 * `npm run bench:server`: the production server under the loads a security review put on it.
 *
 * 1. The demo gateway as an amplifier: 100 concurrent `#scenario:huge:8192` requests, every one
 *    read to its end; then 100 more whose readers leave after two seconds. Meanwhile `/healthz`
 *    is asked one request after another, and the server's memory is sampled.
 * 2. The relay under repeated rounds: 200 concurrent relayed streams, three rounds, each round
 *    starting as the gateway's kept-alive connections time out (Node's 5 s), which is when a
 *    pooled connection is found closed.
 *
 * Targets (issue 16): `/healthz` p99 under 100 ms and the server's RSS under +300 MB through the
 * demo load; 0 errors over the relay rounds. Writes tests/bench/results/server.{json,md}.
 */
import { createServer, type Server } from 'node:http';
import { cpus } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { buildApp, serve } from '../render/app-server.ts';
import { percentile, stream, watchServer, type StreamOutcome } from './load.ts';

const DEMO_PORT = 4311;
const RELAY_PORT = 4312;
const UPSTREAM_PORT = 4313;
const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));

interface Phase {
	name: string;
	requests: number;
	statuses: Record<string, number>;
	completeStreams: number;
	errors: number;
	megabytes: number;
	healthzP50Ms: number;
	healthzP99Ms: number;
	healthzMaxMs: number;
	healthzFailures: number;
	rssBaselineMb: number;
	rssPeakMb: number;
	rssGrowthMb: number;
	seconds: number;
}

function summarise(
	name: string,
	outcomes: StreamOutcome[],
	watched: Awaited<ReturnType<ReturnType<typeof watchServer>['stop']>>,
	seconds: number
): Phase {
	const statuses: Record<string, number> = {};
	for (const outcome of outcomes) statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
	const baseline = watched.rssMb[0] ?? NaN;
	const peak = Math.max(...watched.rssMb);
	return {
		name,
		requests: outcomes.length,
		statuses,
		completeStreams: outcomes.filter((outcome) => outcome.complete).length,
		errors: outcomes.filter((outcome) => outcome.error !== undefined).length,
		megabytes: outcomes.reduce((sum, outcome) => sum + outcome.bytes, 0) / 1e6,
		healthzP50Ms: percentile(watched.healthzMs, 50),
		healthzP99Ms: percentile(watched.healthzMs, 99),
		healthzMaxMs: Math.max(...watched.healthzMs),
		healthzFailures: watched.healthzFailures,
		rssBaselineMb: baseline,
		rssPeakMb: peak,
		rssGrowthMb: peak - baseline,
		seconds
	};
}

async function loadPhase(
	name: string,
	server: { url: string; pid: number },
	requests: () => Promise<StreamOutcome>[]
): Promise<Phase> {
	const watch = watchServer(server.url, server.pid);
	// The probe process starts and takes its first, quiet measurements.
	await new Promise((resolve) => setTimeout(resolve, 1500));
	const started = performance.now();
	const outcomes = await Promise.all(requests());
	const seconds = (performance.now() - started) / 1000;
	await new Promise((resolve) => setTimeout(resolve, 300));
	return summarise(name, outcomes, await watch.stop(), seconds);
}

/** A gateway that streams 20 small events 5 ms apart, with Node's default keep-alive (5 s). */
async function sseUpstream(): Promise<Server> {
	const server = createServer((req, res) => {
		req.resume();
		req.once('end', () => {
			res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
			let sent = 0;
			const timer = setInterval(() => {
				if (sent < 20) {
					res.write(`event: response.output_text.delta\ndata: {"delta":"token ${sent}"}\n\n`);
					sent += 1;
					return;
				}
				clearInterval(timer);
				res.end('event: response.completed\ndata: {"type":"response.completed"}\n\n');
			}, 5);
			res.once('close', () => clearInterval(timer));
		});
	});
	await new Promise<void>((resolve) => server.listen(UPSTREAM_PORT, '127.0.0.1', resolve));
	return server;
}

const HUGE = { model: 'demo', input: 'bench #scenario:huge:8192', stream: true };
/** A Responses stream's last event: completed, or failed (the demo's 8 MB cap ends it so). */
const TERMINAL = /event: response\.(?:completed|failed|incomplete)/;

async function main(): Promise<void> {
	console.log('Building the app…');
	const built = buildApp('production');
	const phases: Phase[] = [];
	const demo = await serve(built.dir, DEMO_PORT);
	try {
		const demoUrl = `${demo.url}/demo/v1/responses`;
		phases.push(
			await loadPhase('demo: 100 × huge:8192, read to the end', demo, () =>
				Array.from({ length: 100 }, () => stream(demoUrl, HUGE, TERMINAL))
			)
		);
		phases.push(
			await loadPhase('demo: 100 × huge:8192, readers leave after 2 s', demo, () =>
				Array.from({ length: 100 }, () => stream(demoUrl, HUGE, TERMINAL, 2000))
			)
		);
	} finally {
		await demo.stop();
	}

	const upstream = await sseUpstream();
	const relay = await serve(built.dir, RELAY_PORT, {
		GATEWAY_URL: `http://127.0.0.1:${UPSTREAM_PORT}`,
		GATEWAY_MODE: 'relay'
	});
	try {
		const relayUrl = `${relay.url}/api/relay/v1/responses`;
		for (let round = 1; round <= 3; round += 1) {
			phases.push(
				await loadPhase(`relay: 200 streams, round ${round}`, relay, () =>
					Array.from({ length: 200 }, () =>
						stream(relayUrl, { model: 'demo', input: 'hi', stream: true }, TERMINAL)
					)
				)
			);
			// The next round begins as the gateway closes the connections this one left idle.
			if (round < 3) await new Promise((resolve) => setTimeout(resolve, 4_400));
		}
	} finally {
		await relay.stop();
		await new Promise((resolve) => upstream.close(resolve));
		built.remove();
	}
	await report(phases);
}

async function report(phases: Phase[]): Promise<void> {
	const demoPhases = phases.filter((phase) => phase.name.startsWith('demo'));
	const relayPhases = phases.filter((phase) => phase.name.startsWith('relay'));
	const relayFailures = relayPhases.reduce(
		(sum, phase) => sum + phase.requests - phase.completeStreams,
		0
	);
	const targets = [
		...demoPhases.flatMap((phase) => [
			{
				name: `${phase.name}: /healthz p99`,
				value: `${phase.healthzP99Ms.toFixed(1)} ms`,
				target: '< 100 ms',
				met: phase.healthzP99Ms < 100 && phase.healthzFailures === 0
			},
			{
				name: `${phase.name}: RSS growth`,
				value: `${phase.rssGrowthMb.toFixed(0)} MB`,
				target: '< 300 MB',
				met: phase.rssGrowthMb < 300
			}
		]),
		{
			name: 'relay: 200 streams × 3 rounds, failed or incomplete',
			value: String(relayFailures),
			target: '0',
			met: relayFailures === 0
		}
	];
	const environment = {
		node: process.version,
		platform: `${process.platform} ${process.arch}`,
		cpus: cpus().length,
		cpu: cpus()[0]?.model ?? 'unknown'
	};
	mkdirSync(RESULTS, { recursive: true });
	const json = { generatedAt: new Date().toISOString(), environment, phases, targets };
	writeFileSync(`${RESULTS}server.json`, `${JSON.stringify(json, null, '\t')}\n`);

	const row = (phase: Phase): string =>
		`| ${phase.name} | ${Object.entries(phase.statuses)
			.map(([status, count]) => `${count}× ${status}`)
			.join(
				', '
			)} | ${phase.completeStreams} | ${phase.errors} | ${phase.megabytes.toFixed(1)} | ${phase.healthzP50Ms.toFixed(1)} / ${phase.healthzP99Ms.toFixed(1)} / ${phase.healthzMaxMs.toFixed(1)} | ${phase.rssBaselineMb.toFixed(0)} → ${phase.rssPeakMb.toFixed(0)} (+${phase.rssGrowthMb.toFixed(0)}) | ${phase.seconds.toFixed(1)} |`;
	const markdown = `# Server benchmark

\`npm run bench:server\` — ${json.generatedAt}, Node ${environment.node}, ${environment.platform},
${environment.cpus} × ${environment.cpu}. The production build (\`node build\`) on 127.0.0.1; the
client is the same machine, so the server shares its two cores with 100–200 readers.

| phase | statuses | complete streams | errors | MB read | /healthz p50 / p99 / max ms | RSS MB | s |
| --- | --- | --- | --- | --- | --- | --- | --- |
${phases.map(row).join('\n')}

A \`429\` is the demo gateway refusing a stream beyond its concurrency cap (said in its body);
"readers leave" aborts every request after 2 s, so those streams are incomplete by design.

## Targets

| target | value | goal | met |
| --- | --- | --- | --- |
${targets.map((target) => `| ${target.name} | ${target.value} | ${target.target} | ${target.met ? 'yes' : '**no**'} |`).join('\n')}
`;
	const formatted = await prettier.format(markdown, { parser: 'markdown' });
	writeFileSync(`${RESULTS}server.md`, formatted);
	console.log(formatted);
}

await main();
