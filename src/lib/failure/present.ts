import { enDeferred } from '../i18n/en-deferred.ts';
import { actionsFor } from './present-actions.ts';
import { detailOf, titleFor, type FailureCopy } from './present-copy.ts';
import type { PresentOptions, Presentation } from './presentation.ts';
import { severityOf } from './severity.ts';
import type { FailureSituation } from './situation.ts';
import type { Failure, FailureKind } from './types.ts';

/** Kinds that end a turn whose partial answer stays on screen. */
const PARTIAL_ANSWER_KINDS: ReadonlySet<FailureKind> = new Set<FailureKind>([
	'stream_interrupted',
	'stream_stalled',
	'response_too_large'
]);

/**
 * What the failure means, in this app's words, where that helps; `undefined` where the title and
 * the gateway's message say it all. Shown apart from the gateway's message, which stays exactly as
 * it was sent (its punctuation too: a Chinese message keeps its 。 and gets no ASCII full stop).
 */
function noteFor(
	failure: Failure,
	now: number,
	situation: FailureSituation,
	copy: FailureCopy
): string | undefined {
	if (failure.kind === 'classifier_unavailable') return copy.classifierExplanation;
	if (failure.kind === 'usage_limit') {
		const wait = failure.resetsAt === undefined ? failure.retryAfterMs : failure.resetsAt - now;
		return wait === undefined ? undefined : copy.resetsIn(wait);
	}
	if (PARTIAL_ANSWER_KINDS.has(failure.kind) && situation.answerShown === true)
		return copy.partialKept;
	return undefined;
}

/**
 * A Failure → what the failure card shows: a plain title, the gateway's own message as detail
 * (with what it means where that helps), the actions with the one that helps first, and the
 * request id, raw body and retry hint when known. Text only; nothing here is markup.
 */
function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
	return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}

export function present(failure: Failure, options: PresentOptions = {}): Presentation {
	const topUpUrl =
		typeof options.topUpUrl === 'string' && options.topUpUrl.trim() !== ''
			? options.topUpUrl.trim()
			: undefined;
	const situation = options.situation ?? {};
	const copy = options.copy ?? enDeferred.failure;
	return {
		title: titleFor(failure, situation, copy),
		severity: severityOf(failure.kind),
		detail: detailOf(failure, copy),
		...optional('note', noteFor(failure, options.now ?? Date.now(), situation, copy)),
		actions: actionsFor(failure, topUpUrl, situation),
		...(failure.requestId === undefined ? {} : { requestId: failure.requestId }),
		...(failure.raw === undefined ? {} : { raw: failure.raw }),
		...(failure.retryAfterMs === undefined ? {} : { retryAfterMs: failure.retryAfterMs })
	};
}
