import { formatDuration } from './duration.ts';
import { actionsFor } from './present-actions.ts';
import { CLASSIFIER_EXPLANATION, PARTIAL_KEPT, titleFor } from './present-copy.ts';
import type { PresentOptions, Presentation } from './presentation.ts';
import type { Failure, FailureKind } from './types.ts';

/** Kinds that end a turn whose partial answer stays on screen. */
const PARTIAL_ANSWER_KINDS: ReadonlySet<FailureKind> = new Set<FailureKind>([
	'stream_interrupted',
	'stream_stalled',
	'response_too_large'
]);

function sentence(text: string): string {
	const trimmed = text.trim();
	return /[.!?。！？…)]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function detailFor(failure: Failure, now: number): string {
	const message = sentence(failure.message);
	if (failure.kind === 'classifier_unavailable') {
		return `${CLASSIFIER_EXPLANATION} The gateway said: ${message}`;
	}
	if (failure.kind === 'usage_limit') {
		const wait = failure.resetsAt === undefined ? failure.retryAfterMs : failure.resetsAt - now;
		return wait === undefined ? message : `${message} It resets in about ${formatDuration(wait)}.`;
	}
	if (PARTIAL_ANSWER_KINDS.has(failure.kind)) return `${message} ${PARTIAL_KEPT}`;
	return message;
}

/**
 * A Failure → what the failure card shows: a plain title, the gateway's own message as detail
 * (with what it means where that helps), the actions with the one that helps first, and the
 * request id, raw body and retry hint when known. Text only; nothing here is markup.
 */
export function present(failure: Failure, options: PresentOptions = {}): Presentation {
	const topUpUrl =
		typeof options.topUpUrl === 'string' && options.topUpUrl.trim() !== ''
			? options.topUpUrl.trim()
			: undefined;
	return {
		title: titleFor(failure),
		detail: detailFor(failure, options.now ?? Date.now()),
		actions: actionsFor(failure, topUpUrl),
		...(failure.requestId === undefined ? {} : { requestId: failure.requestId }),
		...(failure.raw === undefined ? {} : { raw: failure.raw }),
		...(failure.retryAfterMs === undefined ? {} : { retryAfterMs: failure.retryAfterMs })
	};
}
