/**
 * The stream failures that are not a gateway's error report (docs/reference/failures.md, stream
 * column): the stream broke, went silent, grew too large, or was not an event stream at all. Gateway
 * errors inside a stream go through `classifyStreamError` instead; nothing here reads message text.
 */
import {
	own,
	RAW_CAP,
	type BadEvent,
	type Failure,
	type UnreadableBody
} from '../failure/index.ts';

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

/** The body is not what the route's protocol sends (`raw`: its start, kept for the details). */
export function unreadableBody(body: UnreadableBody, raw?: string): Failure {
	return malformed(own({ kind: 'unreadable_body', body }), raw);
}

/** Event `event` of the stream is not what the route's protocol sends. */
export function badEvent(event: string, problem: BadEvent, raw?: string): Failure {
	return malformed(own({ kind: 'bad_event', event, problem }), raw);
}

function malformed(sentence: Pick<Failure, 'message' | 'said'>, raw?: string): Failure {
	return {
		kind: 'malformed_response',
		...sentence,
		...(raw === undefined || raw === '' ? {} : { raw: capped(raw) })
	};
}
