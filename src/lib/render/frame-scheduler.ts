/**
 * One requestAnimationFrame loop for every renderer on the page: DOM work is batched into the next
 * frame, and a frame's work stops at budgets so that no task of ours grows long (performance
 * budget: 0 long tasks). Streaming renderers (priority 0) run first, in order. History rendered
 * lazily (priority 1) runs after, latest scheduled first (the rows just scrolled to, or the newest
 * message of a conversation just opened), and only while the frame's `chars` budget lasts: new
 * content costs style and layout after the script, so history fills in a few KB per frame.
 * A task that has more to do runs again next frame, keeping its place.
 */
export interface FrameBudget {
	/** performance.now() time at which the frame's script budget is spent. */
	readonly deadline: number;
	/** Characters of lazily rendered text the frame may still add (tasks count down). */
	chars: number;
}

export interface FrameTask {
	/** Does work within `budget`; true when more remains. */
	runFrame(budget: FrameBudget): boolean;
}

export interface Scheduler {
	schedule(task: FrameTask, priority?: number): void;
	cancel(task: FrameTask): void;
}

/** Script per frame, leaving the rest of the 16.7 ms frame to style, layout and paint. */
const BUDGET_MS = 8;
/** Lazily rendered text per frame. */
const LAZY_CHARS_PER_FRAME = 3072;

export class FrameScheduler implements Scheduler {
	readonly #tasks = new Map<FrameTask, number>();
	#requested = false;

	schedule(task: FrameTask, priority = 0): void {
		const current = this.#tasks.get(task);
		this.#tasks.set(task, current === undefined ? priority : Math.min(current, priority));
		if (!this.#requested) {
			this.#requested = true;
			requestAnimationFrame(() => this.#frame());
		}
	}

	cancel(task: FrameTask): void {
		this.#tasks.delete(task);
	}

	#frame(): void {
		this.#requested = false;
		const budget: FrameBudget = {
			deadline: performance.now() + BUDGET_MS,
			chars: LAZY_CHARS_PER_FRAME
		};
		const queued = [...this.#tasks];
		this.#tasks.clear();
		const streaming = queued.filter(([, priority]) => priority === 0);
		const lazy = queued.filter(([, priority]) => priority > 0).reverse();
		const more = new Set<FrameTask>();
		for (const [task] of streaming) {
			if (performance.now() >= budget.deadline || task.runFrame(budget)) more.add(task);
		}
		for (const [task] of lazy) {
			const spent = performance.now() >= budget.deadline || budget.chars <= 0;
			if (spent || task.runFrame(budget)) more.add(task);
		}
		// In their first order, ahead of anything scheduled since.
		const later = [...this.#tasks];
		this.#tasks.clear();
		for (const [task, priority] of queued) if (more.has(task)) this.#tasks.set(task, priority);
		for (const [task, priority] of later) this.schedule(task, priority);
		if (this.#tasks.size > 0 && !this.#requested) {
			this.#requested = true;
			requestAnimationFrame(() => this.#frame());
		}
	}
}

export const frameScheduler = new FrameScheduler();
