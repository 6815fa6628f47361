/**
 * Renders markdown with the real renderer (core + DOM layer) into the fake DOM, either in one go or
 * chunk by chunk with a frame (a flush) after each chunk, and returns the resulting HTML.
 */
import type { Scheduler } from '../../../src/lib/render/frame-scheduler.ts';
import { LiveMarkdown } from '../../../src/lib/render/live-markdown.ts';
import { fakeContainer, innerHtml, type FakeElement } from './fake-dom.ts';

/** Frames are run by hand (`flush`), never by a timer. */
const manual: Scheduler = { schedule: () => undefined, cancel: () => undefined };

/** A renderer into a fake container; `priority` 1 renders as lazily shown history does. */
export function createRenderer(priority = 0): { renderer: LiveMarkdown; root: FakeElement } {
	const { element, fake } = fakeContainer();
	// One id prefix for every renderer here, so that renders of the same text can be compared.
	const renderer = new LiveMarkdown(element, {
		scheduler: manual,
		highlight: false,
		math: false,
		diagrams: false,
		priority,
		idPrefix: 'md-'
	});
	return { renderer, root: fake };
}

/** The whole text at once, finished: the container, to inspect. */
export function renderedRoot(text: string): FakeElement {
	const { renderer, root } = createRenderer();
	renderer.append(text);
	renderer.finish();
	renderer.flush();
	return root;
}

/** The whole text at once, finished. */
export function renderAll(text: string): string {
	const { renderer, root } = createRenderer();
	renderer.append(text);
	renderer.finish();
	renderer.flush();
	return innerHtml(root);
}

/** What a frame shows when exactly `text` has arrived (not finished). */
export function renderPrefix(text: string): string {
	const { renderer, root } = createRenderer();
	renderer.append(text);
	renderer.flush();
	return innerHtml(root);
}

/** The chunks one by one, a frame after each, then the end. */
export function renderChunks(chunks: readonly string[]): string {
	const { renderer, root } = createRenderer();
	for (const chunk of chunks) {
		renderer.append(chunk);
		renderer.flush();
	}
	renderer.finish();
	renderer.flush();
	return innerHtml(root);
}
