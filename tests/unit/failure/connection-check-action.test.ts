import { describe, expect, it } from 'vitest';
import { AVAILABLE_FAILURE_ACTIONS } from '../../../src/lib/chat/available-actions.ts';
import { actionLabel } from '../../../src/lib/components/failure/action-label.ts';
import {
	FAILURE_KINDS,
	present,
	type Failure,
	type FailureActionKind,
	type FailureKind,
	type NetworkCase
} from '../../../src/lib/failure/index.ts';

function failureOf(kind: FailureKind, extra: Partial<Failure> = {}): Failure {
	return { kind, message: 'The gateway said something.', successorModel: 'demo', ...extra };
}

const kinds = (failure: Failure): FailureActionKind[] =>
	present(failure, { topUpUrl: 'https://gw.example.com/topup' }).actions.map(
		(action) => action.kind
	);

describe('the connection check as a failure action', () => {
	it.each<[NetworkCase | undefined, FailureActionKind[]]>([
		['refused_or_blocked', ['connection_check', 'retry']],
		['timeout', ['retry', 'connection_check']],
		['offline', ['retry', 'connection_check']],
		[undefined, ['retry', 'connection_check']]
	])('network (%s): %o', (networkCase, expected) => {
		const failure = failureOf('network', networkCase === undefined ? {} : { networkCase });
		expect(kinds(failure)).toEqual(expected);
	});

	it('is offered for the failures where the connection or the address may be at fault, and no others', () => {
		const offering = FAILURE_KINDS.filter((kind) =>
			kinds(failureOf(kind)).includes('connection_check')
		);
		expect(offering).toEqual([
			'token_exchange_failed',
			'not_found',
			'bad_gateway',
			'network',
			'malformed_response',
			'unknown'
		]);
	});

	it('the chat carries out every action a failure card can offer, the check included', () => {
		for (const kind of FAILURE_KINDS) {
			for (const action of kinds(failureOf(kind))) {
				expect(AVAILABLE_FAILURE_ACTIONS.has(action), `${kind} offers ${action}`).toBe(true);
			}
		}
	});

	it('is labelled in plain words', () => {
		expect(actionLabel({ kind: 'connection_check' })).toBe('Check the connection');
	});
});
