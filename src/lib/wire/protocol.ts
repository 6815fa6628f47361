/**
 * What a per-protocol reducer sees of the turn it feeds: it emits TurnEvents and, once, the end.
 * Reducers are plain synchronous objects: one call per parsed event payload, no promises.
 */
import type { ClassifyContext } from '../failure/index.ts';
import type { DeltaKind, TextSource } from './delta-track.ts';
import type { TurnEnd, TurnEvent } from './turn-events.ts';
import type { WireRecord } from './wire-json.ts';

export type ContentEvent = Exclude<TurnEvent, TurnEnd>;

export interface TurnSink {
	emit(event: ContentEvent): void;
	/** A text, refusal or reasoning delta: `emit({ type: kind, delta })` without the allocation. */
	delta(kind: DeltaKind, delta: string): void;
	/** What the turn holds so far of its text or reasoning (delta-track.ts reads parts back). */
	source(kind: 'text' | 'reasoning'): TextSource;
	/** Ends the turn; later calls, and every later emit, are ignored. */
	end(end: TurnEnd): void;
	readonly done: boolean;
	readonly context: ClassifyContext;
}

export interface ProtocolReducer {
	/** True for event types this protocol acts on: their payloads must be readable JSON. */
	knows(type: string): boolean;
	/** One event payload, already parsed, with its type (payload `type`, else the SSE event name). */
	payload(value: WireRecord, type: string): void;
}
