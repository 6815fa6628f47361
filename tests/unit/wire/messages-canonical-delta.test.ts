/**
 * The Messages fast path (messages-canonical-delta.ts): a text or thinking delta in the API's own
 * compact form is read without `JSON.parse`, and it must mean exactly what `JSON.parse` says it
 * means; every other text takes the ordinary path, so a malformed event fails as it always did.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCanonicalDelta } from '../../../src/lib/wire/messages-canonical-delta.ts';
import type { Turn, TurnEvent } from '../../../src/lib/wire/index.ts';
import { runText } from './harness.ts';

const HEAD = '{"type":"content_block_delta","index":';
const TEXT = ',"delta":{"type":"text_delta","text":"';
const THINKING = ',"delta":{"type":"thinking_delta","thinking":"';

function canonical(index: number, kind: 'text' | 'thinking', text: string): string {
	const delta =
		kind === 'text' ? { type: 'text_delta', text } : { type: 'thinking_delta', thinking: text };
	return JSON.stringify({ type: 'content_block_delta', index, delta });
}

/** What `JSON.parse` says a canonical delta is. */
function parsedAs(data: string): { index: number; kind: 'text' | 'thinking'; text: string } {
	const value = JSON.parse(data) as {
		index: number;
		delta: { type: string; text?: string; thinking?: string };
	};
	const kind = value.delta.type === 'text_delta' ? 'text' : 'thinking';
	return { index: value.index, kind, text: value.delta.text ?? value.delta.thinking ?? '' };
}

describe('readCanonicalDelta', () => {
	it('reads text and thinking deltas as the API writes them', () => {
		expect(readCanonicalDelta(`${HEAD}0${TEXT}Hello"}}`)).toEqual({
			index: 0,
			kind: 'text',
			text: 'Hello'
		});
		expect(readCanonicalDelta(`${HEAD}12${THINKING}Let me think."}}`)).toEqual({
			index: 12,
			kind: 'thinking',
			text: 'Let me think.'
		});
		expect(readCanonicalDelta(`${HEAD}3${TEXT}"}}`)).toEqual({ index: 3, kind: 'text', text: '' });
	});

	it('unescapes strings exactly as JSON.parse does', () => {
		for (const text of [
			'line\nbreak',
			'a "quote"',
			'back\\slash',
			'\t\u0001',
			'café 漢字 😀',
			'\u2028'
		]) {
			const data = canonical(1, 'text', text);
			expect(readCanonicalDelta(data)).toEqual({ index: 1, kind: 'text', text });
		}
		expect(readCanonicalDelta(`${HEAD}0${TEXT}\\u00e9\\ud83d\\ude00\\/"}}`)?.text).toBe('é😀/');
	});

	it('leaves every other form to JSON.parse', () => {
		const declined = [
			'{"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}}',
			'{"index":0,"type":"content_block_delta","delta":{"type":"text_delta","text":"Hi"}}',
			`${HEAD}00${TEXT}Hi"}}`,
			`${HEAD}-1${TEXT}Hi"}}`,
			`${HEAD}1.0${TEXT}Hi"}}`,
			`${HEAD}1e2${TEXT}Hi"}}`,
			`${HEAD}1234567890${TEXT}Hi"}}`,
			`${HEAD}${TEXT}Hi"}}`,
			`${HEAD}0,"delta":{"type":"input_json_delta","partial_json":"{}"}}`,
			`${HEAD}0,"delta":{"type":"signature_delta","signature":"abc"}}`,
			`${HEAD}0${TEXT}Hi","extra":1}}`,
			`${HEAD}0${TEXT}Hi"}} `,
			`${HEAD}0${TEXT}Hi"}`,
			`${HEAD}0${TEXT}"}`,
			`${HEAD}0${TEXT}raw\ncontrol"}}`,
			`${HEAD}0${TEXT}bad \\x escape"}}`,
			`${HEAD}0${TEXT}unescaped " quote"}}`,
			`${HEAD}0${TEXT}dangling\\"}}`
		];
		for (const data of declined) expect(readCanonicalDelta(data), data).toBeUndefined();
	});

	it('reads what JSON.stringify writes, for any text and index (property)', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: 999_999_999 }),
				fc.constantFrom('text' as const, 'thinking' as const),
				fc.string({ unit: 'binary' }),
				(index, kind, text) => {
					expect(readCanonicalDelta(canonical(index, kind, text))).toEqual({ index, kind, text });
				}
			),
			{ numRuns: 500 }
		);
	});

	it('answers only what JSON.parse would read, for text near the canonical form (property)', () => {
		fc.assert(
			fc.property(nearCanonical(), (data) => {
				const read = readCanonicalDelta(data);
				if (read !== undefined) expect(read).toEqual(parsedAs(data));
			}),
			{ numRuns: 2000 }
		);
	});
});

