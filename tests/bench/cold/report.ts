/**
 * The cold-start report: tests/bench/results/cold.json (every stage's runs) and cold.md (the
 * numbers per stage, the targets, and the request waterfall of the first and the last stage).
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, type } from 'node:os';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import type { LinkConditions } from './slow-browser.ts';
import type { Timed, VisitResult } from './visit.ts';
import { median } from '../stats.ts';

export const COLD_TARGETS = { firstVisitMs: 2000, returningVisitMs: 1200, firstTokenMs: 400 };

export interface Stage {
	label: string;
	/** What changed since the stage before. */
	note: string;
	measuredAt: string;
	/** The machine's 1-minute load as the stage finished (the CPU is shared; timing suffers). */
	loadAverage1m?: number;
	runs: { first: VisitResult[]; returning: VisitResult[] };
}

export interface ColdReport {
	generatedAt: string;
	environment: Record<string, string | number>;
	conditions: LinkConditions;
	targets: typeof COLD_TARGETS;
	stages: Stage[];
}

export function environment(chromium: string): Record<string, string | number> {
	return {
		// What `nproc` prints: the processors this process may use.
		nproc: availableParallelism(),
		cpu: cpus()[0]?.model ?? 'unknown',
		os: `${type()} ${release()}`,
		loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
		node: process.version,
		chromium
	};
}

const ms = (value: number): number => Math.round(value);
const max = (values: readonly number[]): number => Math.max(...values);
const stat = (values: readonly number[]): string => `${ms(median(values))} / ${ms(max(values))}`;

/** The run whose composer became usable at the median (the lower middle for an even count). */
function medianRun(runs: readonly VisitResult[]): VisitResult | undefined {
	const sorted = [...runs].sort((a, b) => a.composerUsable - b.composerUsable);
	return sorted[Math.floor((sorted.length - 1) / 2)];
}

function span(request: Timed | null): string {
	return request === null ? 'none' : `${ms(request.start)}–${ms(request.end)}`;
}

/**
 * Medians of when the turn's request left and its first bytes came, from the click on Send: by
 * the network layer (`firstData`) where the stage recorded it, else by Resource Timing (marked RT).
 */
function sendSpan(runs: readonly VisitResult[]): string {
	const sends = runs.flatMap((run) =>
		run.send === undefined || run.send === null ? [] : [run.send]
	);
	if (sends.length === 0) return 'n/a';
	const data = sends.flatMap((send) => (send.firstData === undefined ? [] : [send.firstData]));
	const came =
		data.length === sends.length
			? ms(median(data))
			: `${ms(median(sends.map((send) => send.firstByte)))} (RT)`;
	return `${ms(median(sends.map((send) => send.requestStart)))} → ${came}`;
}

function overlap(run: VisitResult): string {
	if (run.config === null || run.models === null) return 'no config request';
	return run.models.start < run.config.end ? 'yes' : 'no (after)';
}

const row = (cells: (string | number)[]): string => `| ${cells.join(' | ')} |`;
const SCALE_MS = 50;

function waterfall(run: VisitResult): string[] {
	const entries: { name: string; start: number; end: number; note: string }[] = [
		{
			name: 'document',
			start: 0,
			end: run.document.end,
			note: run.document.fromWorker ? 'service worker' : `${run.document.transferred} B`
		},
		...run.requests.map((request) => ({
			name: request.name.length > 48 ? `…${request.name.slice(-47)}` : request.name,
			start: request.start,
			end: request.end,
			note: request.transferred === 0 ? 'cache / worker' : `${request.transferred} B`
		})),
		{ name: '▶ composer usable', start: run.composerUsable, end: run.composerUsable, note: '' }
	].sort((a, b) => a.start - b.start);
	const bar = (start: number, end: number): string =>
		`${' '.repeat(Math.round(start / SCALE_MS))}${'█'.repeat(Math.max(1, Math.round((end - start) / SCALE_MS)))}`;
	return [
		'```',
		`${'request'.padEnd(50)}${'start'.padStart(6)}${'end'.padStart(6)}  ${'sent'.padEnd(15)} (1 char = ${SCALE_MS} ms)`,
		...entries.map(
			(entry) =>
				`${entry.name.padEnd(50)}${String(ms(entry.start)).padStart(6)}${String(ms(entry.end)).padStart(6)}  ${entry.note.padEnd(15)} ${bar(entry.start, entry.end)}`
		),
		'```'
	];
}

