/**
 * The fold TurnEvent* → Turn. Deltas go to text accumulators (text-accumulator.ts), so a long answer
 * is never copied per delta. `delta()` is the allocation-free path the reducers use for the hot
 * text, refusal and reasoning deltas; `apply()` takes any event. Tool activities are kept by key
 * (a later report replaces the earlier one in its first place), citations by URL (the first wins).
 */
import { assertNever } from '../failure/index.ts';
import type { Failure } from '../failure/index.ts';
import type { Citation, ToolActivity } from './conversation.ts';
import type { DeltaKind, TextSource } from './delta-track.ts';
import { createTextAccumulator, type TextAccumulator } from './text-accumulator.ts';
import type { Turn, TurnEvent, TurnImage, TurnStatus, TurnUsage } from './turn-events.ts';

export interface TurnBuilder {
	apply(event: TurnEvent): void;
	/** Same as `apply({ type: kind, delta })`. */
	delta(kind: DeltaKind, delta: string): void;
	/** The text (text and refusal deltas) or the reasoning so far, for reading back. */
	source(kind: 'text' | 'reasoning'): TextSource;
	/** The turn so far; before an `end` event its status is `interrupted`. */
	turn(): Turn;
}

export function createTurnBuilder(): TurnBuilder {
	const text = createTextAccumulator();
	const reasoning = createTextAccumulator();
	const images: TurnImage[] = [];
	/** Insertion-ordered: `set` on a known key keeps its place. */
	const tools = new Map<number, ToolActivity>();
	const citations = new Map<string, Citation>();
	let usage: TurnUsage | undefined;
	let status: TurnStatus = 'interrupted';
	let failure: Failure | undefined;

	function delta(kind: DeltaKind, piece: string): void {
		if (kind === 'reasoning') reasoning.push(piece);
		else text.push(piece);
	}

	const sourceOf = (accumulator: TextAccumulator): TextSource => ({
		length: () => accumulator.length,
		slice: (start, end) => accumulator.value().slice(start, end)
	});
	const sources = { text: sourceOf(text), reasoning: sourceOf(reasoning) };

	return {
		delta,
		source: (kind) => sources[kind],
		apply(event) {
			switch (event.type) {
				case 'text':
				case 'refusal':
					text.push(event.delta);
					return;
				case 'reasoning':
					reasoning.push(event.delta);
					return;
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
				text: text.value(),
				reasoning: reasoning.value(),
				images: images.slice(),
				tools: [...tools.values()],
				citations: [...citations.values()],
				...(failure === undefined ? {} : { failure }),
				...(usage === undefined ? {} : { usage: { ...usage } })
			};
		}
	};
}
