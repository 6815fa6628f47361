/**
 * The connection check (issue 8, point 6): probes the active gateway from the browser — reachable,
 * CORS, credentials, `/v1/models`, one streamed turn — and says what is wrong and how to fix it.
 * Pure logic: every probe takes an injected `fetch`; the page's state lives in
 * src/lib/components/connection.
 */
export {
	CHECK_STEPS,
	passes,
	pendingSteps,
	type AuthOutcome,
	type CheckStepName,
	type CorsOutcome,
	type ModelsOutcome,
	type ReachableOutcome,
	type StepState,
	type StepVerdict,
	type StreamOutcome
} from './steps.ts';
export {
	isSameOrigin,
	probeRequest,
	secretValues,
	type CheckTarget,
	type CredentialSource,
	type GatewayPath
} from './target.ts';
export {
	runConnectionCheck,
	DEFAULT_STEP_TIMEOUT_MS,
	DEFAULT_STREAM_TIMEOUT_MS,
	type CheckEnvironment
} from './run-check.ts';
export { browserCorsProbe, inspectingCorsProbe, type CorsProbe } from './cors-probe.ts';
export { judgeCorsResponse, judgePreflight, type PreflightVerdict } from './cors-judge.ts';
export { corsUnsafeHeaderNames, headerList } from './cors-headers.ts';
export { explainContext, type ExplainContext } from './explain-context.ts';
export {
	checkSummary,
	explainStep,
	STATE_WORDS,
	STEP_LABELS,
	type StepExplanation
} from './explain.ts';
export { checkReport, type ReportInput } from './report.ts';
