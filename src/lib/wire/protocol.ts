/**
 * What a per-protocol reducer sees of the turn it feeds: it emits TurnEvents and, once, the end.
 * Reducers are plain synchronous objects: one call per parsed event payload, no promises.
 *
 * The per-event path — a text or reasoning delta from its frame to the Turn (`emitDelta`,
 * delta-track.ts, text-accumulator.ts, the reducers' delta handlers) — is module functions over
 * records of plain data, never a call through a closure made for the turn. V8 keeps a closure's
 * optimized code only while a closure of that function is alive, so every garbage collection between
 * two turns dropped the per-turn closures' code and each turn started in the interpreter (bench:wire,
 * with `gc()` before each run); a module function keeps its code.
 */
import type { ClassifyContext } from '../failure/index.ts';
import type { DeltaKind } from './delta-track.ts';
import { appendDelta, type TurnTexts } from './turn-builder.ts';
import type { TurnEnd, TurnEvent, TurnEventListener } from './turn-events.ts';
import type { WireRecord } from './wire-json.ts';

export type ContentEvent = Exclude<TurnEvent, TurnEnd>;

/** What every delta of the turn goes to (`emitDelta`): data only; the sink's methods take the rest. */
export interface TurnOutput {
	/** Set once the turn ended (`TurnSink.end`): nothing more is taken. */
	readonly done: boolean;
	/** The turn's text and reasoning so far (`emitDelta` appends; delta-track.ts reads parts back). */
	readonly texts: TurnTexts;
	readonly listener: TurnEventListener | undefined;
}

export interface TurnSink {
	emit(event: ContentEvent): void;
	/** Ends the turn; later calls, and every later emit or delta, are ignored. */
	end(end: TurnEnd): void;
	readonly output: TurnOutput;
	readonly context: ClassifyContext;
}

/**
 * A text, refusal or reasoning delta: the same as `sink.emit({ type: kind, delta })`, without the
 * allocation when nobody listens.
 */
export function emitDelta(output: TurnOutput, kind: DeltaKind, delta: string): void {
	if (output.done) return;
	appendDelta(output.texts, kind, delta);
	if (output.listener !== undefined) output.listener({ type: kind, delta });
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
