/**
 * Runs the five steps in order, each under its own deadline, reporting every change of state.
 * A failed step skips the rest (they would only fail for the same reason); cancelling marks the
 * running step and the rest `cancelled`. Never throws for a gateway's behaviour: every way a probe
 * can go wrong is an outcome.
 */
import { requestIdFromHeaders } from '../failure/request-id.ts';
import type { CorsProbe } from './cors-probe.ts';
import { stepDeadline } from './deadline.ts';
import { checkAuth } from './step-auth.ts';
import { checkCors } from './step-cors.ts';
import { judgeModelList } from './step-models.ts';
import { checkReachable, type ReachableEnvironment } from './step-reachable.ts';
import { checkStream } from './step-stream.ts';
import {
	CHECK_STEPS,
	passes,
	pendingSteps,
	type CheckStepName,
	type ModelsOutcome,
	type StepState,
	type StepVerdict
} from './steps.ts';
import { RequestBuildError } from '../wire/index.ts';
import { probeRequest, type CheckTarget } from './target.ts';

export const DEFAULT_STEP_TIMEOUT_MS = 10_000;
/** A streamed answer may think before its first token: its step gets longer. */
export const DEFAULT_STREAM_TIMEOUT_MS = 30_000;

export interface CheckEnvironment extends ReachableEnvironment {
	cors: CorsProbe;
	/** Cancels the whole check. */
	signal?: AbortSignal;
	stepTimeoutMs?: number;
	streamTimeoutMs?: number;
	/** Called with the whole list after every change. */
	onUpdate?: (steps: readonly StepState[]) => void;
}

export async function runConnectionCheck(
	target: CheckTarget,
	environment: CheckEnvironment
): Promise<StepState[]> {
	const cancel = environment.signal ?? new AbortController().signal;
	const stepMs = environment.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS;
	const fetchFn = environment.fetch;
	let steps = pendingSteps();
	const set = (state: StepState): void => {
		steps = steps.map((current) => (current.step === state.step ? state : current));
		environment.onUpdate?.(steps);
	};
	const endFrom = (from: CheckStepName, end: (step: CheckStepName) => StepState): StepState[] => {
		for (const step of CHECK_STEPS.slice(CHECK_STEPS.indexOf(from))) set(end(step));
		return steps;
	};
	/** Runs one step; `false` when the check ends here (failed or cancelled). */
	const run = async (
		step: CheckStepName,
		probe: () => Promise<{ verdict: StepVerdict; requestId?: string | undefined }>
	): Promise<boolean> => {
		if (cancel.aborted) {
			endFrom(step, (name) => ({ step: name, state: 'cancelled' }));
			return false;
		}
		set({ step, state: 'running' });
		let result: { verdict: StepVerdict; requestId?: string | undefined };
		try {
			result = await probe();
		} catch (error) {
			if (!cancel.aborted) throw error;
			endFrom(step, (name) => ({ step: name, state: 'cancelled' }));
			return false;
		}
		const passed = passes(result.verdict);
		const requestId = result.requestId;
		set({
			...result.verdict,
			state: passed ? 'passed' : 'failed',
			...(requestId === undefined ? {} : { requestId })
		});
		if (!passed) {
			const after = CHECK_STEPS.indexOf(step) + 1;
			for (const name of CHECK_STEPS.slice(after))
				set({ step: name, state: 'skipped', after: step });
		}
		return passed;
	};

	environment.onUpdate?.(steps);
	const ok1 = await run('reachable', async () => ({
		verdict: {
			step: 'reachable',
			outcome: await checkReachable(target, environment, stepDeadline(cancel, stepMs))
		}
	}));
	if (!ok1) return steps;

	const ok2 = await run('cors', async () => {
		// The headers of a real turn; the model only changes the body, not the headers.
		const headers = await corsHeaders(target);
		const outcome = await checkCors(
			target,
			headers,
			environment.cors,
			stepDeadline(cancel, stepMs)
		);
		return { verdict: { step: 'cors', outcome } };
	});
	if (!ok2) return steps;

	let answer: Awaited<ReturnType<typeof checkAuth>>['answer'];
	const ok3 = await run('auth', async () => {
		const result = await checkAuth(target, fetchFn, stepDeadline(cancel, stepMs));
		answer = result.answer;
		return { verdict: { step: 'auth', outcome: result.outcome }, requestId: result.requestId };
	});
	if (!ok3 || answer === undefined) return steps;

	const models = judgeModelList(answer, target.route);
	const listId = modelListRequestId(answer.headers, models);
	const ok4 = await run('models', () =>
		Promise.resolve({ verdict: { step: 'models', outcome: models }, requestId: listId })
	);
	if (!ok4) return steps;

	const listed = models.kind === 'listed' ? models.ids : [];
	const streamMs = environment.streamTimeoutMs ?? DEFAULT_STREAM_TIMEOUT_MS;
	await run('stream', async () => {
		const result = await checkStream(target, listed, fetchFn, stepDeadline(cancel, streamMs));
		return { verdict: { step: 'stream', outcome: result.outcome }, requestId: result.requestId };
	});
	return steps;
}

/**
 * The headers of a turn as the gateway client sends it; when a credential cannot be a header value
 * (the stream step says so), the builder's headers alone.
 */
async function corsHeaders(target: CheckTarget): Promise<Record<string, string>> {
	const request = probeRequest(target, target.model || 'model');
	try {
		return await target.gateway.headersFor(request);
	} catch (error) {
		if (error instanceof RequestBuildError) return request.headers;
		throw error;
	}
}

function modelListRequestId(headers: Headers, outcome: ModelsOutcome): string | undefined {
	return (
		(outcome.kind === 'http_error' ? outcome.failure.requestId : undefined) ??
		requestIdFromHeaders(headers)
	);
}
