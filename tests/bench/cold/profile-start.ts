/**
 * `npm run bench:cold:profile`: where a returning visit's start-up goes, to say why
 * `bench:cold`'s targets are missed. One returning visit (the worker installed, the last
 * conversation — a table and a code block — reopened) at the benchmark's 4× slower CPU, with a
 * Chromium trace and a CPU profile from the navigation to the composer usable. The link is not
 * slowed: on a returning visit the scripts come from the service worker's cache, so what is left
 * is the page's own work. Writes tests/bench/results/cold-profile.md.
 * @see https://chromedevtools.github.io/devtools-protocol/tot/Tracing/
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession } from '@playwright/test';
import * as prettier from 'prettier';
import { chromiumLaunchOptions } from '../../chromium.ts';
import { buildApp, serve } from '../render/app-server.ts';
import { hotFunctions } from '../render/hot-functions.ts';
import { summarizeProfile, type CpuProfile } from '../render/profile.ts';
import { SourceLocator } from '../render/source-locator.ts';
import { writeFile } from 'node:fs/promises';
import { SLOW_LINK } from './slow-browser.ts';
import { installProbe } from './visit.ts';

const PORT = 4198;
const RESULTS = new URL('../results/cold-profile.md', import.meta.url);
/** Main-thread tasks shorter than this are left out of the timeline. */
const TASK_MS = 8;

