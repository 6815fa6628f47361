/**
 * Where a renderer's main-thread JavaScript time goes: a CDP CPU profile (sampled every 250 µs)
 * of one extra run, not counted in the medians (profiling slows the page). Self time per source
 * file or npm package, through the build's source maps, and per kind of work.
 * @see https://chromedevtools.github.io/devtools-protocol/tot/Profiler/
 */
import type { SourceLocator } from './source-locator.ts';

export interface CpuProfile {
	nodes: {
		id: number;
		children?: number[];
		callFrame: {
			functionName: string;
			scriptId: string;
			url: string;
			lineNumber: number;
			columnNumber: number;
		};
	}[];
	samples?: number[];
	timeDeltas?: number[];
	/** When the profile started, µs (the trace's clock). */
	startTime?: number;
}

export interface ProfileSummary {
	renderer: string;
	answer: string;
	/** Sampled time, idle excluded. */
	busyMs: number;
	/** Kinds of work (highlighting, parsing, DOM building, …), most time first. */
	kinds: { kind: string; ms: number; share: number }[];
	/** Source files and packages, most self time first. */
	sources: { source: string; ms: number; share: number }[];
}

/** What kind of work a source does, for the summary. */
function kindOf(source: string): string {
	if (/highlight|hljs/.test(source)) return 'highlighting';
	if (source.startsWith('src/lib/render/core/')) return 'markdown parsing';
	if (/^src\/lib\/render\/(dom\/|live-markdown|frame-scheduler|lazy-renderer)/.test(source))
		return 'DOM building';
	if (/^src\/lib\/(wire|chat)\/|eventsource-parser|streaming-text/.test(source))
		return 'wire, session and storage';
	if (source === '(garbage collector)') return 'garbage collection';
	if (source === '(program)') return 'browser work outside script (program)';
	if (source.startsWith('injected')) return 'injected scripts (harness; a peer its library)';
	if (source.startsWith('native')) return 'native calls (DOM, IndexedDB, scheduling)';
	if (/svelte|src\/lib\/components|src\/routes|sveltekit/.test(source)) return 'Svelte and page';
	return 'other';
}

function sourceOf(
	frame: CpuProfile['nodes'][number]['callFrame'],
	locator: SourceLocator
): string | null {
	const { functionName, scriptId, url, lineNumber, columnNumber } = frame;
	if (functionName === '(idle)' || functionName === '(root)') return null;
	if (functionName.startsWith('(')) return functionName;
	// Web APIs and builtins belong to no script. Scripts without a URL are the injected ones: for
	// every renderer Playwright's (waiting for the answer polls the DOM) and the benchmark's page
	// probes, and for a peer its library too.
	if (scriptId === '0') return `native: ${functionName || '(anonymous)'}`;
	if (url === '') return 'injected without a URL (harness, peer library)';
	return (
		locator.at(url, lineNumber, columnNumber) ??
		(url.includes('/_app/') ? 'sveltekit generated' : `injected: ${url}`)
	);
}

export function summarizeProfile(
	profile: CpuProfile,
	locator: SourceLocator,
	renderer: string,
	answer: string,
	top = 12
): ProfileSummary {
	const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
	const selfMs = new Map<string, number>();
	const samples = profile.samples ?? [];
	const deltas = profile.timeDeltas ?? [];
	samples.forEach((id, index) => {
		const frame = byId.get(id);
		const source = frame === undefined ? null : sourceOf(frame, locator);
		if (source === null) return;
		// A sample's time runs until the next one.
		const ms = (deltas[index + 1] ?? 0) / 1000;
		selfMs.set(source, (selfMs.get(source) ?? 0) + ms);
	});
	const busyMs = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);
	const kinds = new Map<string, number>();
	for (const [source, ms] of selfMs)
		kinds.set(kindOf(source), (kinds.get(kindOf(source)) ?? 0) + ms);
	const rows = <K extends string>(map: Map<string, number>, key: K) =>
		[...map]
			.sort((a, b) => b[1] - a[1])
			.map(
				([name, ms]) =>
					({
						[key]: name,
						ms: Math.round(ms),
						share: Math.round((ms / busyMs) * 1000) / 1000
					}) as Record<K, string> & { ms: number; share: number }
			);
	return {
		renderer,
		answer,
		busyMs: Math.round(busyMs),
		kinds: rows(kinds, 'kind'),
		sources: rows(selfMs, 'source').slice(0, top)
	};
}
