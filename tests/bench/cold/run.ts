/**
 * `npm run bench:cold`: cold start on a slow link (issue 18, item 5). The production build, served
 * by `node build` with the built-in demo gateway, opened in Chromium with every page and service
 * worker at 150 ms RTT, 1.6 Mbps down, 750 kbps up and a 4× slower CPU (slow-browser.ts):
 * - first visit: a fresh profile; the composer becomes usable, a prompt is sent (the demo answer
 *   has a table and a code block), its first token timed; the service worker is then left to
 *   install at full speed (nothing is timed meanwhile), and the browser closes;
 * - returning visit: the same profile in a new browser: the service worker installed, the last
 *   conversation reopened; the same measures.
 * Each run has its own profile; `COLD_RUNS` runs (default 5), median and max.
 *
 * `--stage <label> [--note <what changed>]`: the run is kept in tests/bench/results/cold.json under
 * that label (replacing an earlier run of the same label), beside the other stages, so the report
 * shows what each change bought. Without `--stage` the label is `current`.
 *
 * `--against <rev>`: this tree and `rev`, alternating run by run, compared pair by pair
 * (against.ts); the stages are left alone.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, serve, type BuiltApp, type RunningApp } from '../render/app-server.ts';
import { checkOut, workingTreeName, writeAgainstReport, type Side } from './against.ts';
import {
	COLD_TARGETS,
	environment,
	writeColdReport,
	type ColdReport,
	type Stage
} from './report.ts';
import { launchSlowBrowser, SLOW_LINK } from './slow-browser.ts';
import { installProbe, visit, type VisitResult } from './visit.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
	const at = args.indexOf(name);
	return at === -1 ? undefined : args[at + 1];
};
const LABEL = option('--stage') ?? 'current';
const NOTE = option('--note') ?? '';
const RUNS = Number(process.env['COLD_RUNS'] ?? 5);
const PORT = 4197;
const RESULTS = new URL('../results/cold.json', import.meta.url);
let chromiumVersion = '';

async function oneVisit(
	profile: string,
	url: string,
	prompt: string,
	reopened: boolean
): Promise<VisitResult> {
	const slow = await launchSlowBrowser(profile, SLOW_LINK);
	chromiumVersion = slow.browser.version();
	try {
		const context = slow.browser.contexts()[0];
		if (context === undefined) throw new Error('no default context');
		const page = await context.newPage();
		await installProbe(page);
		const result = await visit(page, url, prompt, reopened);
		if (!reopened) {
			// Not timed: the worker installs (it stores the shell) at full speed.
			await slow.setNetwork(null);
			await page.evaluate(async () => {
				await navigator.serviceWorker.ready;
			});
		}
		if ((slow.slowed.get('page') ?? 0) === 0) throw new Error('the page was not slowed');
		return result;
	} finally {
		await slow.close();
	}
}

/** One run: a first visit in a fresh profile, then the returning visit in the same profile. */
async function oneRun(url: string): Promise<{ first: VisitResult; returning: VisitResult }> {
	const profile = mkdtempSync(path.join(tmpdir(), 'switchboard-cold-'));
	try {
		const first = await oneVisit(profile, url, 'Show me a table', false);
		const returning = await oneVisit(profile, url, 'And once more', true);
		return { first, returning };
	} finally {
		rmSync(profile, { recursive: true, force: true });
	}
}

const logRun = (run: number, name: string, first: VisitResult, returning: VisitResult): void =>
	console.log(
		`run ${run + 1}/${RUNS}${name}: composer usable ${Math.round(first.composerUsable)} ms first, ${Math.round(returning.composerUsable)} ms returning; first token ${Math.round(first.firstToken)} / ${Math.round(returning.firstToken)} ms`
	);

/** This tree against `revision` (against.ts): both built and served, run by run in ABBA order. */
async function compareAgainst(revision: string): Promise<void> {
	const checkout = checkOut(revision);
	const builds: { label: string; side: Side; app: BuiltApp; server?: RunningApp }[] = [];
	try {
		for (const [label, name, root] of [
			['this tree', workingTreeName(), undefined],
			['against', checkout.name, checkout.root]
		] as const) {
			const app = buildApp('production', root === undefined ? {} : { root });
			builds.push({ label, side: { name, first: [], returning: [] }, app });
		}
		for (const [index, build] of builds.entries())
			build.server = await serve(build.app.dir, PORT + index);
		for (let run = 0; run < RUNS; run++) {
			for (const { label, side, server } of run % 2 === 0 ? builds : [...builds].reverse()) {
				const visits = await oneRun(`${server?.url}/`);
				side.first.push(visits.first);
				side.returning.push(visits.returning);
				logRun(run, ` (${label})`, visits.first, visits.returning);
			}
		}
		const [ours, theirs] = builds.map((build) => build.side);
		if (ours !== undefined && theirs !== undefined)
			await writeAgainstReport(ours, theirs, `Chromium ${chromiumVersion}`);
	} finally {
		for (const build of builds) {
			await build.server?.stop();
			build.app.remove();
		}
		checkout.remove();
	}
}

const AGAINST = option('--against');
if (AGAINST !== undefined) {
	await compareAgainst(AGAINST);
	process.exit(0);
}

const app = buildApp('production');
const server = await serve(app.dir, PORT);
const first: VisitResult[] = [];
const returning: VisitResult[] = [];
try {
	for (let run = 0; run < RUNS; run++) {
		const visits = await oneRun(`${server.url}/`);
		first.push(visits.first);
		returning.push(visits.returning);
		logRun(run, '', visits.first, visits.returning);
	}
} finally {
	await server.stop();
	app.remove();
}

const stage: Stage = {
	label: LABEL,
	note: NOTE,
	measuredAt: new Date().toISOString(),
	loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
	runs: { first, returning }
};
const previous: ColdReport | null = existsSync(RESULTS)
	? (JSON.parse(readFileSync(RESULTS, 'utf8')) as ColdReport)
	: null;
const stages = previous?.stages ?? [];
const at = stages.findIndex((each) => each.label === LABEL);
if (at === -1) stages.push(stage);
else stages[at] = stage;
const report: ColdReport = {
	generatedAt: stage.measuredAt,
	environment: environment(`Chromium ${chromiumVersion}`),
	conditions: SLOW_LINK,
	targets: COLD_TARGETS,
	stages
};
await writeColdReport(RESULTS, report);
