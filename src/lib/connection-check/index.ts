/**
 * The connection check (issue 8, point 6): probes the active gateway from the browser — reachable,
 * CORS, credentials, `/v1/models`, one streamed turn — and says what is wrong and how to fix it.
 * Pure logic: every probe takes an injected `fetch`; the page's state lives in
 * src/lib/components/connection.
 */
export { pendingSteps, type StepState } from './steps.ts';
export { secretValues, type CheckTarget, type GatewayPath } from './target.ts';
export { runConnectionCheck, type CheckEnvironment } from './run-check.ts';
export { browserCorsProbe, inspectingCorsProbe } from './cors-probe.ts';
export { judgeCorsResponse, judgePreflight } from './cors-judge.ts';
export { corsUnsafeHeaderNames, headerList } from './cors-headers.ts';
export { explainContext, type ExplainContext } from './explain-context.ts';
export { checkSummary, explainStep, stepHead, type StepExplanation } from './explain.ts';
export type { CheckWords } from './check-copy.ts';
export { checkReport } from './report.ts';
