/**
 * The delta track's contract (delta-track.ts): paragraph breaks between groups, and settling a part
 * against its final text without ever reordering or taking back what streamed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	addDelta,
	createDeltaTrack,
	settleDelta,
	type DeltaKind
} from '../../../src/lib/wire/delta-track.ts';
import type { TurnOutput } from '../../../src/lib/wire/protocol.ts';
import {
	accumulatedText,
	appendText,
	createTextAccumulator
} from '../../../src/lib/wire/text-accumulator.ts';

function track() {
	const texts = { text: createTextAccumulator(), reasoning: createTextAccumulator() };
	const kinds: DeltaKind[] = [];
	const output: TurnOutput = {
		done: false,
		texts,
		listener: (event) => {
			if (event.type === 'text' || event.type === 'refusal' || event.type === 'reasoning') {
				kinds.push(event.type);
			}
		}
	};
	const parts = createDeltaTrack('text', output);
	const deltas = {
		add: (key: number, group: number, delta: string, kind: DeltaKind) =>
			addDelta(parts, key, group, delta, kind),
		settle: (key: number, group: number, full: string, kind: DeltaKind) =>
			settleDelta(parts, key, group, full, kind)
	};
	return { deltas, text: () => accumulatedText(texts.text), kinds };
}

describe('the delta track', () => {
	it('runs parts of one group on and separates groups by a blank line', () => {
		const { deltas, text } = track();
		deltas.add(0, 0, 'One', 'text');
		deltas.add(1, 0, ' two.', 'text');
		deltas.add(2, 1, 'Three.', 'text');
		expect(text()).toBe('One two.\n\nThree.');
	});

	it('completes a part whose final text extends what streamed', () => {
		const { deltas, text } = track();
		deltas.add(0, 0, 'The command', 'text');
		deltas.settle(0, 0, 'The command ran.', 'text');
		deltas.settle(0, 0, 'The command ran.', 'text');
		expect(text()).toBe('The command ran.');
	});

	it('keeps what streamed when the final text disagrees', () => {
		const { deltas, text } = track();
		deltas.add(0, 0, 'What streamed', 'text');
		deltas.settle(0, 0, 'Something else entirely', 'text');
		expect(text()).toBe('What streamed');
	});

	it('adds a part that never streamed, with its kind', () => {
		const { deltas, text, kinds } = track();
		deltas.add(0, 0, 'First.', 'text');
		deltas.settle(65536, 1, 'I cannot help with that.', 'refusal');
		expect(text()).toBe('First.\n\nI cannot help with that.');
		expect(kinds).toEqual(['text', 'text', 'refusal']);
	});

	it('never appends to an earlier part once a later one streamed (no reordering)', () => {
		const { deltas, text } = track();
		deltas.add(0, 0, 'Early', 'text');
		deltas.add(65536, 1, 'Late.', 'text');
		deltas.settle(0, 0, 'Early and longer.', 'text');
		expect(text()).toBe('Early\n\nLate.');
	});

	it('completes exactly the missing rest for any split of the final text (property)', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'grapheme' }), fc.nat(), (full, cut) => {
				const { deltas, text } = track();
				const streamed = full.slice(0, full.length === 0 ? 0 : cut % (full.length + 1));
				deltas.add(0, 0, streamed, 'text');
				deltas.settle(0, 0, full, 'text');
				expect(text()).toBe(full);
			})
		);
	});
});

describe('the text accumulator', () => {
	it('holds every piece in order, however many', () => {
		const accumulator = createTextAccumulator();
		const pieces = Array.from({ length: 3000 }, (_, index) => `${index},`);
		pieces.slice(0, 1500).forEach((piece) => appendText(accumulator, piece));
		expect(accumulatedText(accumulator)).toBe(pieces.slice(0, 1500).join(''));
		pieces.slice(1500).forEach((piece) => appendText(accumulator, piece));
		expect(accumulatedText(accumulator)).toBe(pieces.join(''));
		expect(accumulator.length).toBe(pieces.join('').length);
	});
});
