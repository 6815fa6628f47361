/**
 * A response body (a `ReadableStream` of bytes) → one Turn, with TurnEvents as they arrive.
 *
 * - The only `await` is one `read()` per chunk; each chunk goes through the synchronous pipeline
 *   (turn-reducer.ts), so no promise is created per event.
 * - Idle timeout: nothing at all (not one byte; keep-alive comments are bytes) for `idleTimeoutMs`
 *   → `interrupted` with `stream_stalled` (idle-watchdog.ts; `0` or `Infinity` disables it).
 * - `signal` aborted → `cancelled`, not a failure (a person's Stop).
 * - Leaving early, for whatever reason (terminal event, failure, abort, stall, a listener that
 *   throws), cancels the body, which cancels the request. A listener's exception rejects the call.
 * - A body that errors: a user abort → `cancelled`; our own `IdleTimeoutError` → `stream_stalled`;
 *   `ResponseTooLargeError` → `response_too_large`; anything else → `interrupted`
 *   (`stream_interrupted`): the answer had started, so this is a broken stream, not a failure to
 *   connect.
 */
import { IdleTimeoutError, isUserAbort, ResponseTooLargeError } from '../failure/index.ts';
import { startIdleWatchdog, type IdleWatchdog } from './idle-watchdog.ts';
import { DEFAULT_IDLE_TIMEOUT_MS } from './limits.ts';
import type { RouteKind } from './route-kind.ts';
import { responseTooLarge, streamInterrupted, streamStalled } from './stream-failures.ts';
import { createTurnReducer, type TurnReducer, type TurnReducerOptions } from './turn-reducer.ts';
import type { Turn } from './turn-events.ts';

export interface ReadTurnOptions extends TurnReducerOptions {
	signal?: AbortSignal;
	/** Default {@link DEFAULT_IDLE_TIMEOUT_MS}; `0` or `Infinity` turns the idle timeout off. */
	idleTimeoutMs?: number;
}

type Stop = { why: 'abort' } | { why: 'stall'; timeoutMs: number };

const ignore = (): void => undefined;

function endAfterReadError(reducer: TurnReducer, error: unknown, signal?: AbortSignal): void {
	if (signal?.aborted === true || isUserAbort(error)) return reducer.cancel();
	if (error instanceof IdleTimeoutError) {
		return reducer.fail(streamStalled(error.timeoutMs), 'interrupted');
	}
	if (error instanceof ResponseTooLargeError) {
		return reducer.fail(responseTooLarge('response', error.limitBytes));
	}
	reducer.fail(streamInterrupted('broken'), 'interrupted');
}

export async function readTurn(
	route: RouteKind,
	body: ReadableStream<Uint8Array>,
	options: ReadTurnOptions = {}
): Promise<Turn> {
	const { signal, idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS, ...reducerOptions } = options;
	const reducer = createTurnReducer(route, reducerOptions);
	const reader = body.getReader();
	let stop: Stop | undefined;
	let ended = false;
	const halt = (next: Stop, reason: unknown): void => {
		if (stop !== undefined || ended) return;
		stop = next;
		reader.cancel(reason).catch(ignore);
	};
	const onAbort = (): void => halt({ why: 'abort' }, signal?.reason);
	let watchdog: IdleWatchdog | undefined;

	try {
		if (signal?.aborted === true) {
			halt({ why: 'abort' }, signal.reason);
		} else {
			signal?.addEventListener('abort', onAbort, { once: true });
			if (idleTimeoutMs > 0 && Number.isFinite(idleTimeoutMs)) {
				watchdog = startIdleWatchdog(idleTimeoutMs, () =>
					halt({ why: 'stall', timeoutMs: idleTimeoutMs }, new IdleTimeoutError(idleTimeoutMs))
				);
			}
			while (stop === undefined && !reducer.done) {
				let result: ReadableStreamReadResult<Uint8Array>;
				try {
					result = await reader.read();
				} catch (error) {
					if (stop === undefined) endAfterReadError(reducer, error, signal);
					break;
				}
				if (stop !== undefined) break;
				if (result.done) {
					ended = true;
					reducer.end();
					break;
				}
				watchdog?.touch();
				reducer.push(result.value);
			}
		}
		if (stop?.why === 'abort') reducer.cancel();
		else if (stop?.why === 'stall') reducer.fail(streamStalled(stop.timeoutMs), 'interrupted');
		return reducer.turn();
	} finally {
		watchdog?.stop();
		signal?.removeEventListener('abort', onAbort);
		if (!ended) reader.cancel().catch(ignore);
		reader.releaseLock();
	}
}
