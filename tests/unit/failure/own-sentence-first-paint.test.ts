/**
 * The two failures a first paint can make before the English sentence table has loaded (a part of
 * the app that failed to load; an answer cut off by a closed page) carry the same English message
 * and typed sentence as `own` writes from the table: a stored failure reads the same whichever
 * path made it, and the card says it in the person's language.
 */
import { describe, expect, it } from 'vitest';
import { settleAbandoned } from '../../../src/lib/chat/conversation-restore.ts';
import { assetFailure } from '../../../src/lib/failure/asset-load.ts';
import { own } from '../../../src/lib/failure/own-sentence-say.ts';

describe('first-paint failures without the English table', () => {
	it('a part of the app that failed to load', () => {
		const failure = assetFailure('Failed to fetch dynamically imported module: /x.js');
		expect({ message: failure.message, said: failure.said }).toEqual(own({ kind: 'asset_failed' }));
	});

	it('an answer the closed page cut off', async () => {
		const saved: unknown[] = [];
		const writer = {
			claim: () => Promise.resolve(() => {}),
			saveMessage: (message: unknown) => {
				saved.push(message);
				return Promise.resolve();
			},
			settled: () => Promise.resolve()
		};
		const streaming = {
			id: 'a',
			conversationId: 'c',
			seq: 1,
			role: 'assistant',
			status: 'streaming'
		};
		const settled = await settleAbandoned(
			writer as never,
			{ messages: [streaming], hadJournal: false } as never,
			() => ''
		);
		const failure = settled[0]?.failure;
		expect(failure?.kind).toBe('stream_interrupted');
		expect({ message: failure?.message, said: failure?.said }).toEqual(
			own({ kind: 'page_closed' })
		);
	});
});
