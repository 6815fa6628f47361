/**
 * One kind of streamed text (answer text, or reasoning), made of parts that arrive as deltas:
 * - parts in different groups are separated by a blank line, emitted as its own delta, so that
 *   what a renderer appends and what `Turn` holds stay the same string. A group is an output item on
 *   Responses routes (two message items are two paragraphs; content parts of one item run on), and a
 *   run of adjacent text blocks on Messages (citation blocks split one sentence and run on);
 * - `settle(key, full)` reconciles a part with its final text from a `.done` event or the final
 *   output: when what streamed is a strict prefix of the final text (deltas were lost, or a relay
 *   sent only `.done` events), the missing rest is emitted as one more delta. When the final text
 *   is not an extension of what streamed, the streamed text stands: it is what the person has seen,
 *   and a delta stream cannot take text back.
 *
 * A part keeps no copy of its deltas: it records where it starts in the turn's text (`TextSource`),
 * and reads itself back from there when a final text is longer. A part that was interrupted by
 * another part of the same kind is no longer one contiguous run of the turn's text; it is not
 * extended (the streamed text stands).
 */
export type DeltaKind = 'text' | 'refusal' | 'reasoning';

/** The turn's text of this track's kind, as emitted so far. */
export interface TextSource {
	length(): number;
	slice(start: number, end: number): string;
}

interface PartProgress {
	start: number;
	length: number;
	contiguous: boolean;
}

export interface DeltaTrack {
	add(key: number, group: number, delta: string, kind: DeltaKind): void;
	settle(key: number, group: number, full: string, kind: DeltaKind): void;
}

export const PARAGRAPH_BREAK = '\n\n';

export function createDeltaTrack(
	separatorKind: DeltaKind,
	emit: (kind: DeltaKind, delta: string) => void,
	source: TextSource
): DeltaTrack {
	const parts = new Map<number, PartProgress>();
	let lastGroup = -1;
	/** The part of the previous delta: consecutive deltas almost always continue one part. */
	let lastKey = -1;
	let lastPart: PartProgress | undefined;

	function add(key: number, group: number, delta: string, kind: DeltaKind): void {
		if (delta === '') return;
		if (group !== lastGroup) {
			if (lastGroup !== -1) emit(separatorKind, PARAGRAPH_BREAK);
			lastGroup = group;
		}
		let part = key === lastKey ? lastPart : parts.get(key);
		if (part === undefined) {
			part = { start: source.length(), length: 0, contiguous: true };
			parts.set(key, part);
		} else if (key !== lastKey) {
			part.contiguous = false;
		}
		lastKey = key;
		lastPart = part;
		part.length += delta.length;
		emit(kind, delta);
	}

	return {
		add,
		settle(key, group, full, kind) {
			const part = parts.get(key);
			const length = part?.length ?? 0;
			if (full.length <= length) return;
			if (part !== undefined) {
				if (!part.contiguous || key !== lastKey) return;
				if (!full.startsWith(source.slice(part.start, part.start + length))) return;
			}
			add(key, group, full.slice(length), kind);
		}
	};
}
