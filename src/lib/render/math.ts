/**
 * The math typesetter of the page (dom/math-view.ts's `MathTypesetter`), with KaTeX loaded the
 * first time a formula is met (math-katex.ts, its own chunk with its stylesheet and fonts: a
 * message without math never loads it).
 *
 * No long tasks: a formula is typeset at once only while this frame's allowance for it lasts
 * (a few ms), and from a cache of recent formulas at once always (a streaming paragraph's tail is
 * rebuilt each frame); the others wait in a queue that the frame scheduler works through within
 * its budget, each frame. Until then, and until KaTeX has loaded, a formula shows its source.
 */
import type { MathTypesetter } from './dom/math-view.ts';
import { frameScheduler, type FrameBudget, type FrameTask } from './frame-scheduler.ts';
import type * as Katex from './math-katex.ts';

/** Script time per frame spent typesetting on the spot (the rest waits for the queue). */
const SYNC_MS_PER_FRAME = 4;
const FRAME_MS = 16;
/** Formulas kept typeset, to be copied when shown again. */
const CACHE_SIZE = 256;

interface Job {
	element: HTMLElement;
	tex: string;
	display: boolean;
}

class KatexTypesetter implements MathTypesetter, FrameTask {
	#katex: typeof Katex | null = null;
	#loading = false;
	#failed = false;
	readonly #cache = new Map<string, HTMLElement>();
	#queue: Job[] = [];
	#head = 0;
	#windowStart = -Infinity;
	#spent = 0;

	typeset(element: HTMLElement, tex: string, display: boolean): void {
		const key = `${display ? 'D' : 'I'}${tex}`;
		const cached = this.#cache.get(key);
		if (cached !== undefined) {
			// Most recently used last.
			this.#cache.delete(key);
			this.#cache.set(key, cached);
			this.#show(element, cached);
			return;
		}
		if (this.#failed) return;
		if (this.#katex !== null && this.#allowance()) {
			this.#render({ element, tex, display });
			return;
		}
		this.#queue.push({ element, tex, display });
		if (this.#katex !== null) frameScheduler.schedule(this, 0);
		else this.#load();
	}

	/** Whether this frame's on-the-spot allowance is not spent. */
	#allowance(): boolean {
		const now = performance.now();
		if (now - this.#windowStart >= FRAME_MS) {
			this.#windowStart = now;
			this.#spent = 0;
		}
		return this.#spent < SYNC_MS_PER_FRAME;
	}

	#load(): void {
		if (this.#loading) return;
		this.#loading = true;
		import('./math-katex.ts')
			.then((module) => {
				this.#katex = module;
				frameScheduler.schedule(this, 0);
			})
			.catch(() => {
				// Without KaTeX (a deployment replaced its chunk, or offline): formulas stay source.
				this.#failed = true;
				this.#queue = [];
				this.#head = 0;
			});
	}

	runFrame(budget: FrameBudget): boolean {
		while (this.#head < this.#queue.length && performance.now() < budget.deadline) {
			const job = this.#queue[this.#head++];
			// A streaming paragraph's tail is rebuilt each frame: its old elements are gone.
			if (job !== undefined && job.element.isConnected) this.#render(job);
		}
		if (this.#head >= this.#queue.length) {
			this.#queue = [];
			this.#head = 0;
			return false;
		}
		return true;
	}

	#render(job: Job): void {
		const katex = this.#katex;
		if (katex === null) return;
		const key = `${job.display ? 'D' : 'I'}${job.tex}`;
		let typeset = this.#cache.get(key);
		if (typeset === undefined) {
			const started = performance.now();
			typeset = katex.typesetTex(job.element.ownerDocument, job.tex, job.display);
			this.#spent += performance.now() - started;
			this.#cache.set(key, typeset);
			if (this.#cache.size > CACHE_SIZE) {
				const oldest = this.#cache.keys().next().value;
				if (oldest !== undefined) this.#cache.delete(oldest);
			}
		}
		this.#show(job.element, typeset);
	}

	#show(element: HTMLElement, typeset: HTMLElement): void {
		element.replaceChildren(typeset.cloneNode(true));
		element.classList.add(typeset.tagName === 'CODE' ? 'md-math-failed' : 'md-math-done');
	}
}

export const mathTypesetter: MathTypesetter = new KatexTypesetter();
