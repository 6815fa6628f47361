/**
 * Sentences for steps 3–5: the gateway's answers to the credentials, the model list and a
 * streamed turn. Gateway messages come from the failure classifier (plain text, never markup).
 */
import { detailOf, type Failure } from '../failure/index.ts';
import type { Sentences } from './explain-access.ts';
import type { CheckWords, ExplainCopy } from './check-copy.ts';
import { addressSetting, seconds, turnUrl, type ExplainContext } from './explain-context.ts';
import { fixFor, sentence } from './fix-sentences.ts';
import type { AuthOutcome, ModelsOutcome, StreamOutcome } from './steps.ts';

function credentialName(context: ExplainContext, w: ExplainCopy): string {
	if (!context.hasCredential) return w.auth.credential.none;
	return context.credentialSource === 'oauth' ? w.auth.credential.oauth : w.auth.credential.apiKey;
}

/** The failure's detail (the gateway's words, or ours in the person's language), as a sentence. */
function told(failure: Failure, words: CheckWords): string {
	return sentence(detailOf(failure, words.failure));
}

function refusedFix(failure: Failure, context: ExplainContext, words: CheckWords): string {
	const say = words.check.explain.auth;
	if (failure.kind === 'auth_expired' || failure.status === 401) {
		if (!context.hasCredential)
			return context.credentialSource === 'oauth' ? say.signInFix : say.addKeyFix;
		return context.credentialSource === 'oauth' ? say.signInAgainFix : say.checkKeyFix;
	}
	if (failure.kind === 'forbidden') return say.forbiddenFix;
	return fixFor(failure, context.topUpUrl, words.check.explain);
}

export function explainAuth(
	outcome: AuthOutcome,
	context: ExplainContext,
	words: CheckWords
): Sentences {
	const w = words.check.explain;
	const say = w.auth;
	switch (outcome.kind) {
		case 'accepted':
			return {
				note: context.hasCredential ? say.accepted(credentialName(context, w)) : say.acceptedWithout
			};
		case 'not_refused':
			return { note: say.notRefused(credentialName(context, w), outcome.status) };
		case 'refused':
			return {
				problem: say.refused(credentialName(context, w), told(outcome.failure, words)),
				fix: refusedFix(outcome.failure, context, words)
			};
		case 'request_failed':
			return {
				problem: say.requestFailed(told(outcome.failure, words)),
				fix: say.requestFailedFix
			};
		case 'timed_out':
			return {
				problem: say.timedOut(`${context.baseUrl}/v1/models`, seconds(outcome.afterMs, w)),
				fix: say.timedOutFix
			};
	}
}

/** The relay's own answers (src/lib/server/relay/relay-answers.ts): what the operator changes. */
function relayFix(code: string | undefined, w: ExplainCopy): string | undefined {
	switch (code) {
		case undefined:
			return undefined;
		case 'upstream_unreachable':
		case 'upstream_timeout':
		case 'upstream_invalid':
			return w.models.relayUnreachableFix;
		case 'relay_off':
			return w.models.relayOffFix;
		default:
			return w.models.relayRefusedFix;
	}
}

export function explainModels(
	outcome: ModelsOutcome,
	context: ExplainContext,
	words: CheckWords
): Sentences {
	const w = words.check.explain;
	const say = w.models;
	const url = `${context.baseUrl}/v1/models`;
	const baseUrlFix = say.baseUrlFix(addressSetting(context, w));
	switch (outcome.kind) {
		case 'listed':
			return {
				note: say.listed(
					outcome.ids.length,
					outcome.ids.slice(0, 3).join(', '),
					outcome.ids.length > 3
				)
			};
		case 'http_error':
			return {
				problem: say.answered(url, told(outcome.failure, words)),
				fix:
					relayFix(outcome.relayError, w) ??
					(outcome.failure.kind === 'not_found'
						? baseUrlFix
						: fixFor(outcome.failure, context.topUpUrl, w))
			};
		case 'html':
			return { problem: say.html(url, outcome.title ?? ''), fix: say.htmlFix(baseUrlFix) };
		case 'not_json':
			return { problem: say.notJson(url), fix: baseUrlFix };
		case 'wrong_shape':
			return {
				problem: say.wrongShape(url, outcome.keys.map((key) => key.slice(0, 40)).join(', ')),
				fix: say.wrongShapeFix(baseUrlFix)
			};
		case 'empty':
			return { problem: say.empty, fix: say.emptyFix };
		case 'timed_out':
			return { problem: say.timedOut(seconds(outcome.afterMs, w)), fix: say.timedOutFix };
	}
}

export function explainStream(
	outcome: StreamOutcome,
	context: ExplainContext,
	words: CheckWords
): Sentences {
	const w = words.check.explain;
	const say = w.stream;
	switch (outcome.kind) {
		case 'completed':
			return { note: say.completed(outcome.model) };
		case 'incomplete':
			return { note: say.incomplete(outcome.model) };
		case 'failed':
			return {
				problem: say.failed(outcome.model, told(outcome.failure, words)),
				fix:
					outcome.failure.kind === 'network'
						? say.networkFix(
								turnUrl(context),
								context.configuredByServer && context.path === 'direct'
							)
						: fixFor(outcome.failure, context.topUpUrl, w)
			};
		case 'interrupted':
			return {
				problem:
					outcome.failure.kind === 'stream_stalled'
						? say.stalled(told(outcome.failure, words))
						: say.ended,
				fix: say.bufferingFix
			};
		case 'request_invalid':
			return { problem: say.requestInvalid(sentence(outcome.message)), fix: say.requestInvalidFix };
		case 'no_model':
			return { problem: say.noModel, fix: say.noModelFix };
		case 'timed_out':
			return {
				problem: say.timedOut(seconds(outcome.afterMs, w)),
				fix: say.timedOutFix(say.bufferingFix)
			};
	}
}
