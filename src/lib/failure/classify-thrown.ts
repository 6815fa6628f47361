import { assetFailure, isAssetLoadError } from './asset-load.ts';
import type { ClassifyContext } from './context.ts';
import {
	ConnectTimeoutError,
	IdleTimeoutError,
	ResponseTooLargeError,
	isUserAbort,
	messageOf,
	nameOf
} from './errors.ts';
import { gatewayMessage } from './message.ts';
import { own } from './own-sentence-say.ts';
import {
	causeCodes,
	isFetchFailureMessage,
	navigatorOnline,
	readNetwork
} from './network-cause.ts';
import { safely } from './safely.ts';
import { capRaw } from './text.ts';
import { isFailureKind, type Failure } from './types.ts';

export interface ThrownContext extends ClassifyContext {
	/** `stream`: the response had started, so a broken connection interrupted the answer. */
	during?: 'request' | 'stream';
	/** Overrides `navigator.onLine` (a caller that knows better; tests). */
	online?: boolean;
}

function seconds(ms: number): number {
	return Math.max(1, Math.round(ms / 1000));
}

function describe(error: unknown): string {
	const name = nameOf(error);
	const message = messageOf(error);
	const codes = causeCodes(error);
	const head = name === undefined ? message : `${name}: ${message}`;
	return codes.length === 0 ? head : `${head} (${codes.join(', ')})`;
}

/** A Failure that was thrown as is (a layer that already classified), re-checked field by field. */
function thrownFailure(error: unknown): Failure | undefined {
	if (typeof error !== 'object' || error === null || error instanceof Error) return undefined;
	const value = error as Record<string, unknown>;
	const kind = value['kind'];
	const message =
		typeof value['message'] === 'string' ? gatewayMessage(value['message']) : undefined;
	if (!isFailureKind(kind) || message === undefined) return undefined;
	const number = (key: string): number | undefined => {
		const field = value[key];
		return typeof field === 'number' && Number.isFinite(field) && field >= 0 ? field : undefined;
	};
	const string = (key: string): string | undefined => {
		const field = value[key];
		return typeof field === 'string' && field !== '' ? field : undefined;
	};
	const status = number('status');
	const code = string('code');
	const requestId = string('requestId');
	const retryAfterMs = number('retryAfterMs');
	const successorModel = string('successorModel');
	const raw = string('raw');
	const networkCase = value['networkCase'];
	const resetsAt = number('resetsAt');
	return {
		kind,
		message,
		...(status === undefined ? {} : { status }),
		...(code === undefined ? {} : { code }),
		...(requestId === undefined ? {} : { requestId }),
		...(retryAfterMs === undefined ? {} : { retryAfterMs }),
		...(successorModel === undefined ? {} : { successorModel }),
		...(raw === undefined ? {} : { raw: capRaw(raw) }),
		...(networkCase === 'offline' ||
		networkCase === 'timeout' ||
		networkCase === 'refused_or_blocked'
			? { networkCase }
			: {}),
		...(resetsAt === undefined ? {} : { resetsAt })
	};
}

/** Our own error classes, on the value itself or up to three links down its `cause` chain. */
function ownError(error: unknown): unknown {
	let current = error;
	for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
		if (
			current instanceof ConnectTimeoutError ||
			current instanceof IdleTimeoutError ||
			current instanceof ResponseTooLargeError
		) {
			return current;
		}
		current = (current as { cause?: unknown }).cause;
	}
	return error;
}

/**
 * A thrown value → one Failure: fetch rejections (`network`, with its case; `stream_interrupted`
 * when the connection broke mid-answer), our own ConnectTimeoutError (`network`, case `timeout`),
 * IdleTimeoutError (`stream_stalled`) and ResponseTooLargeError, a failed load of the app's own code
 * (`asset_timeout`), JSON `SyntaxError` (`malformed_response`).
 *
 * An abort by the person is not a failure: callers check {@link isUserAbort} first and end the turn
 * `cancelled`. Handed one anyway, this returns kind `unknown` with code `aborted` (it cannot return
 * "no failure"); the caller's check is what keeps a Stop from being shown as an error.
 * Our own error classes are also found one level down a `cause` chain. Pure apart from reading
 * `navigator.onLine`.
 */
export function classifyThrown(error: unknown, context: ThrownContext = {}): Failure {
	return safely(() => classify(error, context));
}

function classify(thrown: unknown, context: ThrownContext): Failure {
	const already = thrownFailure(thrown);
	if (already !== undefined) return already;
	const raw = capRaw(describe(thrown));
	const error = ownError(thrown);

	if (isUserAbort(error))
		return { kind: 'unknown', code: 'aborted', ...own({ kind: 'stopped' }), raw };
	const online = context.online ?? navigatorOnline();
	if (
		online === false &&
		(error instanceof ConnectTimeoutError || nameOf(error) === 'TimeoutError')
	) {
		// The timer fired, but the reason is plain: the device has no network.
		return {
			kind: 'network',
			networkCase: 'offline',
			code: 'offline',
			...own({ kind: 'offline' }),
			raw
		};
	}
	if (error instanceof ConnectTimeoutError) {
		return {
			kind: 'network',
			networkCase: 'timeout',
			code: 'connect_timeout',
			...own({ kind: 'connect_timeout', seconds: seconds(error.timeoutMs) }),
			raw
		};
	}
	if (error instanceof IdleTimeoutError) {
		return {
			kind: 'stream_stalled',
			code: 'idle_timeout',
			...own({ kind: 'idle_timeout', seconds: seconds(error.timeoutMs) }),
			raw
		};
	}
	if (error instanceof ResponseTooLargeError) {
		return {
			kind: 'response_too_large',
			...own({ kind: 'answer_too_large' }),
			raw
		};
	}
	if (isAssetLoadError(error)) return assetFailure(raw);

	const name = nameOf(error);
	const message = messageOf(error);
	if (name === 'TimeoutError') {
		return context.during === 'stream'
			? {
					kind: 'stream_interrupted',
					code: 'timeout',
					...own({ kind: 'took_too_long' }),
					raw
				}
			: {
					kind: 'network',
					networkCase: 'timeout',
					code: 'timeout',
					...own({ kind: 'timed_out' }),
					raw
				};
	}
	if (name === 'SyntaxError' || /encoded data was not valid|invalid utf-?8/i.test(message)) {
		return {
			kind: 'malformed_response',
			...own({ kind: 'unreadable' }),
			raw
		};
	}

	const codes = causeCodes(error);
	if (
		isFetchFailureMessage(message) ||
		codes.some((code) => /^(?:E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code))
	) {
		const reading = readNetwork(codes, message, online);
		if (context.during === 'stream' || (reading.broken && reading.networkCase !== 'offline')) {
			return {
				kind: 'stream_interrupted',
				...(reading.code === undefined ? {} : { code: reading.code }),
				...own({ kind: 'connection_broke' }),
				raw
			};
		}
		return {
			kind: 'network',
			networkCase: reading.networkCase,
			...(reading.code === undefined ? {} : { code: reading.code }),
			...own(reading.sentence),
			raw
		};
	}

	const told = gatewayMessage(message);
	return {
		kind: 'unknown',
		...(told === undefined ? own({ kind: 'unknown' }) : { message: told }),
		raw
	};
}
