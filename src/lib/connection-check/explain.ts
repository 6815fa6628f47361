/**
 * A step's state → what the page and the report say: its label, a one-word result, and for a
 * passed step a note, for a failed one what is wrong and how to fix it.
 */
import { explainCors, explainReachable, type Sentences } from './explain-access.ts';
import { explainAuth, explainModels, explainStream } from './explain-answers.ts';
import type { ExplainContext } from './explain-context.ts';
import type { CheckStepName, StepState, StepVerdict } from './steps.ts';

export const STEP_LABELS: { readonly [S in CheckStepName]: string } = {
	reachable: 'Reachable',
	cors: 'CORS allowed',
	auth: 'Credentials accepted',
	models: 'Model list',
	stream: 'Streamed answer'
};

export const STATE_WORDS: { readonly [S in StepState['state']]: string } = {
	pending: 'Waiting',
	running: 'Checking…',
	passed: 'Passed',
	failed: 'Failed',
	skipped: 'Skipped',
	cancelled: 'Cancelled'
};

export interface StepExplanation extends Sentences {
	label: string;
	result: string;
}

function sentencesFor(verdict: StepVerdict, context: ExplainContext): Sentences {
	switch (verdict.step) {
		case 'reachable':
			return explainReachable(verdict.outcome, context);
		case 'cors':
			return explainCors(verdict.outcome, context);
		case 'auth':
			return explainAuth(verdict.outcome, context);
		case 'models':
			return explainModels(verdict.outcome, context);
		case 'stream':
			return explainStream(verdict.outcome, context);
	}
}

export function explainStep(state: StepState, context: ExplainContext): StepExplanation {
	const head = { label: STEP_LABELS[state.step], result: STATE_WORDS[state.state] };
	switch (state.state) {
		case 'pending':
		case 'running':
		case 'cancelled':
			return head;
		case 'skipped':
			return { ...head, note: `Not checked: "${STEP_LABELS[state.after]}" failed first.` };
		case 'passed':
		case 'failed':
			return { ...head, ...sentencesFor(state, context) };
	}
}

/** One line for a live region: where the check is, or how it ended. */
export function checkSummary(steps: readonly StepState[], context: ExplainContext): string {
	const running = steps.find((step) => step.state === 'running');
	if (running !== undefined) return `Checking: ${STEP_LABELS[running.step]}…`;
	const failed = steps.find((step) => step.state === 'failed');
	if (failed !== undefined) {
		const { problem } = explainStep(failed, context);
		return `Failed at "${STEP_LABELS[failed.step]}". ${problem ?? ''}`.trim();
	}
	if (steps.some((step) => step.state === 'cancelled')) return 'The check was cancelled.';
	if (steps.every((step) => step.state === 'passed')) return 'All steps passed.';
	return 'Not run yet.';
}
