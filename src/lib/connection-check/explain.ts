/**
 * A step's state → what the page and the report say: its label, a one-word result, and for a
 * passed step a note, for a failed one what is wrong and how to fix it; in the language of
 * `words` (English by default).
 */
import { ENGLISH_CHECK_WORDS, type CheckWords } from './check-copy.ts';
import { explainCors, explainReachable, type Sentences } from './explain-access.ts';
import { explainAuth, explainModels, explainStream } from './explain-answers.ts';
import type { ExplainContext } from './explain-context.ts';
import type { StepState, StepVerdict } from './steps.ts';

export interface StepExplanation extends Sentences {
	label: string;
	result: string;
}

function sentencesFor(verdict: StepVerdict, context: ExplainContext, words: CheckWords): Sentences {
	switch (verdict.step) {
		case 'reachable':
			return explainReachable(verdict.outcome, context, words);
		case 'cors':
			return explainCors(verdict.outcome, context, words);
		case 'auth':
			return explainAuth(verdict.outcome, context, words);
		case 'models':
			return explainModels(verdict.outcome, context, words);
		case 'stream':
			return explainStream(verdict.outcome, context, words);
	}
}

/** A step's name and result alone (before there is anything to explain). */
export function stepHead(
	state: StepState,
	words: CheckWords = ENGLISH_CHECK_WORDS
): StepExplanation {
	return { label: words.check.steps[state.step], result: words.check.states[state.state] };
}

export function explainStep(
	state: StepState,
	context: ExplainContext,
	words: CheckWords = ENGLISH_CHECK_WORDS
): StepExplanation {
	const head = stepHead(state, words);
	switch (state.state) {
		case 'pending':
		case 'running':
		case 'cancelled':
			return head;
		case 'skipped':
			return { ...head, note: words.check.explain.skipped(words.check.steps[state.after]) };
		case 'passed':
		case 'failed':
			return { ...head, ...sentencesFor(state, context, words) };
	}
}

/** One line for a live region: where the check is, or how it ended. */
export function checkSummary(
	steps: readonly StepState[],
	context: ExplainContext,
	words: CheckWords = ENGLISH_CHECK_WORDS
): string {
	const say = words.check.explain.summary;
	const running = steps.find((step) => step.state === 'running');
	if (running !== undefined) return say.checking(words.check.steps[running.step]);
	const failed = steps.find((step) => step.state === 'failed');
	if (failed !== undefined) {
		const { problem } = explainStep(failed, context, words);
		return say.failedAt(words.check.steps[failed.step], problem ?? '');
	}
	if (steps.some((step) => step.state === 'cancelled')) return say.cancelled;
	if (steps.every((step) => step.state === 'passed')) return say.allPassed;
	return say.notRunYet;
}
