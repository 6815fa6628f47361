/**
 * What a per-protocol reducer sees of the turn it feeds: it emits TurnEvents and, once, the end.
 * Reducers are plain synchronous objects: one call per parsed event payload, no promises.
 *
 * The per-event path — a text or reasoning delta from its frame to the Turn (`emitDelta`,
 * delta-track.ts, text-accumulator.ts, the reducers' delta handlers) — is module functions over
 * plain records, never a call through a closure made for the turn. V8 keeps a closure's optimized
 * code only while a closure of that function is alive, so each garbage collection between two turns
 * would drop the per-turn closures' code and start every turn in the interpreter; a module function
 * keeps its code, and records built from one object literal keep their hidden class.
 */
import type { ClassifyContext } from '../failure/index.ts';
import type { DeltaKind } from './delta-track.ts';
import { appendDelta, type TurnTexts } from './turn-builder.ts';
import type { TurnEnd, TurnEvent, TurnEventListener } from './turn-events.ts';
import type { WireRecord } from './wire-json.ts';

export type ContentEvent = Exclude<TurnEvent, TurnEnd>;

export interface TurnSink {
	emit(event: ContentEvent): void;
	/** Ends the turn; later calls, and every later emit or delta, are ignored. */
	end(end: TurnEnd): void;
	/** Set once the turn ended (by `end`). */
	readonly done: boolean;
	readonly context: ClassifyContext;
	/** The turn's text and reasoning so far (`emitDelta` appends; delta-track.ts reads parts back). */
	readonly texts: TurnTexts;
	readonly listener: TurnEventListener | undefined;
}

/**
 * A text, refusal or reasoning delta: the same as `sink.emit({ type: kind, delta })`, without the
 * allocation when nobody listens.
 */
export function emitDelta(sink: TurnSink, kind: DeltaKind, delta: string): void {
	if (sink.done) return;
	appendDelta(sink.texts, kind, delta);
	if (sink.listener !== undefined) sink.listener({ type: kind, delta });
}

export interface ProtocolReducer {
	/** True for event types this protocol acts on: their payloads must be readable JSON. */
	knows(type: string): boolean;
	/** One event payload, already parsed, with its type (payload `type`, else the SSE event name). */
	payload(value: WireRecord, type: string): void;
	/**
	 * Optional fast path for the protocol's hot event: reads a frame's data when it is in the exact
	 * canonical text the protocol writes that event in, without `JSON.parse`, and answers true; any
	 * other data answers false and nothing happened. It must act exactly as `payload` would on
	 * `JSON.parse(data)`, so that the outcome of every frame depends only on its parsed value.
	 */
	canonical?(data: string): boolean;
}
