/**
 * Binds a markdown view element to its text: a settled string, or a `StreamingText` still growing.
 * While a stream is live its deltas go straight to the renderer (no reactive state in between);
 * when the turn settles and the settled text is what streamed, the rendered DOM is kept and only
 * finished, never rendered again. Settled text rendered lazily waits until the element comes near
 * the viewport (history far up a long conversation costs nothing until scrolled to).
 */
import { benchProbe, benchSink } from '$lib/render/bench/hook.svelte';
import { LazySink } from '$lib/render/lazy-renderer';
import type { MarkdownSink } from '$lib/render/live-markdown';
import type { StreamingText, TextChannel } from '$lib/render/streaming-text.svelte';
import { estimatedHeight } from './estimate';

export interface MarkdownSource {
	text: string;
	live: StreamingText | undefined;
	channel: TextChannel;
}

/**
 * Near the viewport: within half a viewport above or below, and within half of the scrolling
 * area's own height of its edges. The conversation scrolls in its own area, which clips what it
 * holds before the page's viewport is reached: `rootMargin` alone widens only the page's viewport,
 * so a message just below the area's edge would stay blank until scrolled into it. `scrollMargin`
 * (Intersection Observer, https://w3c.github.io/IntersectionObserver/#dom-intersectionobserver-scrollmargin)
 * widens every scroll container on the way; a browser without it renders on first sight instead.
 */
const LAZY_MARGIN = '50% 0px';
const waiting = new WeakMap<Element, () => void>();
let observer: IntersectionObserver | null = null;

function whenNearViewport(element: HTMLElement, callback: () => void): () => void {
	observer ??= new IntersectionObserver(
		(entries) => {
			for (const entry of entries) {
				if (!entry.isIntersecting) continue;
				observer?.unobserve(entry.target);
				waiting.get(entry.target)?.();
				waiting.delete(entry.target);
			}
		},
		{ rootMargin: LAZY_MARGIN, scrollMargin: LAZY_MARGIN }
	);
	waiting.set(element, callback);
	observer.observe(element);
	return () => {
		observer?.unobserve(element);
		waiting.delete(element);
	};
}

export class MarkdownBinding {
	readonly #element: HTMLElement;
	readonly #sink: MarkdownSink;
	readonly #lazy: boolean;
	readonly #probe = import.meta.env.MODE === 'bench' ? benchProbe() : null;
	#live: StreamingText | undefined;
	#unsubscribe: (() => void) | null = null;
	#streamed = 0;
	/** The settled text rendered, or null while none is. */
	#settled: string | null = null;
	#cancelWait: (() => void) | null = null;

	constructor(element: HTMLElement, lazy: boolean) {
		this.#element = element;
		this.#lazy = lazy;
		const onRender = (_length: number, finished: boolean): void => this.#rendered(finished);
		this.#sink =
			import.meta.env.MODE === 'bench'
				? benchSink(element, { onRender, priority: lazy ? 1 : 0 })
				: new LazySink(element, { onRender, priority: lazy ? 1 : 0 });
	}

	show({ text, live, channel }: MarkdownSource): void {
		if (live !== undefined) {
			this.#stream(live, channel);
			return;
		}
		const streamed = this.#live?.read(channel);
		if (this.#live !== undefined) this.#stopStream();
		if (streamed === text) {
			// What streamed is the settled text: keep the DOM, only finish it.
			this.#settled = text;
			this.#sink.finish();
			return;
		}
		if (text === this.#settled) return;
		this.#cancelWait?.();
		if (this.#lazy && this.#settled === null) {
			this.#element.style.minHeight = `${estimatedHeight(text)}px`;
			this.#cancelWait = whenNearViewport(this.#element, () => this.#render(text));
		} else this.#render(text);
	}

	#render(text: string): void {
		this.#cancelWait = null;
		this.#settled = text;
		this.#element.removeAttribute('data-rendered');
		this.#sink.reset();
		this.#sink.append(text);
		this.#sink.finish();
	}

	#stream(live: StreamingText, channel: TextChannel): void {
		if (live === this.#live) return;
		this.#stopStream();
		this.#cancelWait?.();
		this.#cancelWait = null;
		this.#settled = null;
		this.#element.removeAttribute('data-rendered');
		this.#sink.reset();
		this.#live = live;
		const sofar = live.read(channel);
		this.#streamed = sofar.length;
		this.#sink.append(sofar);
		this.#probe?.arrived(this.#streamed);
		this.#unsubscribe = live.subscribe(channel, (delta) => {
			this.#streamed += delta.length;
			this.#sink.append(delta);
			this.#probe?.arrived(this.#streamed);
		});
	}

	#stopStream(): void {
		this.#unsubscribe?.();
		this.#unsubscribe = null;
		this.#live = undefined;
	}

	#rendered(finished: boolean): void {
		if (finished) {
			this.#element.style.minHeight = '';
			this.#element.setAttribute('data-rendered', '');
		}
	}

	destroy(): void {
		this.#stopStream();
		this.#cancelWait?.();
		this.#sink.destroy();
	}
}
