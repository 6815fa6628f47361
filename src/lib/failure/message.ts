import { assertNever } from './assert-never.ts';
import { stripRequestIdSuffix } from './request-id.ts';
import { isStatusTextOnly, statusLine } from './status.ts';
import { capSentence, maskSecrets, plainText } from './text.ts';
import type { FailureKind } from './types.ts';

/**
 * The gateway's own message made presentable: request-id suffixes removed, markup and control
 * characters gone, secrets masked, whitespace collapsed, capped. Undefined when nothing worth
 * showing remains (empty, or only a status text like "Bad Gateway").
 */
export function gatewayMessage(text: string | undefined): string | undefined {
	if (text === undefined) return undefined;
	const plain = plainText(stripRequestIdSuffix(plainText(text)));
	const cleaned = maskSecrets(plain).replace(/^[\s,;:.-]+/, '');
	if (cleaned === '' || isStatusTextOnly(cleaned)) return undefined;
	return capSentence(cleaned);
}

function withStatus(sentence: string, status: number | undefined): string {
	return status === undefined ? `${sentence}.` : `${sentence} (${statusLine(status)}).`;
}

/** A plain sentence for when the gateway gave no message of its own. */
export function fallbackMessage(kind: FailureKind, status?: number): string {
	switch (kind) {
		case 'insufficient_balance':
			return withStatus(
				'The account does not have enough balance or quota for this request',
				status
			);
		case 'payment_authorization_failed':
			return 'The payment authorization was declined.';
		case 'usage_limit':
			return 'The usage limit of your plan has been reached.';
		case 'rate_limited':
			return withStatus('The gateway is receiving too many requests from you right now', status);
		case 'classifier_unavailable':
			return withStatus('The safety-check model is temporarily unavailable', status);
		case 'model_unavailable':
			return 'This model is not available on the gateway right now.';
		case 'model_retired':
			return 'This model has been retired.';
		case 'context_too_large':
			return 'The conversation is longer than this model can read at once.';
		case 'long_context_required':
			return 'This request needs the larger context option to be enabled.';
		case 'encrypted_content_unsupported':
			return 'This model does not accept encrypted content.';
		case 'thinking_block_invalid':
			return 'An earlier message contains a thinking block the model rejected.';
		case 'thinking_mode_unsupported':
			return 'This model does not support the chosen thinking setting.';
		case 'auth_expired':
			return withStatus('Your sign-in or API key is no longer accepted', status);
		case 'region_unsupported':
			return 'The service is not available in your country, region or territory.';
		case 'token_exchange_failed':
			return 'Token exchange failed.';
		case 'forbidden':
			return withStatus('The gateway refused this request', status);
		case 'not_found':
			return withStatus('The gateway has no such address', status);
		case 'request_too_large':
			return withStatus('The request is too large for the gateway', status);
		case 'bad_request':
			return withStatus('The gateway rejected the request', status);
		case 'overloaded':
			return withStatus('The model is overloaded right now', status);
		case 'upstream_failed':
			return withStatus("The gateway's upstream provider failed to answer", status);
		case 'bad_gateway':
			return withStatus('The gateway, or a proxy in front of it, answered without details', status);
		case 'origin_timeout':
			return withStatus("The gateway's server did not answer in time", status);
		case 'server_error':
			return withStatus('The gateway had an internal error', status);
		case 'asset_timeout':
			return withStatus('A part of this app failed to load', status);
		case 'network':
			return 'The gateway could not be reached.';
		case 'malformed_response':
			return withStatus('The gateway sent an answer that could not be read', status);
		case 'response_too_large':
			return 'The answer was larger than this app accepts.';
		case 'stream_interrupted':
			return 'The answer stopped before it was complete.';
		case 'stream_stalled':
			return 'The answer stopped arriving.';
		case 'unknown':
			return withStatus('Something went wrong', status);
		default:
			return assertNever(kind, 'failure kind');
	}
}
