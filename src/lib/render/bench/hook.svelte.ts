/**
 * The benchmark hook. It exists only in bench builds (`vite build --mode bench`): every use is
 * behind `import.meta.env.MODE === 'bench'`, which Vite replaces by a constant, so production
 * bundles contain none of it (tests/bench/size checks the built files).
 *
 * The benchmark (tests/bench/render) configures it through `window.__switchboardBench` before the
 * app starts: which renderer to use (ours, or a peer whose library it injected), and it reads back
 * arrivals and paints.
 * It can also open a seeded conversation (the app has no conversation store to seed in a bench).
 */
import type { ChatMessage } from '../../chat/chat-session.svelte.ts';
import { LazySink } from '../lazy-renderer.ts';
import type { LiveMarkdownOptions, MarkdownSink } from '../live-markdown.ts';
import { NaiveMarkdown, NullSink } from './baseline.ts';
import { BlockMemoMarkdown } from './block-memo.ts';
import { LatencyProbe } from './probe.ts';
import { StreamingMarkdownSink } from './streaming-markdown-sink.ts';

/**
 * `ours-plain`: ours without highlighting. `none` renders nothing: the page's own cost (wire,
 * state, storage), for subtracting.
 */
export type BenchRenderer =
	'ours' | 'ours-plain' | 'streaming-markdown' | 'marked-blocks' | 'marked-naive' | 'none';

export interface BenchHook {
	renderer: BenchRenderer;
	probe?: LatencyProbe;
	/** Shows `messages` in place of the session's (the 1,000-message benchmark). */
	open?: (messages: ChatMessage[]) => void;
}

function hook(): BenchHook | undefined {
	return (window as unknown as { __switchboardBench?: BenchHook }).__switchboardBench;
}

/** The latency probe, when a benchmark runs. */
export function benchProbe(): LatencyProbe | null {
	const bench = hook();
	if (bench === undefined) return null;
	bench.probe ??= new LatencyProbe();
	return bench.probe;
}

/** The renderer the benchmark asked for. */
export function benchSink(element: HTMLElement, options: LiveMarkdownOptions): MarkdownSink {
	const probe = benchProbe();
	const onRender = (length: number, finished: boolean): void => {
		probe?.rendered(length);
		options.onRender?.(length, finished);
	};
	switch (hook()?.renderer) {
		case 'marked-naive':
			return new NaiveMarkdown(element, onRender);
		case 'marked-blocks':
			return new BlockMemoMarkdown(element, onRender);
		case 'streaming-markdown':
			return new StreamingMarkdownSink(element, onRender);
		case 'none':
			return new NullSink(onRender);
		case 'ours-plain':
			return new LazySink(element, { ...options, onRender, highlight: false });
		case 'ours':
		case undefined:
			return new LazySink(element, { ...options, onRender });
	}
}

class SeededConversation {
	messages = $state.raw<ChatMessage[] | null>(null);
}

let seeded: SeededConversation | null = null;

/** A conversation the benchmark opens, shown instead of the session's messages. */
export function benchConversation(): SeededConversation {
	if (seeded === null) {
		const conversation = new SeededConversation();
		const bench = hook();
		if (bench !== undefined) bench.open = (messages) => (conversation.messages = messages);
		seeded = conversation;
	}
	return seeded;
}
