/**
 * One kind of streamed text (answer text, or reasoning), made of parts that arrive as deltas:
 * - parts in different groups are separated by a blank line, emitted as its own delta, so that
 *   what a renderer appends and what `Turn` holds stay the same string. A group is an output item on
 *   Responses routes (two message items are two paragraphs; content parts of one item run on), and a
 *   run of adjacent text blocks on Messages (citation blocks split one sentence and run on);
 * - `settleDelta(track, key, group, full)` reconciles a part with its final text from a `.done`
 *   event or the final output: when what streamed is a strict prefix of the final text (deltas were
 *   lost, or a relay sent only `.done` events), the missing rest is emitted as one more delta. When
 *   the final text is not an extension of what streamed, the streamed text stands: it is what the
 *   person has seen, and a delta stream cannot take text back.
 *
 * A part keeps no copy of its deltas: it records where it starts in the turn's text of its kind
 * (`TurnOutput.texts`), and reads itself back from there when a final text is longer. A part that was
 * interrupted by another part of the same kind is no longer one contiguous run of the turn's text;
 * it is not extended (the streamed text stands).
 *
 * `addDelta` is on the per-event path: a record and module functions (protocol.ts says why).
 */
import { emitDelta, type TurnOutput } from './protocol.ts';
import { accumulatedText, type TextAccumulator } from './text-accumulator.ts';

export type DeltaKind = 'text' | 'refusal' | 'reasoning';

interface PartProgress {
	start: number;
	length: number;
	contiguous: boolean;
}

export interface DeltaTrack {
	readonly output: TurnOutput;
	/** The kind of the paragraph breaks between groups; it also picks the text the parts are in. */
	readonly separatorKind: DeltaKind;
	/** The turn's text of this kind, where the parts are. */
	readonly source: TextAccumulator;
	readonly parts: Map<number, PartProgress>;
	lastGroup: number;
	/** The part of the previous delta: consecutive deltas almost always continue one part. */
	lastKey: number;
	lastPart: PartProgress | undefined;
}

export const PARAGRAPH_BREAK = '\n\n';

export function createDeltaTrack(separatorKind: DeltaKind, output: TurnOutput): DeltaTrack {
	return {
		output,
		separatorKind,
		source: separatorKind === 'reasoning' ? output.texts.reasoning : output.texts.text,
		parts: new Map(),
		lastGroup: -1,
		lastKey: -1,
		lastPart: undefined
	};
}

export function addDelta(
	track: DeltaTrack,
	key: number,
	group: number,
	delta: string,
	kind: DeltaKind
): void {
	if (delta === '') return;
	if (group !== track.lastGroup) {
		if (track.lastGroup !== -1) emitDelta(track.output, track.separatorKind, PARAGRAPH_BREAK);
		track.lastGroup = group;
	}
	let part = key === track.lastKey ? track.lastPart : track.parts.get(key);
	if (part === undefined) {
		part = { start: track.source.length, length: 0, contiguous: true };
		track.parts.set(key, part);
	} else if (key !== track.lastKey) {
		part.contiguous = false;
	}
	track.lastKey = key;
	track.lastPart = part;
	part.length += delta.length;
	emitDelta(track.output, kind, delta);
}

export function settleDelta(
	track: DeltaTrack,
	key: number,
	group: number,
	full: string,
	kind: DeltaKind
): void {
	const part = track.parts.get(key);
	const length = part?.length ?? 0;
	if (full.length <= length) return;
	if (part !== undefined) {
		if (!part.contiguous || key !== track.lastKey) return;
		const streamed = accumulatedText(track.source).slice(part.start, part.start + length);
		if (!full.startsWith(streamed)) return;
	}
	addDelta(track, key, group, full.slice(length), kind);
}
