/**
 * One turn's state between SSE frames and TurnEvents: parses each frame's JSON once, routes it to the
 * route's protocol reducer, folds every event into the Turn and hands it to the listener.
 *
 * Frame rules shared by all routes:
 * - `data: [DONE]` (added by some relays) is ignored;
 * - data in the exact text a protocol writes its hot event in is read by that protocol without
 *   `JSON.parse` (`ProtocolReducer.canonical`, e.g. messages-canonical-delta.ts), to the same effect
 *   as parsing it;
 * - `error` events (nested, flat, string, a top-level `message`, or plain-text data) and type-less
 *   `{"error":…}` frames end the turn `failed`, via classifyStreamError;
 * - data that is not JSON, for an event type the route acts on, is a `malformed_response`; for an
 *   unknown or unnamed event it is ignored. The last event of a body that ended inside a line
 *   (`tail`) is used when its data is complete JSON and dropped when it was cut off, which leaves
 *   the turn `interrupted`;
 * - after the end event nothing more is read.
 */
import { classifyStreamError, type ClassifyContext } from '../failure/index.ts';
import type { Failure } from '../failure/index.ts';
import type { ProtocolReducer, TurnOutput, TurnSink } from './protocol.ts';
import { createMessagesReducer } from './reduce-messages.ts';
import { createResponsesReducer } from './reduce-responses.ts';
import type { RouteKind } from './route-kind.ts';
import { badEvent, responseTooLarge } from './stream-failures.ts';
import { createTurnBuilder } from './turn-builder.ts';
import type { Turn, TurnEnd, TurnEventListener } from './turn-events.ts';
import { isRecord, type WireRecord } from './wire-json.ts';

export interface TurnCoreOptions {
	onEvent?: TurnEventListener;
	context?: ClassifyContext;
	maxEventChars: number;
}

export interface TurnCore {
	readonly done: boolean;
	/** Frames dispatched so far (a body with none is not an event stream). */
	readonly frames: number;
	frame(data: string, eventName: string | undefined, tail: boolean): void;
	payload(value: WireRecord, type: string): void;
	/** Ends the turn unless it already ended. */
	finish(end: TurnEnd): void;
	fail(failure: Failure, status?: 'failed' | 'interrupted'): void;
	turn(): Turn;
}

/** The output as its turn holds it: `end` sets `done`. */
interface WritableOutput extends TurnOutput {
	done: boolean;
}

export function createTurnCore(route: RouteKind, options: TurnCoreOptions): TurnCore {
	const builder = createTurnBuilder();
	const listener = options.onEvent;
	const context: ClassifyContext = { route, ...options.context };
	const maxEventChars = options.maxEventChars;
	let frames = 0;

	const output: WritableOutput = { done: false, texts: builder.texts, listener };
	const sink: TurnSink = {
		output,
		context,
		emit(event) {
			if (output.done) return;
			builder.apply(event);
			if (listener !== undefined) listener(event);
		},
		end(end) {
			if (output.done) return;
			output.done = true;
			builder.apply(end);
			if (listener !== undefined) listener(end);
		}
	};
	const protocol: ProtocolReducer =
		route === 'messages' ? createMessagesReducer(sink) : createResponsesReducer(sink);

	function fail(failure: Failure, status: 'failed' | 'interrupted' = 'failed'): void {
		sink.end({ type: 'end', status, failure });
	}

	function payload(value: WireRecord, type: string): void {
		if (type === 'error') return fail(classifyStreamError(value, context));
		protocol.payload(value, type);
	}

	return {
		get done() {
			return output.done;
		},
		get frames() {
			return frames;
		},
		frame(data, eventName, tail) {
			if (output.done) return;
			frames++;
			if (data.length > maxEventChars) return fail(responseTooLarge('event', maxEventChars));
			if (data === '[DONE]') return;
			if (protocol.canonical?.(data) === true) return;
			let value: unknown;
			try {
				value = JSON.parse(data);
			} catch {
				if (eventName === 'error') return fail(classifyStreamError(data, context));
				if (tail) return;
				if (eventName === undefined || !protocol.knows(eventName)) return;
				return fail(badEvent(eventName, 'not_json', data));
			}
			if (!isRecord(value)) {
				if (eventName !== undefined && protocol.knows(eventName)) {
					fail(badEvent(eventName, 'not_object', data));
				}
				return;
			}
			const type = value['type'];
			if (typeof type === 'string') return payload(value, type);
			if ('error' in value) return fail(classifyStreamError(value, context));
			if (eventName !== undefined) payload(value, eventName);
		},
		payload,
		finish: (end) => sink.end(end),
		fail,
		turn: () => builder.turn()
	};
}
