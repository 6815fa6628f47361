/**
 * The connection check page's state: the steps as they run, run / run again / cancel, and the
 * report. The probes are src/lib/connection-check's; where the target comes from (the app's
 * configuration and the active profile) is the page's `prepare`.
 */
import type { LoadError } from '../../chat/app-state.svelte.ts';
import {
	checkReport,
	checkSummary,
	explainContext,
	explainStep,
	pendingSteps,
	runConnectionCheck,
	secretValues,
	stepHead,
	type CheckEnvironment,
	type CheckTarget,
	type CheckWords,
	type ExplainContext,
	type StepExplanation,
	type StepState
} from '../../connection-check/index.ts';
import type { CoreCatalogue, DeferredCatalogue } from '../../i18n/catalogue.ts';
import { en } from '../../i18n/en.ts';
import { enDeferred } from '../../i18n/en-deferred.ts';
import { loadErrorText } from '../app/load-error.ts';

/** The page's words in one language: its own, the failures', and why the app did not load. */
export interface CheckPageWords {
	connection: DeferredCatalogue['connection'];
	failure: DeferredCatalogue['failure'];
	appLoad: CoreCatalogue['appLoad'];
}

const ENGLISH: CheckPageWords = {
	connection: enDeferred.connection,
	failure: enDeferred.failure,
	appLoad: en.appLoad
};

/** Why the check could not start. */
export type CannotRun =
	| { kind: 'no_gateway' }
	/** The app's configuration did not load. */
	| { kind: 'not_loaded'; error: LoadError | null }
	/** Anything else: the error's own message. */
	| { kind: 'other'; message: string };

export class CheckCannotRun extends Error {
	override name = 'CheckCannotRun';

	constructor(readonly reason: CannotRun) {
		super(reason.kind);
	}
}

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
	/** What kept the check from starting, if anything (said in the language shown). */
	#problem = $state.raw<CannotRun | null>(null);
	#controller: AbortController | null = null;
	#run = 0;

	constructor(
		private readonly prepare: () => Promise<CheckSetup>,
		private readonly probes: CheckProbes,
		/** The page's words in the language shown (read when shown); English by default. */
		private readonly strings: () => CheckPageWords = () => ENGLISH
	) {}

	#words(): CheckWords {
		const { connection, failure } = this.strings();
		return { check: connection, failure };
	}

	get running(): boolean {
		return this.#running;
	}
	/** Why the check could not start (no configuration, no gateway); `''` otherwise. */
	get problem(): string {
		const problem = this.#problem;
		if (problem === null) return '';
		const words = this.strings();
		const reason =
			problem.kind === 'no_gateway'
				? words.connection.noGateway
				: problem.kind === 'not_loaded'
					? loadErrorText(problem.error, words.appLoad)
					: problem.message;
		return words.connection.couldNotRun(reason);
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
					? stepHead(state, this.#words())
					: explainStep(state, context, this.#words())
		}));
	}
	/** One line for the live region. */
	get summary(): string {
		if (this.#problem !== null) return this.problem;
		const context = this.context;
		if (context === null) {
			const words = this.strings().connection;
			return this.#running ? words.preparing : words.notRunYet;
		}
		return checkSummary(this.#steps, context, this.#words());
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
				this.#problem =
					error instanceof CheckCannotRun
						? error.reason
						: { kind: 'other', message: error instanceof Error ? error.message : String(error) };
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
		const words = this.#words();
		if (setup === null) return words.check.explain.report.notStarted(this.summary);
		return checkReport({
			steps: this.#steps,
			context: explainContext(setup.target, setup.topUpUrl),
			secrets: await secretValues(setup.target),
			now,
			words,
			...(typeof navigator === 'undefined' ? {} : { client: navigator.userAgent })
		});
	}
}
