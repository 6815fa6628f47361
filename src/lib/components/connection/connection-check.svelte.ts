/**
 * The connection check page's state: the steps as they run, run / run again / cancel, and the
 * report. The probes are src/lib/connection-check's; where the target comes from (the app's
 * configuration and the active profile) is the page's `prepare`.
 */
import {
	checkReport,
	checkSummary,
	explainContext,
	explainStep,
	pendingSteps,
	runConnectionCheck,
	secretValues,
	STATE_WORDS,
	STEP_LABELS,
	type CheckEnvironment,
	type CheckTarget,
	type ExplainContext,
	type StepExplanation,
	type StepState
} from '../../connection-check/index.ts';
import type { DeferredCatalogue } from '../../i18n/catalogue.ts';
import { enDeferred } from '../../i18n/en-deferred.ts';

type CheckStrings = DeferredCatalogue['connection'];

export interface CheckSetup {
	target: CheckTarget;
	/** TOP_UP_URL, for the "top up" fix. */
	topUpUrl?: string | null;
}

export type CheckProbes = Omit<CheckEnvironment, 'signal' | 'onUpdate'>;

export interface StepRow {
	state: StepState;
	explanation: StepExplanation;
}

export class ConnectionCheckState {
	#steps = $state.raw<readonly StepState[]>(pendingSteps());
	#setup = $state.raw<CheckSetup | null>(null);
	#running = $state(false);
	/** The error that kept the check from starting, if any (said in the language shown). */
	#problem = $state<string | null>(null);
	#controller: AbortController | null = null;
	#run = 0;

	constructor(
		private readonly prepare: () => Promise<CheckSetup>,
		private readonly probes: CheckProbes,
		/** The page's words in the language shown (read when shown); English by default. */
		private readonly strings: () => CheckStrings = () => enDeferred.connection
	) {}

	get running(): boolean {
		return this.#running;
	}
	/** Why the check could not start (no configuration, no gateway); `''` otherwise. */
	get problem(): string {
		return this.#problem === null ? '' : this.strings().couldNotRun(this.#problem);
	}
	get context(): ExplainContext | null {
		const setup = this.#setup;
		return setup === null ? null : explainContext(setup.target, setup.topUpUrl);
	}
	get rows(): StepRow[] {
		const context = this.context;
		return this.#steps.map((state) => ({
			state,
			explanation:
				context === null
					? { label: STEP_LABELS[state.step], result: STATE_WORDS[state.state] }
					: explainStep(state, context)
		}));
	}
	/** One line for the live region. */
	get summary(): string {
		if (this.#problem !== null) return this.problem;
		const context = this.context;
		if (context === null) {
			const words = this.strings();
			return this.#running ? words.preparing : words.notRunYet;
		}
		return checkSummary(this.#steps, context);
	}

	/** Runs the check from the start (cancelling one in progress). */
	async run(): Promise<void> {
		this.cancel();
		const run = ++this.#run;
		const controller = new AbortController();
		this.#controller = controller;
		this.#running = true;
		this.#problem = null;
		this.#steps = pendingSteps();
		const current = (): boolean => run === this.#run;
		try {
			const setup = await this.prepare();
			if (!current()) return;
			this.#setup = setup;
			await runConnectionCheck(setup.target, {
				...this.probes,
				signal: controller.signal,
				onUpdate: (steps) => {
					if (current()) this.#steps = steps;
				}
			});
		} catch (error) {
			if (current()) {
				this.#problem = error instanceof Error ? error.message : String(error);
			}
		} finally {
			if (current()) {
				this.#running = false;
				this.#controller = null;
			}
		}
	}

	cancel(): void {
		this.#controller?.abort();
	}

	/** The plain-text report of the last run, without any credential. */
	async report(now = Date.now()): Promise<string> {
		const setup = this.#setup;
		if (setup === null) return `Switchboard connection check: ${this.summary}`;
		return checkReport({
			steps: this.#steps,
			context: explainContext(setup.target, setup.topUpUrl),
			secrets: await secretValues(setup.target),
			now,
			...(typeof navigator === 'undefined' ? {} : { client: navigator.userAgent })
		});
	}
}
