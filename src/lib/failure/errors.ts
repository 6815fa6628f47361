/**
 * Errors the transport throws (or passes to `AbortController.abort(reason)`, which makes `fetch`
 * and body reads reject with that very reason) so that classifyThrown can tell our own timeouts
 * and caps from a person pressing Stop.
 */

/** No response headers arrived within `timeoutMs`: the `net::ERR_CONNECTION_TIMED_OUT` analogue. */
export class ConnectTimeoutError extends Error {
	override readonly name = 'ConnectTimeoutError';
	readonly timeoutMs: number;

	constructor(timeoutMs: number) {
		super(`No response from the gateway within ${Math.round(timeoutMs / 1000)} s.`);
		this.timeoutMs = timeoutMs;
	}
}

/** A started stream sent nothing at all (not even a keep-alive) for `timeoutMs`. */
export class IdleTimeoutError extends Error {
	override readonly name = 'IdleTimeoutError';
	readonly timeoutMs: number;

	constructor(timeoutMs: number) {
		super(`The answer sent nothing for ${Math.round(timeoutMs / 1000)} s.`);
		this.timeoutMs = timeoutMs;
	}
}

/** An event or a whole response exceeded a size cap of `limitBytes`. */
export class ResponseTooLargeError extends Error {
	override readonly name = 'ResponseTooLargeError';
	readonly limitBytes: number;

	constructor(limitBytes: number) {
		super(`The answer exceeded the ${limitBytes}-byte limit.`);
		this.limitBytes = limitBytes;
	}
}

/**
 * A person's Stop: an `AbortError` (DOMException or Error) — never our own timeout classes, nor a
 * `TimeoutError` from `AbortSignal.timeout()`. A user abort is not a failure: callers check this
 * first and end the turn `cancelled` instead of classifying.
 */
export function isUserAbort(error: unknown): boolean {
	if (
		error instanceof ConnectTimeoutError ||
		error instanceof IdleTimeoutError ||
		error instanceof ResponseTooLargeError
	) {
		return false;
	}
	return nameOf(error) === 'AbortError';
}

export function nameOf(error: unknown): string | undefined {
	if (typeof error !== 'object' || error === null) return undefined;
	const name: unknown = (error as { name?: unknown }).name;
	return typeof name === 'string' ? name : undefined;
}

export function messageOf(error: unknown): string {
	if (typeof error === 'string') return error;
	if (typeof error !== 'object' || error === null) return '';
	const message: unknown = (error as { message?: unknown }).message;
	return typeof message === 'string' ? message : '';
}
