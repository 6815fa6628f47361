/**
 * The fold TurnEvent* → Turn. Deltas go to text accumulators (text-accumulator.ts), so a long answer
 * is never copied per delta. `appendDelta` is the allocation-free path for the hot text, refusal and
 * reasoning deltas (protocol.ts, `emitDelta`); `apply()` takes any event. Tool activities are kept
 * by key (a later report replaces the earlier one in its first place), citations by URL (the first
 * wins).
 */
import { assertNever } from '../failure/index.ts';
import type { Failure } from '../failure/index.ts';
import type { Citation, ToolActivity } from './conversation.ts';
import type { DeltaKind } from './delta-track.ts';
import {
	accumulatedText,
	appendText,
	createTextAccumulator,
	type TextAccumulator
} from './text-accumulator.ts';
import type { Turn, TurnEvent, TurnImage, TurnStatus, TurnUsage } from './turn-events.ts';

/** The turn's text (text and refusal deltas, in order) and its reasoning. */
export interface TurnTexts {
	readonly text: TextAccumulator;
	readonly reasoning: TextAccumulator;
}

export interface TurnBuilder {
	apply(event: TurnEvent): void;
	/** The text and reasoning so far, for `appendDelta` and for reading back. */
	readonly texts: TurnTexts;
	/** The turn so far; before an `end` event its status is `interrupted`. */
	turn(): Turn;
}

/** Same as `apply({ type: kind, delta })` on the builder that holds `texts`. */
export function appendDelta(texts: TurnTexts, kind: DeltaKind, delta: string): void {
	appendText(kind === 'reasoning' ? texts.reasoning : texts.text, delta);
}

export function createTurnBuilder(): TurnBuilder {
	const texts: TurnTexts = { text: createTextAccumulator(), reasoning: createTextAccumulator() };
	const images: TurnImage[] = [];
	/** Insertion-ordered: `set` on a known key keeps its place. */
	const tools = new Map<number, ToolActivity>();
	const citations = new Map<string, Citation>();
	let usage: TurnUsage | undefined;
	let status: TurnStatus = 'interrupted';
	let failure: Failure | undefined;

	return {
		texts,
		apply(event) {
			switch (event.type) {
				case 'text':
				case 'refusal':
				case 'reasoning':
					return appendDelta(texts, event.type, event.delta);
				case 'image':
					images.push(event.image);
					return;
				case 'usage':
					usage = { ...usage, ...event.usage };
					return;
				case 'end':
					status = event.status;
					if (event.status === 'failed' || event.status === 'interrupted') failure = event.failure;
					return;
				case 'tool':
					tools.set(event.tool.key, event.tool);
					return;
				case 'citation':
					if (!citations.has(event.citation.url)) {
						citations.set(event.citation.url, event.citation);
					}
					return;
				case 'image_partial':
				case 'reasoning_part':
					return;
				default:
					assertNever(event, 'turn event');
			}
		},
		turn() {
			return {
				status,
				text: accumulatedText(texts.text),
				reasoning: accumulatedText(texts.reasoning),
				images: images.slice(),
				tools: [...tools.values()],
				citations: [...citations.values()],
				...(failure === undefined ? {} : { failure }),
				...(usage === undefined ? {} : { usage: { ...usage } })
			};
		}
	};
}
