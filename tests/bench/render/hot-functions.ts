/**
 * Which functions a stretch of a CPU profile spent its time in: self time per function, named by
 * its source line through the build's source maps, with the nearest of the app's own functions
 * that called it. Made to find the work on a path such as start-up (bench:cold:profile).
 *
 * A layout or style recalculation that script forces (reading `scrollHeight`, calling `focus()`)
 * has no frame of its own in a V8 CPU profile: its time is the self time of the function that
 * asked for it. A function of the app with tens of ms of self time and little code is such a one.
 * @see https://chromedevtools.github.io/devtools-protocol/tot/Profiler/#type-Profile
 */
import type { CpuProfile } from './profile.ts';
import type { SourceLocator } from './source-locator.ts';

export interface HotFunction {
	/**
	 * `src/lib/components/chat/Composer.svelte:47 user_effect`,
	 * `npm:svelte/src/internal/client/runtime.js:220 update_reaction`, `native appendChild`.
	 */
	name: string;
	/** The nearest function of the app's own source (`src/`) on its stack; itself when it is one. */
	calledFrom: string;
	ms: number;
}

type Frame = CpuProfile['nodes'][number]['callFrame'];

function nameOf(frame: Frame, locator: Pick<SourceLocator, 'lineAt'>): string {
	const { functionName, scriptId, url, lineNumber, columnNumber } = frame;
	if (functionName.startsWith('(')) return functionName;
	if (scriptId === '0') return `native ${functionName || '(anonymous)'}`;
	if (url === '') return 'injected (harness)';
	// The map's name where it has one (the build's are minified), else the profile's.
	const line = locator.lineAt(url, lineNumber, columnNumber);
	if (line !== null && /:\d+ \S/.test(line)) return line;
	const at = line ?? url;
	return functionName === '' ? at : `${at} ${functionName}`;
}

/**
 * Self time per function over the samples taken between `from` and `to` (the profile's clock,
 * µs), idle left out, most first.
 */
export function hotFunctions(
	profile: CpuProfile,
	locator: Pick<SourceLocator, 'lineAt'>,
	window: { from: number; to: number },
	top = 15
): HotFunction[] {
	const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
	const parents = new Map<number, number>();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parents.set(child, node.id);
	const names = new Map<number, string>();
	const name = (id: number): string => {
		let known = names.get(id);
		if (known === undefined) {
			const frame = nodes.get(id)?.callFrame;
			known = frame === undefined ? '?' : nameOf(frame, locator);
			names.set(id, known);
		}
		return known;
	};
	const calledFrom = (id: number): string => {
		for (let at: number | undefined = id; at !== undefined; at = parents.get(at))
			if (name(at).startsWith('src/')) return name(at);
		return '—';
	};
	const spent = new Map<string, HotFunction>();
	const samples = profile.samples ?? [];
	const deltas = profile.timeDeltas ?? [];
	let time = profile.startTime ?? 0;
	samples.forEach((id, index) => {
		time += deltas[index] ?? 0;
		if (time < window.from || time > window.to) return;
		if (nodes.get(id)?.callFrame.functionName === '(idle)') return;
		// A sample's time runs until the next one.
		const ms = (deltas[index + 1] ?? 0) / 1000;
		const row = { name: name(id), calledFrom: calledFrom(id) };
		const key = `${row.name}\n${row.calledFrom}`;
		const entry = spent.get(key) ?? { ...row, ms: 0 };
		entry.ms += ms;
		spent.set(key, entry);
	});
	return [...spent.values()].sort((a, b) => b.ms - a.ms).slice(0, top);
}
