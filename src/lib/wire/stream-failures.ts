/**
 * The stream failures that are not a gateway's error report (docs/reference/failures.md, stream
 * column): the stream broke, went silent, grew too large, or was not an event stream at all. Gateway
 * errors inside a stream go through `classifyStreamError` instead; nothing here reads message text.
 */
import { own, RAW_CAP, type Failure } from '../failure/index.ts';

function capped(raw: string): string {
	return raw.length > RAW_CAP ? `${raw.slice(0, RAW_CAP)}…` : raw;
}

const INTERRUPTED = {
	ended: 'stream_ended',
	broken: 'connection_broke',
	empty: 'stream_empty'
} as const;

/** The stream ended, or the connection broke, before its terminal event. */
export function streamInterrupted(how: keyof typeof INTERRUPTED = 'ended'): Failure {
	return { kind: 'stream_interrupted', ...own({ kind: INTERRUPTED[how] }) };
}

/** Nothing at all arrived for `idleTimeoutMs`. */
export function streamStalled(idleTimeoutMs: number): Failure {
	const seconds = Math.max(1, Math.round(idleTimeoutMs / 1000));
	return { kind: 'stream_stalled', ...own({ kind: 'stream_silent', seconds }) };
}

/** One event, or the whole body, exceeded its cap; parsing stopped there. */
export function responseTooLarge(what: 'event' | 'response', limit: number): Failure {
	return {
		kind: 'response_too_large',
		...own({ kind: what === 'event' ? 'event_too_large' : 'response_too_large', limit })
	};
}

/** The body, or an event in it, is not what the route's protocol sends. */
export function malformedResponse(message: string, raw?: string): Failure {
	return {
		kind: 'malformed_response',
		message,
		...(raw === undefined || raw === '' ? {} : { raw: capped(raw) })
	};
}
