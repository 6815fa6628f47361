import { assertNever } from './assert-never.ts';
import type { FailureAction } from './presentation.ts';
import type { FailureSituation } from './situation.ts';
import type { Failure } from './types.ts';

function retry(failure: Failure): FailureAction {
	return failure.retryAfterMs === undefined
		? { kind: 'retry' }
		: { kind: 'retry', afterMs: failure.retryAfterMs };
}

function signIn(situation: FailureSituation): FailureAction {
	return situation.credential === 'api_key'
		? { kind: 'sign_in', credential: 'api_key' }
		: { kind: 'sign_in' };
}

/** Too large for the model: compacting helps once; after that only a fresh start does. */
function shorten(situation: FailureSituation): FailureAction[] {
	return situation.compacted === true
		? [{ kind: 'new_conversation' }, { kind: 'choose_model' }]
		: [{ kind: 'compact_and_retry' }, { kind: 'new_conversation' }];
}

/**
 * The larger context option was sent (by us, or by a relay that adds it to every request) and the
 * subscription does not include it: turning it on cannot help. ("Extra usage is required …" is
 * not this: it asks for the option on plans that can buy it.)
 * docs/reference/long-context-and-browser-headers.md.
 */
const LONG_CONTEXT_REFUSED = /not (?:yet )?available for (?:this|your) subscription/i;

/**
 * The actions for a failure, the one that helps first (docs/reference/failures.md, "what the
 * person can do"). Never empty, and never an action that cannot change the outcome in
 * `situation`. `top_up` only appears when a top-up URL is configured.
 */
export function actionsFor(
	failure: Failure,
	topUpUrl: string | undefined,
	situation: FailureSituation = {}
): FailureAction[] {
	const topUp: FailureAction[] = topUpUrl === undefined ? [] : [{ kind: 'top_up', url: topUpUrl }];
	const { kind } = failure;
	switch (kind) {
		case 'insufficient_balance':
		case 'payment_authorization_failed':
			// After a top-up (here or elsewhere) the same request succeeds: Try again stays.
			return [...topUp, { kind: 'retry' }, { kind: 'switch_gateway' }];
		case 'usage_limit':
			return failure.retryAfterMs === undefined && failure.resetsAt === undefined
				? [{ kind: 'choose_model' }]
				: [{ kind: 'choose_model' }, retry(failure)];
		case 'rate_limited':
		case 'overloaded':
		case 'upstream_failed':
		case 'origin_timeout':
		case 'server_error':
			return [retry(failure), { kind: 'choose_model' }];
		case 'classifier_unavailable':
			return [retry(failure)];
		case 'model_unavailable':
			return [{ kind: 'choose_model' }, retry(failure)];
		case 'model_retired':
			return failure.successorModel === undefined
				? [{ kind: 'choose_model' }]
				: [{ kind: 'switch_model', model: failure.successorModel }, { kind: 'choose_model' }];
		case 'context_too_large':
		case 'request_too_large':
			return shorten(situation);
		case 'long_context_required': {
			const instead: FailureAction[] = [
				{ kind: 'choose_model' },
				...(situation.compacted === true ? [] : [{ kind: 'compact_and_retry' } as const])
			];
			const canEnable =
				(situation.longContext === undefined || situation.longContext === 'available') &&
				!LONG_CONTEXT_REFUSED.test(failure.message);
			return canEnable ? [{ kind: 'enable_long_context' }, ...instead] : instead;
		}
		case 'encrypted_content_unsupported':
			return [{ kind: 'disable_encrypted_content' }, { kind: 'choose_model' }];
		case 'thinking_block_invalid':
			return [retry(failure), { kind: 'new_conversation' }];
		case 'thinking_mode_unsupported':
			return [{ kind: 'change_thinking' }, { kind: 'choose_model' }];
		case 'auth_expired':
			return [signIn(situation)];
		case 'region_unsupported':
			return [{ kind: 'switch_gateway' }];
		case 'token_exchange_failed':
			return [{ kind: 'sign_in' }, { kind: 'connection_check' }];
		case 'forbidden':
			return situation.credential === 'api_key'
				? [{ kind: 'choose_model' }, signIn(situation), { kind: 'switch_gateway' }]
				: [{ kind: 'choose_model' }, { kind: 'switch_gateway' }];
		case 'not_found':
			// A redirect: the address is wrong, not the model (the check says what the gateway sent).
			return failure.said?.kind === 'redirected'
				? [{ kind: 'connection_check' }, { kind: 'switch_gateway' }, retry(failure)]
				: [{ kind: 'connection_check' }, { kind: 'choose_model' }];
		case 'bad_request':
			return [{ kind: 'new_conversation' }, { kind: 'choose_model' }];
		case 'bad_gateway':
			return [retry(failure), { kind: 'connection_check' }];
		case 'asset_timeout':
			return [{ kind: 'reload_app' }];
		case 'network':
			return failure.networkCase === 'refused_or_blocked'
				? [{ kind: 'connection_check' }, retry(failure)]
				: [retry(failure), { kind: 'connection_check' }];
		case 'malformed_response':
			return [retry(failure), { kind: 'connection_check' }];
		case 'response_too_large':
			return [{ kind: 'new_conversation' }];
		case 'stream_interrupted':
		case 'stream_stalled':
			return situation.canContinue === true && situation.answerShown === true
				? [{ kind: 'continue' }, retry(failure)]
				: [retry(failure)];
		case 'unknown':
			return [retry(failure), { kind: 'connection_check' }];
		default:
			return assertNever(kind, 'failure kind');
	}
}