interface TraceEvent {
	name: string;
	ph: string;
	ts: number;
	dur?: number;
	tid: number;
	args?: { data?: { url?: string; isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/** Trace events that only wrap a task's work (the scheduler's and IPC's own). */
const WRAPPERS = /^(RunTask|ThreadControllerImpl::RunTask|Receive mojo|SimpleWatcher::)/;

/** What a task spent its time on: its longest inner events, by name (and script file). */
function insideOf(task: TraceEvent, events: TraceEvent[]): string {
	const end = task.ts + (task.dur ?? 0);
	const spent = new Map<string, number>();
	for (const event of events) {
		if (event.tid !== task.tid || event.ph !== 'X' || WRAPPERS.test(event.name)) continue;
		if (event.ts < task.ts || event.ts >= end || (event.dur ?? 0) < 2000) continue;
		const file = event.args?.data?.url?.split('/').pop();
		const name = file === undefined || file === '' ? event.name : `${event.name} ${file}`;
		spent.set(name, (spent.get(name) ?? 0) + (event.dur ?? 0) / 1000);
	}
	return (
		[...spent]
			.sort((a, b) => b[1] - a[1])
			.slice(0, 4)
			.map(([name, ms]) => `${name} ${Math.round(ms)}`)
			.join(', ') || '—'
	);
}

async function trace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
	const events: TraceEvent[] = [];
	cdp.on('Tracing.dataCollected', (data) => {
		events.push(...(data.value as unknown as TraceEvent[]));
	});
	await cdp.send('Tracing.start', {
		transferMode: 'ReportEvents',
		traceConfig: {
			includedCategories: [
				'toplevel',
				'devtools.timeline',
				'disabled-by-default-devtools.timeline',
				'v8',
				'loading',
				'blink.user_timing'
			]
		}
	});
	return async () => {
		const complete = new Promise<void>((resolve) =>
			cdp.once('Tracing.tracingComplete', () => resolve())
		);
		await cdp.send('Tracing.end');
		await complete;
		return events;
	};
}

const app = buildApp('production', { sourcemap: true });
const server = await serve(app.dir, PORT);
const profileDir = mkdtempSync(path.join(tmpdir(), 'switchboard-profile-'));
let markdown: string;
try {
	const context = await chromium.launchPersistentContext(profileDir, {
		...chromiumLaunchOptions,
		headless: true
	});
	const version = context.browser()?.version() ?? 'Chromium';
	const first = await context.newPage();
	await first.goto(`${server.url}/`);
	await first.locator('#composer').fill('Show me a table');
	await first.getByRole('button', { name: 'Send' }).click();
	await first.locator('[data-turn-status="completed"]').waitFor();
	await first.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await first.close();

	const page = await context.newPage();
	await installProbe(page);
	const cdp = await context.newCDPSession(page);
	await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_LINK.cpuSlowdown });
	await cdp.send('Profiler.enable');
	await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
	await cdp.send('Profiler.start');
	const endTrace = await trace(cdp);
	await page.goto(`${server.url}/`, { waitUntil: 'commit' });
	await page.waitForFunction(
		() => {
			const cold = (
				window as unknown as {
					__cold?: { composerUsable: number | null; conversationShown: number | null };
				}
			).__cold;
			return cold?.composerUsable != null && cold.conversationShown != null;
		},
		undefined,
		{ polling: 50, timeout: 60_000 }
	);
	const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
	const events = await endTrace();
	const cold = await page.evaluate(
		() =>
			(window as unknown as { __cold: { composerUsable: number; conversationShown: number } })
				.__cold
	);
	const scripts = await page.evaluate(() =>
		(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
			.filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
			.map((entry) => entry.responseEnd)
	);
	await context.close();

	const navigation = events.find(
		(event) =>
			event.name === 'navigationStart' &&
			event.args?.data?.isLoadingMainFrame === true &&
			(event.args.data.documentLoaderURL ?? '').startsWith('http')
	);
	if (navigation === undefined) throw new Error('no navigation in the trace');
	const at = (event: TraceEvent): number => Math.round((event.ts - navigation.ts) / 1000);
	const tasks = events
		.filter(
			(event) =>
				event.tid === navigation.tid &&
				event.ph === 'X' &&
				event.name === 'RunTask' &&
				(event.dur ?? 0) >= TASK_MS * 1000 &&
				event.ts >= navigation.ts &&
				at(event) <= cold.conversationShown
		)
		.sort((a, b) => a.ts - b.ts);
	const locator = new SourceLocator(app.dir);
	const summary = summarizeProfile(profile, locator, 'ours', 'start-up', 15);
	const untilUsable = { from: navigation.ts, to: navigation.ts + cold.composerUsable * 1000 };
	const hot = hotFunctions(profile, locator, untilUsable).filter((row) => row.name !== '(program)');
	const busy = tasks.reduce((sum, task) => sum + (task.dur ?? 0) / 1000, 0);
	markdown = `# Where a returning visit's start-up goes

Generated by \`npm run bench:cold:profile\` on ${new Date().toISOString()} (${version}, ${process.platform}). One returning visit — service worker installed, the last conversation (a table and a code block) reopened — at a ${SLOW_LINK.cpuSlowdown}× slower CPU, link not slowed (a returning visit's scripts come from the worker's cache). Times in ms from the start of the navigation; one run, so read the shape, not the digits (\`bench:cold\` has the medians).

- Composer usable: **${Math.round(cold.composerUsable)} ms**; reopened conversation shown: **${Math.round(cold.conversationShown)} ms**.
- Scripts in before the composer was usable (from the worker's cache): ${scripts.filter((end) => end <= cold.composerUsable).length}, the last at ${Math.round(Math.max(0, ...scripts.filter((end) => end <= cold.composerUsable)))} ms.
- Main-thread tasks of ${TASK_MS} ms or more before the conversation was shown: ${tasks.length}, ${Math.round(busy)} ms in all.

## Main-thread tasks (≥ ${TASK_MS} ms)

| at ms | ms | longest work inside (trace event, ms) |
| ----- | -- | ------------------------------------- |
${tasks.map((task) => `| ${at(task)} | ${Math.round((task.dur ?? 0) / 1000)} | ${insideOf(task, events)} |`).join('\n')}

## CPU profile: self time by source (${summary.busyMs} ms sampled, idle excluded)

| source | ms | share |
| ------ | -- | ----- |
${summary.sources.map((row) => `| ${row.source} | ${row.ms} | ${(row.share * 100).toFixed(1)}% |`).join('\n')}

| kind of work | ms | share |
| ------------ | -- | ----- |
${summary.kinds.map((row) => `| ${row.kind} | ${row.ms} | ${(row.share * 100).toFixed(1)}% |`).join('\n')}

## Until the composer was usable: self time by function

Source lines through the build's source maps. A layout or style recalculation that script forces
(reading \`scrollHeight\`, calling \`focus()\`) has no frame of its own: its time is the self time
of the function that asked for it, so a small function of the app high in this table is one.
Browser work outside script, \`(program)\`, is left out (the kinds above have it).

| function | nearest app code on its stack | ms |
| -------- | ----------------------------- | -- |
${hot.map((row) => `| ${row.name} | ${row.calledFrom === row.name ? 'itself' : row.calledFrom} | ${row.ms.toFixed(1)} |`).join('\n')}
`;
} finally {
	await server.stop();
	app.remove();
	rmSync(profileDir, { recursive: true, force: true });
}
await writeFile(RESULTS, await prettier.format(markdown, { parser: 'markdown' }));
console.log(markdown.split('\n').slice(0, 8).join('\n'));
