/**
 * The failure layer: every way a request can fail enters one of the `classify*` functions and leaves
 * as a typed Failure; `present` turns it into UI copy and actions; `retryDecision` says whether and
 * when to try again. Pure TypeScript: no fetch, no DOM (only `navigator.onLine`, read defensively).
 * @see docs/reference/failures.md
 */
export { classifyHttp } from './classify-http.ts';
export { classifyThrown, type ThrownContext } from './classify-thrown.ts';
export { classifyStreamError } from './classify-stream.ts';
// classifyTokenExchange (sign-in's token requests) is imported from './classify-token.ts' by the
// sign-in code, which loads on first use; re-exporting it here would put it in the first paint.
export type { ClassifyContext } from './context.ts';
export {
	ConnectTimeoutError,
	IdleTimeoutError,
	ResponseTooLargeError,
	isUserAbort
} from './errors.ts';
export { present } from './present.ts';
export { detailOf } from './present-copy.ts';
export {
	readOwnSentence,
	type BadEvent,
	type SignInProblem,
	type UnreadableBody
} from './own-sentence.ts';
export { own } from './own-sentence-say.ts';
export type { FailureAction, FailureActionKind } from './presentation.ts';
export type { FailureSeverity } from './severity.ts';
export type { FailureSituation } from './situation.ts';
export { retryDecision, type RetryReason } from './retry-policy.ts';
export { assertNever } from './assert-never.ts';
export { RAW_CAP } from './text.ts';
export { FAILURE_KINDS, type Failure, type FailureKind, type NetworkCase } from './types.ts';
