/**
 * Step 5: one streamed turn, sent and read exactly as the chat sends and reads one
 * (GatewayClient.streamTurn, src/lib/gateway: the header table, connect timeout, failure
 * classification, the wire pipeline), with a one-line prompt and a tiny output limit. `completed` and `incomplete` (the limit) pass; an
 * `interrupted` stream is what a buffering or timing-out proxy does to streamed answers.
 */
import { requestIdFromHeaders } from '../failure/request-id.ts';
import { RequestBuildError } from '../wire/index.ts';
import type { StepDeadline } from './deadline.ts';
import type { StreamOutcome } from './steps.ts';
import { probeRequest, type CheckTarget } from './target.ts';

export interface StreamResult {
	outcome: StreamOutcome;
	requestId?: string;
}

/** The model to try: the chat's, else the first one listed. */
export function probeModel(target: CheckTarget, listed: readonly string[]): string | undefined {
	return target.model !== '' ? target.model : listed[0];
}

export async function checkStream(
	target: CheckTarget,
	listed: readonly string[],
	fetchFn: typeof fetch,
	deadline: StepDeadline
): Promise<StreamResult> {
	const model = probeModel(target, listed);
	if (model === undefined) return { outcome: { kind: 'no_model' } };
	const request = probeRequest(target, model);
	try {
		// The header table refuses a credential no header can carry (a key with a line break).
		await target.gateway.headersFor(request);
	} catch (error) {
		if (error instanceof RequestBuildError) {
			return { outcome: { kind: 'request_invalid', message: error.message } };
		}
		throw error;
	}
	let headerId: string | undefined;
	const capturing: typeof fetch = async (input, init) => {
		const response = await fetchFn(input, init);
		headerId = requestIdFromHeaders(response.headers) ?? headerId;
		return response;
	};
	const turn = await target.gateway.withFetch(capturing).streamTurn(request, {
		model,
		classifierModels: [...target.classifierModels],
		signal: deadline.signal,
		onEvent: () => undefined,
		connectTimeoutMs: deadline.afterMs,
		idleTimeoutMs: deadline.afterMs
	});
	const requestId = turn.failure?.requestId ?? headerId;
	const withId = requestId === undefined ? {} : { requestId };
	const failure = turn.failure ?? { kind: 'unknown', message: 'The answer failed.' };
	switch (turn.status) {
		case 'completed':
			return { outcome: { kind: 'completed', model }, ...withId };
		case 'incomplete':
			return { outcome: { kind: 'incomplete', model }, ...withId };
		case 'cancelled':
			if (deadline.expired()) return { outcome: { kind: 'timed_out', afterMs: deadline.afterMs } };
			throw deadline.signal.reason;
		case 'failed': {
			// Our own connect timeout is the step's deadline too.
			const timedOut = failure.kind === 'network' && failure.code === 'connect_timeout';
			const outcome: StreamOutcome = timedOut
				? { kind: 'timed_out', afterMs: deadline.afterMs }
				: { kind: 'failed', model, failure };
			return { outcome, ...withId };
		}
		case 'interrupted':
			return { outcome: { kind: 'interrupted', model, failure }, ...withId };
	}
}
