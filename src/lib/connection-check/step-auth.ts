/**
 * Step 3: does the gateway accept the credentials the chat sends? `GET {base}/v1/models` exactly as
 * the chat's model list asks for it: GatewayClient.probe, the same header table and the same
 * refresh and one more try after a 401 (src/lib/gateway). A 401 or 403 fails the step, classified
 * by the one failure classifier; any other answer is handed to step 4.
 */
import { classifyHttp, classifyThrown } from '../failure/index.ts';
import { requestIdFromHeaders } from '../failure/request-id.ts';
import { readCapped } from '../gateway/read-capped.ts';
import type { StepDeadline } from './deadline.ts';
import type { AuthOutcome } from './steps.ts';
import type { CheckTarget } from './target.ts';

/** How much of the model list is read; a real list is a few kilobytes. */
const MAX_MODEL_LIST_BYTES = 1024 * 1024;

export interface ModelListAnswer {
	status: number;
	headers: Headers;
	body: string;
}

export interface AuthResult {
	outcome: AuthOutcome;
	/** The answer, for step 4, when there was one and it was not a refusal. */
	answer?: ModelListAnswer;
	/** Of a refusal (an accepted answer's id goes with step 4). */
	requestId?: string;
}

export async function checkAuth(
	target: CheckTarget,
	fetchFn: typeof fetch,
	deadline: StepDeadline
): Promise<AuthResult> {
	const context = { route: target.route, classifierModels: [...target.classifierModels] };
	try {
		const response = await target.gateway.withFetch(fetchFn).probe(deadline.signal);
		const body = await readCapped(response, MAX_MODEL_LIST_BYTES);
		if (response.status === 401 || response.status === 403) {
			const failure = classifyHttp(response.status, response.headers, body, context);
			const requestId = failure.requestId ?? requestIdFromHeaders(response.headers);
			return {
				outcome: { kind: 'refused', failure },
				...(requestId === undefined ? {} : { requestId })
			};
		}
		const answer = { status: response.status, headers: response.headers, body };
		const kind = response.ok ? 'accepted' : 'not_refused';
		return { outcome: { kind, status: response.status }, answer };
	} catch (error) {
		if (deadline.expired()) return { outcome: { kind: 'timed_out', afterMs: deadline.afterMs } };
		if (deadline.signal.aborted) throw error;
		return { outcome: { kind: 'request_failed', failure: classifyThrown(error, context) } };
	}
}
