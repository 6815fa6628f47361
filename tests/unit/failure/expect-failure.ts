import { expect } from 'vitest';
import type { Failure } from '../../../src/lib/failure/index.ts';
import type { Expected } from './rows/types.ts';

/** Markup a message must never contain: a `<` that could open a tag. */
export const MARKUP = /<[a-z!/?]/i;

/** Asserts what a caller of a classifier relies on, for one table row. */
export function expectFailure(failure: Failure, expected: Expected): void {
	expect(failure.kind).toBe(expected.kind);
	if (expected.status !== undefined) expect(failure.status).toBe(expected.status);
	if (expected.code !== undefined) expect(failure.code).toBe(expected.code);
	if (expected.noCode === true) expect(failure.code).toBeUndefined();
	expect(failure.requestId).toBe(expected.requestId);
	expect(failure.retryAfterMs).toBe(expected.retryAfterMs);
	expect(failure.successorModel).toBe(expected.successorModel);
	if (expected.networkCase !== undefined) expect(failure.networkCase).toBe(expected.networkCase);
	if (expected.messageIncludes !== undefined)
		expect(failure.message).toContain(expected.messageIncludes);

	expect(failure.message.trim()).not.toBe('');
	expect(failure.message).toBe(failure.message.trim());
	expect(failure.message).not.toMatch(MARKUP);
	expect(failure.message).not.toMatch(/request id/i);
	expect(failure.message).not.toMatch(/[\r\n\t]/);
}
