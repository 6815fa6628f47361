/**
 * Every fixture gives its expected Turn, and the same Turn and the same events however its bytes
 * arrive (harness.ts): whole, in seeded random chunks, byte by byte, with CRLF or CR line endings,
 * with a BOM, with comments interleaved.
 */
import { describe, expect, it } from 'vitest';
import { createTurnBuilder, type Turn, type TurnEvent } from '../../../src/lib/wire/index.ts';
import { FIXTURE_CASES } from './fixture-cases.ts';
import type { FixtureCase } from './fixture-types.ts';
import { deliveries, readFixture, run, runText } from './harness.ts';

function nameOf(testCase: FixtureCase): string {
	return `${testCase.route} ${testCase.fixture}${testCase.label === undefined ? '' : ` (${testCase.label})`}`;
}

function fold(events: readonly TurnEvent[]): Turn {
	const builder = createTurnBuilder();
	for (const event of events) builder.apply(event);
	return builder.turn();
}

describe.each(FIXTURE_CASES.map((testCase) => [nameOf(testCase), testCase] as const))(
	'%s',
	(_name, testCase) => {
		const text = readFixture(testCase.fixture);
		const { expected } = testCase;

		it('gives the expected turn', async () => {
			const result = await runText(testCase.route, text, testCase.options);
			const { turn, events } = result;
			expect(turn.status).toBe(expected.status);
			if (expected.text !== null) expect(turn.text).toBe(expected.text ?? '');
			expect(turn.reasoning).toBe(expected.reasoning ?? '');
			if (expected.images !== undefined) expect(turn.images).toEqual(expected.images);
			else if (expected.check === undefined) expect(turn.images).toEqual([]);
			expect(turn.failure?.kind).toBe(expected.failure);
			if (expected.usage !== undefined) expect(turn.usage).toEqual(expected.usage);
			const last = events[events.length - 1];
			expect(last?.type).toBe('end');
			expect(events.filter((event) => event.type === 'end')).toHaveLength(1);
			if (expected.reason !== undefined) expect(last).toMatchObject({ reason: expected.reason });
			expect(fold(events)).toEqual(turn);
			expected.check?.(result);
		});

		it('gives the same turn and events for every delivery', async () => {
			const reference = await runText(testCase.route, text, testCase.options);
			for (const delivery of deliveries(text, testCase.variation)) {
				const { turn, events } = await run(testCase.route, delivery.chunks, testCase.options);
				expect({ delivery: delivery.name, turn }).toEqual({
					delivery: delivery.name,
					turn: reference.turn
				});
				expect({ delivery: delivery.name, events }).toEqual({
					delivery: delivery.name,
					events: reference.events
				});
			}
		});
	}
);
