/**
 * `npm run bench:render`: our streaming renderer against its peers — `streaming-markdown`, the
 * block-memoised `marked` of Streamdown and LibreChat, and naive `marked` per frame — in the real
 * chat page (production build, headless Chromium; docs/reference/performance.md, "Method"), on
 * an 80 KB answer and a long model-shaped one of 80 and 300 KB, at 3,000 and 10,000 tokens/s;
 * then a CPU profile of ours and of streaming-markdown on the 300 KB answer; then a 1,000-message
 * conversation opened and flung. Runs alternate between renderers, each in a fresh browser
 * context; the prompt is typed, as a person sends it (stream-run.ts). Timing lives here, never in
 * the test suite.
 *
 * `--quick`: one round, the long answer at 80 and 300 KB at 10,000 tokens/s only, no profile
 * (unless `--profile`), one fling (about 7 minutes; for development). `--renderers=ours,none`:
 * only those. `--fling-only`: the fling's rounds alone, no streaming; their summary goes to the
 * console and to tests/bench/results/fling.md (a section named by `--fling-label=…`), never to
 * render.json / render.md. `--fling-trace` (with `--fling-only`): each round traced, and each of
 * its long frames said with what the browser styled and laid out in it (frame-trace.ts).
 * `--frames`: where a streaming frame's time goes (frame-anatomy.ts), each answer at 10,000
 * tokens/s streamed once per renderer with the rendering traced (about 5 minutes); the table goes
 * to the console and to tests/bench/results/frames.md (a section named by `--frames-label=…`),
 * never to render.json / render.md.
 */
import { appendFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../chromium.ts';
import { buildApp, serve } from './app-server.ts';
import { anatomySection, type AnatomyRow } from './frame-anatomy.ts';
import { summarize } from './loaf.ts';
import {
	flingSummary,
	longConversationRun,
	type LongConversationRun
} from './long-conversation.ts';
import { summarizeProfile, type ProfileSummary } from './profile.ts';
import { renderTargets, writeReport, type RenderBenchReport } from './report.ts';
import { SourceLocator } from './source-locator.ts';
import {
	answerLabel,
	caseLabel,
	streamRun,
	type AnswerCase,
	type Renderer,
	type StreamRun
} from './stream-run.ts';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const FLING_ONLY = args.includes('--fling-only');
const FLING_TRACE = args.includes('--fling-trace');
const FRAMES = args.includes('--frames');
const FRAMES_LABEL =
	args.find((arg) => arg.startsWith('--frames-label='))?.slice('--frames-label='.length) ??
	'frames';
// Tracing slows the page: a traced fling's numbers never go into render.json / render.md.
if (FLING_TRACE && !FLING_ONLY) throw new Error('--fling-trace goes with --fling-only');
const FLING_LABEL =
	args.find((arg) => arg.startsWith('--fling-label='))?.slice('--fling-label='.length) ?? 'fling';
const ROUNDS = QUICK ? 1 : Number(process.env['BENCH_ROUNDS'] ?? 3);
const ALL_RENDERERS: Renderer[] = [
	'ours',
	'ours-plain',
	'streaming-markdown',
	'marked-blocks',
	'marked-naive',
	'none'
];
const chosen = args.find((arg) => arg.startsWith('--renderers='))?.slice('--renderers='.length);
const RENDERERS = chosen === undefined ? ALL_RENDERERS : (chosen.split(',') as Renderer[]);
/** `--frames` compares ours with the peer closest to it and with the page alone. */
const FRAME_RENDERERS: Renderer[] = ['ours', 'ours-plain', 'streaming-markdown', 'none'];
const RATES = QUICK || FRAMES ? [10_000] : [3_000, 10_000];
const ANSWERS: Pick<AnswerCase, 'shape' | 'kb'>[] = QUICK
	? [
			{ shape: 'llm', kb: 80 },
			{ shape: 'llm', kb: 300 }
		]
	: [
			{ shape: 'bench', kb: 80 },
			{ shape: 'llm', kb: 80 },
			{ shape: 'llm', kb: 300 }
		];
/**
 * Every answer is typed key by key, as a person sends it. One more case sends the long 80 KB answer
 * as the page opens (pasted, no key, five frames later), so that what the page's own opening costs
 * the first frames of an answer stays in the report; it has no target.
 */
const SENT_ON_OPEN: AnswerCase = {
	shape: 'llm',
	kb: 80,
	tokensPerSecond: 10_000,
	sentOnOpen: true
};
const CASES: AnswerCase[] = [
	...ANSWERS.flatMap((answer) => RATES.map((tokensPerSecond) => ({ ...answer, tokensPerSecond }))),
	...(QUICK ? [] : [SENT_ON_OPEN])
];
const PROFILED: Renderer[] =
	FLING_ONLY || (QUICK && !args.includes('--profile')) ? [] : ['ours', 'streaming-markdown'];
const PROFILE_CASE: AnswerCase = { shape: 'llm', kb: 300, tokensPerSecond: 10_000 };
const PORT = 4191;
/** Runs wait (up to QUIET_WAIT_MS) for the machine's 1-minute load to fall below this. */
const QUIET_LOAD = Number(process.env['BENCH_QUIET_LOAD'] ?? 2.5);
const QUIET_WAIT_MS = 180_000;
/** All the waiting of one benchmark run together: on a machine that stays busy, it goes on. */
const QUIET_BUDGET_MS = Number(process.env['BENCH_QUIET_BUDGET_MIN'] ?? 20) * 60_000;
let waitedMs = 0;

/**
 * Timing on a shared machine: another process's build or test run skews frames and long tasks of
 * whatever runs beside it. Each run waits for a quiet moment (bounded, and bounded in all), and
 * records the load.
 */
async function quiet(): Promise<void> {
	const started = Date.now();
	const until = started + Math.min(QUIET_WAIT_MS, QUIET_BUDGET_MS - waitedMs);
	while ((loadavg()[0] ?? 0) > QUIET_LOAD && Date.now() < until)
		await new Promise((resolve) => setTimeout(resolve, 2000));
	waitedMs += Date.now() - started;
}

const startedAt = Date.now();
// Source maps name the scripts of long frames and the functions of the profile.
const app = buildApp('bench', { sourcemap: true });
const locator = new SourceLocator(app.dir);
// The Messages route: a 300 KB answer's stream fits the demo gateway's 8 MB cap there (about
// 19 bytes of stream per byte of text; the Responses route's 38 would not).
const server = await serve(app.dir, PORT, { GATEWAY_ROUTE: 'messages' });
const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
const browserVersion = browser.version();
const runs: StreamRun[] = [];
const profiles: ProfileSummary[] = [];
const longConversation: LongConversationRun[] = [];
/** One run of each renderer before any counted, not counted (first start of server and browser). */
const WARM_UP: AnswerCase = { shape: 'bench', kb: 20, tokensPerSecond: 10_000 };
async function shutDown(): Promise<void> {
	await browser.close();
	await server.stop();
	app.remove();
}
if (FRAMES) {
	const rows: AnatomyRow[] = [];
	try {
		const renderers = chosen === undefined ? FRAME_RENDERERS : RENDERERS;
		for (const renderer of renderers)
			await streamRun(browser, server.url, renderer, WARM_UP, { locator: null });
		for (const answer of CASES.filter((one) => one.tokensPerSecond === 10_000 && !one.sentOnOpen))
			for (const renderer of renderers) {
				await quiet();
				const { run, frames } = await streamRun(browser, server.url, renderer, answer, {
					locator: null,
					frames: true
				});
				if (frames === null) continue;
				const row = { answer: answerLabel(answer), renderer, latencyP95Ms: run.latencyP95Ms };
				console.log(JSON.stringify({ ...row, ...frames }));
				rows.push({ ...row, anatomy: frames });
			}
	} finally {
		await shutDown();
	}
	const context = `${new Date().toISOString()}, ${browserVersion === '' ? '' : `Chromium ${browserVersion}, `}${cpus()[0]?.model ?? 'CPU'} × ${cpus().length}: each answer at 10,000 tokens/s once per renderer, the rendering traced (\`npm run bench:render -- --frames\`, tests/bench/render/frame-anatomy.ts).`;
	const section = anatomySection(FRAMES_LABEL, context, rows);
	console.log(section);
	appendFileSync(new URL('../results/frames.md', import.meta.url), `${section}\n`);
	process.exit(0);
}
try {
	if (!FLING_ONLY)
		for (const renderer of RENDERERS)
			await streamRun(browser, server.url, renderer, WARM_UP, { locator });
	// Rounds rotate the order of the renderers, shifted again for each answer.
	for (let round = 0; round < (FLING_ONLY ? 0 : ROUNDS); round++) {
		for (const [index, answer] of CASES.entries()) {
			const shift = round + index;
			const order = RENDERERS.map((_, i) => RENDERERS[(i + shift) % RENDERERS.length] as Renderer);
			for (const renderer of order) {
				await quiet();
				const { run } = await streamRun(browser, server.url, renderer, answer, { locator });
				const { longFrames, ...shown } = run;
				console.log(JSON.stringify({ ...shown, longFrames: longFrames.length }));
				runs.push(run);
			}
		}
	}
	for (const renderer of PROFILED.filter((name) => RENDERERS.includes(name))) {
		await quiet();
		const { profile } = await streamRun(browser, server.url, renderer, PROFILE_CASE, {
			locator,
			profile: true
		});
		if (profile !== null)
			profiles.push(summarizeProfile(profile, locator, renderer, caseLabel(PROFILE_CASE)));
	}
	for (let round = 0; round < (QUICK ? 1 : ROUNDS); round++) {
		await quiet();
		const run = await longConversationRun(browser, server.url, locator, {
			traceFrames: FLING_TRACE
		});
		console.log(JSON.stringify({ ...run, scrollLongFrames: run.scrollLongFrames.length }));
		longConversation.push(run);
	}
} finally {
	await shutDown();
}

if (FLING_ONLY) {
	const summary = flingSummary(longConversation, FLING_LABEL);
	console.log(summary);
	appendFileSync(new URL('../results/fling.md', import.meta.url), `${summary}\n`);
	process.exit(0);
}

const report: RenderBenchReport = {
	generatedAt: new Date().toISOString(),
	durationMinutes: Math.round((Date.now() - startedAt) / 6000) / 10,
	quick: QUICK,
	environment: {
		node: process.version,
		chromium: `Chromium ${browserVersion}`,
		platform: `${process.platform}/${process.arch}`,
		cpus: cpus().length
	},
	rounds: ROUNDS,
	renderers: RENDERERS,
	cases: CASES,
	quietLoad: QUIET_LOAD,
	quietWaitMinutes: Math.round(waitedMs / 6000) / 10,
	runs: runs.map(({ longFrames, ...run }) => ({ ...run, loaf: summarize(longFrames) })),
	oursLongFrames: runs
		.filter((run) => run.renderer === 'ours')
		.flatMap((run) => run.longFrames.map((frame) => ({ run: caseLabel(run), ...frame }))),
	loafByCase: Object.fromEntries(
		CASES.flatMap((answer) =>
			RENDERERS.map((renderer) => [
				`${renderer} ${caseLabel(answer)}`,
				summarize(
					runs
						.filter((run) => run.renderer === renderer && caseLabel(run) === caseLabel(answer))
						.flatMap((run) => run.longFrames)
				)
			])
		)
	),
	profiles,
	longConversation,
	targets: []
};
report.targets = renderTargets(report);
await writeReport(report);
console.log(
	report.targets
		.map((t) => `${t.met ? 'met ' : 'MISS'}  ${t.name}: ${t.value} (${t.target})`)
		.join('\n')
);
console.log(`${report.durationMinutes} minutes; answers: ${ANSWERS.map(answerLabel).join(', ')}`);