/** Data built from the canonical form's parts, each either right or slightly wrong. */
function nearCanonical(): fc.Arbitrary<string> {
	const index = fc.oneof(
		fc.nat().map(String),
		fc.constantFrom('', '00', '01', '-1', '1.0', '1e1', ' 1', '1 ', '1234567890', '999999999')
	);
	const middle = fc.constantFrom(
		TEXT,
		THINKING,
		',"delta":{"type":"text_delta","thinking":"',
		',"delta":{"type":"input_json_delta","partial_json":"',
		', "delta":{"type":"text_delta","text":"'
	);
	const raw = fc.string({ unit: 'binary' });
	const body = fc.oneof(
		raw,
		raw.map((text) => JSON.stringify(text).slice(1, -1)),
		fc.constantFrom('\\', '\\u12', '\\x', '"', '\\"', '\u0000', '\u001f')
	);
	const tail = fc.constantFrom('"}}', '"} }', '"}}x', '"},"x":1}', '"}', '"}}}', '"}}\u0000');
	return fc
		.tuple(index, middle, body, body, tail)
		.map(([i, m, a, b, t]) => `${HEAD}${i}${m}${a}${b}${t}`);
}

/** A failure's `raw` is the data as sent; the oracle stream below sent it with one more space. */
function comparable(run: { turn: Turn; events: TurnEvent[] }): unknown {
	const trim = (turn: Turn | TurnEvent): unknown =>
		'failure' in turn && turn.failure?.raw !== undefined
			? { ...turn, failure: { ...turn.failure, raw: turn.failure.raw.trim() } }
			: turn;
	return { turn: trim(run.turn), events: run.events.map(trim) };
}

describe('the Messages route with canonical deltas', () => {
	it('gives the same events and Turn as when every payload goes through JSON.parse (property)', async () => {
		const frame = fc
			.oneof(
				nearCanonical(),
				fc
					.tuple(
						fc.nat({ max: 3 }),
						fc.constantFrom('text' as const, 'thinking' as const),
						fc.string()
					)
					.map(([index, kind, text]) => canonical(index, kind, text))
			)
			.map((data) => data.replace(/[\r\n]/g, ' '));
		const start = (index: number, type: string): string =>
			`event: content_block_start\ndata: {"type":"content_block_start","index":${index},"content_block":{"type":"${type}","${type}":""}}\n\n`;
		await fc.assert(
			fc.asyncProperty(fc.array(frame, { maxLength: 10 }), async (frames) => {
				// The same stream twice: data as sent, and data after one more space, which no
				// canonical form starts with, so every payload of the second goes through JSON.parse.
				const body = (lead: string): string =>
					start(0, 'text') +
					start(1, 'thinking') +
					frames.map((data) => `event: content_block_delta\ndata: ${lead}${data}\n\n`).join('') +
					'event: message_stop\ndata: {"type":"message_stop"}\n\n';
				const fast = await runText('messages', body(''));
				const parsed = await runText('messages', body(' '));
				expect(comparable(fast)).toEqual(comparable(parsed));
			}),
			{ numRuns: 300 }
		);
	});
});