export async function writeColdReport(url: URL, report: ColdReport): Promise<void> {
	const path = fileURLToPath(url);
	writeFileSync(path, `${JSON.stringify(report, null, '\t')}\n`);
	const { targets, conditions } = report;
	const last = report.stages.at(-1);
	const firstStage = report.stages[0];
	const met = (stage: Stage): string[] => {
		const first = median(stage.runs.first.map((run) => run.composerUsable));
		const returning = median(stage.runs.returning.map((run) => run.composerUsable));
		const token = max([
			...stage.runs.first.map((run) => run.firstToken),
			...stage.runs.returning.map((run) => run.firstToken)
		]);
		return [
			`first visit ≤ ${targets.firstVisitMs} ms (median): ${ms(first)} ms — ${first <= targets.firstVisitMs ? 'met' : 'missed'}`,
			`returning visit ≤ ${targets.returningVisitMs} ms (median): ${ms(returning)} ms — ${returning <= targets.returningVisitMs ? 'met' : 'missed'}`,
			`first token < ${targets.firstTokenMs} ms (every run): max ${ms(token)} ms — ${token < targets.firstTokenMs ? 'met' : 'missed'}`
		];
	};
	const lines = [
		'# Cold start on a slow link',
		'',
		`Generated by \`npm run bench:cold\` on ${report.generatedAt}. Machine: ${Object.entries(
			report.environment
		)
			.map(([key, value]) => `${key} ${value}`)
			.join(', ')}.`,
		'',
		'## Conditions and method',
		'',
		`Production build served by \`node build\` with the built-in demo gateway on 127.0.0.1. Chromium (headless) on a persistent profile; every page **and service worker** target is slowed through CDP as it starts: \`Network.emulateNetworkConditions\` (latency ${conditions.latencyMs} ms, ${(conditions.downloadBytesPerSecond * 8) / 1e6} Mbps down, ${(conditions.uploadBytesPerSecond * 8) / 1e3} kbps up) and \`Emulation.setCPUThrottlingRate\` ${conditions.cpuSlowdown}.`,
		'',
		'- **First visit**: a fresh profile. Then a prompt is sent (the demo answer has a table and a code block), the service worker is left to install at full speed (untimed) and the browser is closed.',
		'- **Returning visit**: the same profile in a new browser — service worker installed, HTTP cache warm, the last conversation (table and code block) reopened.',
		'- **Composer usable**: from the start of the navigation to the first moment the composer textarea (`#composer`) is in the page, visible and enabled. ChatPane enables it exactly when a prompt can be sent: configuration loaded, a model chosen, no other tab answering.',
		'- **Requests**: Resource Timing start and end of `/api/config` and `/demo/v1/models` (the model list), from the start of the navigation.',
		'- **First token**: from the click on Send (typed a second earlier) to the first text of the new answer in the DOM.',
		'',
		'Times in ms, **median / max** over the runs of each stage.',
		'',
		'## Numbers',
		'',
		row([
			'stage',
			'runs',
			'load (1 min)',
			'composer usable, first',
			'composer usable, returning',
			'first token, first',
			'first token, returning',
			'config (first)',
			'models (first)',
			'overlap',
			'config (returning)',
			'models (returning)',
			'turn request leaves → first bytes (first / returning)'
		]),
		row(Array.from({ length: 13 }, () => '---')),
		...report.stages.map((stage) => {
			const first = medianRun(stage.runs.first);
			const returning = medianRun(stage.runs.returning);
			return row([
				stage.label,
				stage.runs.first.length,
				stage.loadAverage1m ?? 'not recorded',
				stat(stage.runs.first.map((run) => run.composerUsable)),
				stat(stage.runs.returning.map((run) => run.composerUsable)),
				stat(stage.runs.first.map((run) => run.firstToken)),
				stat(stage.runs.returning.map((run) => run.firstToken)),
				first === undefined ? '' : span(first.config),
				first === undefined ? '' : span(first.models),
				first === undefined ? '' : overlap(first),
				returning === undefined ? '' : span(returning.config),
				returning === undefined ? '' : span(returning.models),
				`${sendSpan(stage.runs.first)} / ${sendSpan(stage.runs.returning)}`
			]);
		}),
		'',
		"Request columns: start–end in the median run (by composer usable). The turn request: medians, from the click on Send (the prompt is saved to IndexedDB before it leaves), to its first body bytes as the browser's network layer saw them (CDP `Network.dataReceived`). Stages marked (RT) recorded only Resource Timing's `responseStart`, which Chromium takes before the emulated latency is added: on this link it came 15–25 ms after the request left, where the network layer saw the first bytes 175–195 ms after.",
		'',
		'## What each change bought',
		'',
		...report.stages.map((stage, index) => {
			const before = report.stages[index - 1];
			const delta = (pick: (s: Stage) => VisitResult[]): string => {
				if (before === undefined) return '';
				const change =
					median(pick(stage).map((run) => run.composerUsable)) -
					median(pick(before).map((run) => run.composerUsable));
				return `${change <= 0 ? '−' : '+'}${Math.abs(ms(change))} ms`;
			};
			return before === undefined
				? `- **${stage.label}**: ${stage.note || 'the starting point.'}`
				: `- **${stage.label}**: ${stage.note} Composer usable (median): first visit ${delta((s) => s.runs.first)}, returning ${delta((s) => s.runs.returning)}.`;
		}),
		'',
		...(last === undefined
			? []
			: [
					'## Targets',
					'',
					`Stage \`${last.label}\`:`,
					'',
					...met(last).map((line) => `- ${line}`),
					''
				]),
		...[firstStage, last]
			.filter(
				(stage, index, all): stage is Stage => stage !== undefined && all.indexOf(stage) === index
			)
			.flatMap((stage) => {
				const first = medianRun(stage.runs.first);
				const returning = medianRun(stage.runs.returning);
				return [
					`## Waterfall: \`${stage.label}\``,
					'',
					'First visit (median run):',
					'',
					...(first === undefined ? [] : waterfall(first)),
					'',
					'Returning visit (median run):',
					'',
					...(returning === undefined ? [] : waterfall(returning)),
					''
				];
			})
	];
	writeFileSync(
		path.replace(/\.json$/, '.md'),
		await prettier.format(lines.join('\n'), { parser: 'markdown' })
	);
	if (last !== undefined) console.log(met(last).join('\n'));
}
