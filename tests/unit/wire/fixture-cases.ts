/**
 * What each fixture under tests/fixtures/wire must give (per protocol: fixture-cases-responses.ts,
 * fixture-cases-messages.ts; bodies that are not event streams: here). Fixture names share the
 * demo gateway's scenario vocabulary (cut, stall, failed-mid-stream, error-mid-stream, ping,
 * multibyte, huge, incomplete, refusal, image, reasoning, html-200, empty-200).
 */
import { expect } from 'vitest';
import type { RouteKind } from '../../../src/lib/wire/index.ts';
import type { Expected, FixtureCase } from './fixture-types.ts';
import { MESSAGES_CASES } from './fixture-cases-messages.ts';
import { RESPONSES_CASES } from './fixture-cases-responses.ts';

function bodyCases(route: RouteKind): FixtureCase[] {
	const b = (fixture: string, expected: Expected): FixtureCase => ({
		route,
		fixture: `body/${fixture}.sse`,
		expected,
		variation: 'bytes'
	});
	return [
		b('html-200', {
			status: 'failed',
			failure: 'malformed_response',
			check: ({ turn }) => expect(turn.failure?.raw).toContain('<title>502 Bad Gateway</title>')
		}),
		b('json-error-200', { status: 'failed', failure: 'insufficient_balance' }),
		b('json-object-200', { status: 'failed', failure: 'malformed_response' }),
		b('plain-text-200', {
			status: 'failed',
			failure: 'malformed_response',
			check: ({ turn }) => expect(turn.failure?.raw).toBe('Bad Gateway')
		}),
		b('empty-200', { status: 'interrupted', failure: 'stream_interrupted' }),
		b('comments-only', { status: 'interrupted', failure: 'stream_interrupted' })
	];
}
export const FIXTURE_CASES: FixtureCase[] = [
	...RESPONSES_CASES,
	...MESSAGES_CASES,
	...bodyCases('responses'),
	...bodyCases('messages')
];
