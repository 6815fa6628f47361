import { assertNever } from './assert-never.ts';
import type { FailureAction } from './presentation.ts';
import type { Failure } from './types.ts';

function retry(failure: Failure): FailureAction {
	return failure.retryAfterMs === undefined
		? { kind: 'retry' }
		: { kind: 'retry', afterMs: failure.retryAfterMs };
}

/**
 * The actions for a failure, the one that helps first (docs/reference/failures.md, "what the
 * person can do"). Never empty. `top_up` only appears when a top-up URL is configured.
 */
export function actionsFor(failure: Failure, topUpUrl: string | undefined): FailureAction[] {
	const topUp: FailureAction[] = topUpUrl === undefined ? [] : [{ kind: 'top_up', url: topUpUrl }];
	const { kind } = failure;
	switch (kind) {
		case 'insufficient_balance':
		case 'payment_authorization_failed':
			return [...topUp, { kind: 'switch_gateway' }];
		case 'usage_limit':
			return [{ kind: 'choose_model' }];
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
			return [{ kind: 'compact_and_retry' }, { kind: 'new_conversation' }];
		case 'long_context_required':
			return [{ kind: 'enable_long_context' }, { kind: 'compact_and_retry' }];
		case 'encrypted_content_unsupported':
			return [{ kind: 'disable_encrypted_content' }, { kind: 'choose_model' }];
		case 'thinking_block_invalid':
			return [retry(failure), { kind: 'new_conversation' }];
		case 'thinking_mode_unsupported':
			return [{ kind: 'change_thinking' }, { kind: 'choose_model' }];
		case 'auth_expired':
			return [{ kind: 'sign_in' }];
		case 'region_unsupported':
			return [{ kind: 'switch_gateway' }];
		case 'token_exchange_failed':
			return [{ kind: 'sign_in' }, { kind: 'connection_check' }];
		case 'forbidden':
			return [{ kind: 'choose_model' }, { kind: 'switch_gateway' }];
		case 'not_found':
			return [{ kind: 'connection_check' }, { kind: 'choose_model' }];
		case 'request_too_large':
			return [{ kind: 'compact_and_retry' }, { kind: 'new_conversation' }];
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
			return [retry(failure)];
		case 'unknown':
			return [retry(failure), { kind: 'connection_check' }];
		default:
			return assertNever(kind, 'failure kind');
	}
}
