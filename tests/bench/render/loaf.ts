/**
 * Long animation frames, attributed: how much of each frame went to tasks before rendering
 * (script), to the rendering update's callbacks (requestAnimationFrame: where ours and the
 * per-frame peers do their DOM work), and to style, layout and paint; and which scripts ran, by
 * invoker and by source (the build's source maps name our files and npm packages; a peer's
 * library, injected by the benchmark, has no source URL).
 * @see https://w3c.github.io/long-animation-frames/
 */
import type { LongFrame } from './page-probes.ts';
import type { SourceLocator } from './source-locator.ts';

export interface FramePhases {
	/** Tasks before the frame's rendering update (timers, messages, network callbacks). */
	tasksMs: number;
	/** The rendering update's callbacks: requestAnimationFrame, observers. */
	frameCallbacksMs: number;
	/** Style, layout and paint of the rendering update. */
	styleLayoutPaintMs: number;
	/** Style and layout forced by scripts (inside the script time above). */
	forcedLayoutMs: number;
}

export interface AttributedFrame extends FramePhases {
	/** Since the measurement's origin (the first arrival, or the start of the scroll). */
	atMs: number;
	durationMs: number;
	blockingMs: number;
	scripts: { what: string; ms: number }[];
}

export interface LoafSummary extends FramePhases {
	frames: number;
	totalMs: number;
	/** Scripts by what ran them and where, most time first. */
	scripts: { what: string; ms: number; count: number }[];
}

const round = (value: number): number => Math.round(value * 10) / 10;

export function phasesOf(frame: LongFrame): FramePhases {
	const end = frame.start + frame.duration;
	const render = frame.renderStart > 0 ? frame.renderStart : end;
	const styleLayout = frame.styleAndLayoutStart > 0 ? frame.styleAndLayoutStart : end;
	return {
		tasksMs: round(render - frame.start),
		frameCallbacksMs: round(styleLayout - render),
		styleLayoutPaintMs: round(end - styleLayout),
		forcedLayoutMs: round(frame.scripts.reduce((sum, s) => sum + s.forcedStyleAndLayout, 0))
	};
}

/** `invokerType invoker → function (source)`, the script's source named through the maps. */
function scriptName(script: LongFrame['scripts'][number], locator: SourceLocator | null): string {
	const source =
		script.sourceURL === ''
			? 'injected script'
			: (locator?.atOffset(script.sourceURL, script.sourceCharPosition) ??
				new URL(script.sourceURL).pathname.split('/').at(-1) ??
				script.sourceURL);
	const invoker = script.invoker.startsWith('http') ? 'script' : script.invoker;
	const fn = script.sourceFunctionName === '' ? '' : ` ${script.sourceFunctionName}()`;
	return `${script.invokerType} ${invoker} →${fn} ${source}`;
}

export function attribute(
	frame: LongFrame,
	origin: number,
	locator: SourceLocator | null
): AttributedFrame {
	return {
		atMs: Math.round(frame.start - origin),
		durationMs: round(frame.duration),
		blockingMs: round(frame.blocking),
		...phasesOf(frame),
		scripts: frame.scripts.map((script) => ({
			what: scriptName(script, locator),
			ms: round(script.duration)
		}))
	};
}

/** All the frames of one or more runs, summed; the `top` scripts by time. */
export function summarize(frames: readonly AttributedFrame[], top = 4): LoafSummary {
	const scripts = new Map<string, { ms: number; count: number }>();
	for (const frame of frames)
		for (const script of frame.scripts) {
			const seen = scripts.get(script.what) ?? { ms: 0, count: 0 };
			scripts.set(script.what, { ms: seen.ms + script.ms, count: seen.count + 1 });
		}
	const sum = (key: keyof FramePhases | 'durationMs'): number =>
		round(frames.reduce((total, frame) => total + frame[key], 0));
	return {
		frames: frames.length,
		totalMs: sum('durationMs'),
		tasksMs: sum('tasksMs'),
		frameCallbacksMs: sum('frameCallbacksMs'),
		styleLayoutPaintMs: sum('styleLayoutPaintMs'),
		forcedLayoutMs: sum('forcedLayoutMs'),
		scripts: [...scripts]
			.map(([what, { ms, count }]) => ({ what, ms: round(ms), count }))
			.sort((a, b) => b.ms - a.ms)
			.slice(0, top)
	};
}
