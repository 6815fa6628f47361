import { clockOf, isClassifierModel, type ClassifyContext } from './context.ts';
import type { ErrorFields } from './fields.ts';
import { chooseCode } from './kinds-by-code.ts';
import { gatewayMessage } from './message.ts';
import { own } from './own-sentence-say.ts';
import { requestIdFromMessage } from './request-id.ts';
import { resolveKind } from './resolve-kind.ts';
import { MAX_HINT_MS, retryAfterFromText } from './retry-after.ts';
import { successorFromMessage } from './successor.ts';
import { capRaw } from './text.ts';
import type { Failure, FailureKind } from './types.ts';

/** What classifyHttp and classifyStreamError found, before it becomes one Failure. */
export interface FailureEvidence {
	/** The response's HTTP status; absent for an in-stream error. */
	status?: number;
	fields?: ErrorFields;
	/** Text for the pattern fallback when there are no fields (a page title, a first line). */
	text: string;
	/** The gateway's own words when the body was plain text (never a page title: that is markup's). */
	plainMessage?: string;
	/** From response headers, which outrank the body. */
	headerRequestId?: string;
	headerRetryAfterMs?: number;
	/** The body or payload as received (capped and masked here). */
	raw: string;
	/** The evidence is itself an explicit error report (an in-stream `error` event), even if empty. */
	explicitError?: boolean;
}

/** Kinds that become `classifier_unavailable` when the request went to a classifier model. */
const TRANSIENT: ReadonlySet<FailureKind> = new Set<FailureKind>([
	'rate_limited',
	'usage_limit',
	'overloaded',
	'upstream_failed',
	'bad_gateway',
	'origin_timeout',
	'server_error',
	'model_unavailable'
]);

function effectiveStatus(evidence: FailureEvidence): number | undefined {
	const { status, fields } = evidence;
	if (status !== undefined && status >= 400) return status;
	return fields?.statusHint ?? status;
}

function becomesClassifierFailure(kind: FailureKind, status: number | undefined): boolean {
	if (status !== undefined && (status === 429 || (status >= 500 && status <= 599))) return true;
	return TRANSIENT.has(kind);
}

/** One Failure from the evidence: kind, message, and every hint the evidence carries. */
export function buildFailure(evidence: FailureEvidence, context: ClassifyContext): Failure {
	const { fields } = evidence;
	const now = clockOf(context);
	const status = effectiveStatus(evidence);
	const reportedStatus = evidence.status ?? status;
	const ownText = fields?.message ?? evidence.plainMessage;
	const message = gatewayMessage(ownText);
	const patternText = [fields?.message, fields?.label, evidence.text]
		.filter((part): part is string => part !== undefined && part !== '')
		.join(' \n ');

	let kind = resolveKind({
		...(status === undefined ? {} : { status }),
		codes: fields?.codes ?? [],
		...(fields?.param === undefined ? {} : { param: fields.param }),
		text: patternText,
		explained:
			evidence.explicitError === true || message !== undefined || (fields?.codes.length ?? 0) > 0,
		hasResetHint: fields?.resetsInSeconds !== undefined || fields?.resetsAtSeconds !== undefined
	});
	if (isClassifierModel(context) && becomesClassifierFailure(kind, status)) {
		kind = 'classifier_unavailable';
	}

	const requestId =
		evidence.headerRequestId ??
		fields?.requestId ??
		(ownText === undefined ? undefined : requestIdFromMessage(ownText));
	const resetsAt = resetTime(fields, now);
	const retryAfterMs =
		evidence.headerRetryAfterMs ??
		secondsToMs(fields?.retryAfterSeconds) ??
		(ownText === undefined ? undefined : retryAfterFromText(ownText)) ??
		(resetsAt === undefined ? undefined : Math.max(0, resetsAt - now));
	const successorModel =
		kind === 'model_retired' && ownText !== undefined
			? successorFromMessage(ownText, context.model)
			: undefined;
	const code = chooseCode(fields?.codes ?? [], kind);
	const raw = evidence.raw.trim() === '' ? undefined : capRaw(evidence.raw);

	return {
		kind,
		...(message === undefined
			? own({ kind: 'fallback', failure: kind, ...(status === undefined ? {} : { status }) })
			: { message }),
		...(reportedStatus === undefined ? {} : { status: reportedStatus }),
		...(code === undefined ? {} : { code }),
		...(requestId === undefined ? {} : { requestId }),
		...(retryAfterMs === undefined ? {} : { retryAfterMs }),
		...(successorModel === undefined ? {} : { successorModel }),
		...(raw === undefined ? {} : { raw }),
		...(kind === 'usage_limit' && resetsAt !== undefined ? { resetsAt } : {})
	};
}

function secondsToMs(seconds: number | undefined): number | undefined {
	if (seconds === undefined) return undefined;
	const ms = Math.round(seconds * 1000);
	return ms <= MAX_HINT_MS ? ms : undefined;
}

/**
 * When a plan limit resets, as epoch ms on our clock: `resets_in_seconds` first (immune to clock
 * skew between us and the server), else `resets_at` (epoch seconds; epoch ms tolerated).
 */
function resetTime(fields: ErrorFields | undefined, now: number): number | undefined {
	if (fields?.resetsInSeconds !== undefined) return now + Math.round(fields.resetsInSeconds * 1000);
	if (fields?.resetsAtSeconds !== undefined) {
		const at = fields.resetsAtSeconds;
		return Math.round(at > 1e12 ? at : at * 1000);
	}
	return undefined;
}
