/**
 * The one failure taxonomy. The list of kinds is the contract in docs/reference/failures.md;
 * every way a request can fail becomes exactly one of these, in src/lib/failure and nowhere else.
 */
import type { OwnSentence } from './own-sentence.ts';

export const FAILURE_KINDS = [
	'insufficient_balance',
	'payment_authorization_failed',
	'usage_limit',
	'rate_limited',
	'classifier_unavailable',
	'model_unavailable',
	'model_retired',
	'context_too_large',
	'long_context_required',
	'encrypted_content_unsupported',
	'thinking_block_invalid',
	'thinking_mode_unsupported',
	'auth_expired',
	'region_unsupported',
	'token_exchange_failed',
	'forbidden',
	'not_found',
	'request_too_large',
	'bad_request',
	'overloaded',
	'upstream_failed',
	'bad_gateway',
	'origin_timeout',
	'server_error',
	'asset_timeout',
	'network',
	'malformed_response',
	'response_too_large',
	'stream_interrupted',
	'stream_stalled',
	'unknown'
] as const;

export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Narrows an untrusted value (a stored record, a thrown object) to a known kind. */
export function isFailureKind(value: unknown): value is FailureKind {
	return typeof value === 'string' && (FAILURE_KINDS as readonly string[]).includes(value);
}

/**
 * Which `network` case it was, when that can be told from the browser:
 * - `offline`: `navigator.onLine` was false;
 * - `timeout`: our own connect timeout fired (the `net::ERR_CONNECTION_TIMED_OUT` case);
 * - `refused_or_blocked`: DNS failure, connection refused/reset, TLS failure, or a CORS block
 *   (a gateway or proxy error page without `Access-Control-Allow-Origin` looks exactly like this).
 */
export type NetworkCase = 'offline' | 'timeout' | 'refused_or_blocked';

export interface Failure {
	kind: FailureKind;
	/** One plain sentence; the gateway's own message when it sent one. Never HTML, never a token. */
	message: string;
	status?: number;
	code?: string;
	requestId?: string;
	retryAfterMs?: number;
	successorModel?: string;
	/** The body as received, capped; shown only as text behind a disclosure. */
	raw?: string;
	/** Only on `network`: which case, when it can be told. */
	networkCase?: NetworkCase;
	/** Only on `usage_limit`: when the plan's limit resets (epoch milliseconds). */
	resetsAt?: number;
	/**
	 * When `message` is this app's own sentence (the gateway said nothing usable): which one, so
	 * that it is said in the person's language. Absent when `message` is the gateway's.
	 */
	said?: OwnSentence;
}
