import { describe, expect, it } from 'vitest';
import {
	MessageSearchIndex,
	SearchCancelled,
	type MessageScan
} from '../../../src/lib/chat/search/message-index.ts';
import { foldQuery } from '../../../src/lib/chat/search/search-fold.ts';
import type { MessageRecord } from '../../../src/lib/chat/storage/records.ts';

const message = (
	conversationId: string,
	seq: number,
	text: string,
	role: MessageRecord['role'] = seq % 2 === 0 ? 'user' : 'assistant'
): MessageRecord => ({
	id: `${conversationId}-${seq}`,
	conversationId,
	seq,
	role,
	text,
	reasoning: '',
	status: 'completed',
	images: [],
	createdAt: seq
});

/** A scan over `stored` in batches of 2, counting how often storage is read. */
function storage(stored: MessageRecord[]): { scan: MessageScan; reads: () => number } {
	let reads = 0;
	return {
		reads: () => reads,
		scan: async (onBatch) => {
			reads++;
			for (let from = 0; from < stored.length; from += 2) {
				await Promise.resolve();
				onBatch(stored.slice(from, from + 2));
			}
		}
	};
}

const search = async (index: MessageSearchIndex, query: string) =>
	index.search(foldQuery(query), new AbortController().signal);

describe('the message search index', () => {
	it('reads storage once, on the first search, and finds text in user and assistant messages', async () => {
		const { scan, reads } = storage([
			message('a', 0, 'Tell me about lighthouses'),
			message('a', 1, 'They guide ships with a BEACON.'),
			message('b', 0, 'bridges'),
			message('b', 1, 'Suspension bridges hang from cables.')
		]);
		const index = new MessageSearchIndex(scan);
		expect(reads()).toBe(0);
		expect([...(await search(index, 'beacon')).keys()]).toEqual(['a']);
		expect([...(await search(index, 'Tell me')).keys()]).toEqual(['a']);
		expect([...(await search(index, 'CABLES')).keys()]).toEqual(['b']);
		expect(reads()).toBe(1);
	});

	it('starts reading storage before the first search when asked to, and only once', async () => {
		const { scan, reads } = storage([message('a', 0, 'early bird')]);
		const index = new MessageSearchIndex(scan);
		index.prepare();
		index.prepare();
		expect(reads()).toBe(1);
		expect([...(await search(index, 'bird')).keys()]).toEqual(['a']);
		expect(reads()).toBe(1);
	});

	it('says why: the first matching message in conversation order, with a snippet', async () => {
		const { scan } = storage([
			message('a', 3, 'the keeper again'),
			message('a', 1, 'a keeper lives there'),
			message('a', 0, 'hello')
		]);
		const hit = (await search(new MessageSearchIndex(scan), 'keeper')).get('a');
		expect(hit?.messageId).toBe('a-1');
		expect(hit?.role).toBe('assistant');
		expect(hit?.snippet).toEqual({ before: 'a ', match: 'keeper', after: ' lives there' });
	});

	it('searches an answer as it reads, without its markdown, and shows it that way', async () => {
		const { scan } = storage([
			message('md', 1, 'Use **the lamp** and see [the docs](https://example.com/lamp-guide).'),
			message('md', 2, 'Write `**stars**` to get bold text.', 'user')
		]);
		const index = new MessageSearchIndex(scan);
		const hit = (await search(index, 'the lamp and')).get('md');
		expect(hit?.messageId).toBe('md-1');
		expect(hit?.snippet).toEqual({
			before: 'Use ',
			match: 'the lamp and',
			after: ' see the docs.'
		});
		// The link's address is not on the page, so it does not match; a prompt is shown as typed.
		expect((await search(index, 'lamp-guide')).size).toBe(0);
		expect((await search(index, '`**stars**`')).get('md')?.messageId).toBe('md-2');
	});

	it('reads an answer that grows while it streams again, once it is searched', async () => {
		const { scan } = storage([message('a', 0, 'question')]);
		const index = new MessageSearchIndex(scan);
		expect((await search(index, 'bold')).size).toBe(0);
		index.noteMessage(message('a', 1, 'Some **bo'));
		index.noteMessage(message('a', 1, 'Some **bold** words'));
		expect((await search(index, 'some bold words')).get('a')?.snippet.match).toBe(
			'Some bold words'
		);
	});

	it('finds Chinese text', async () => {
		const { scan } = storage([message('zh', 0, '请介绍一下长城的历史。'), message('x', 0, '长度')]);
		const hits = await search(new MessageSearchIndex(scan), '长城');
		expect([...hits.keys()]).toEqual(['zh']);
		expect(hits.get('zh')?.snippet.match).toBe('长城');
	});

	it('stays current with what is saved and removed after it was built', async () => {
		const { scan, reads } = storage([message('a', 0, 'first words'), message('b', 0, 'other')]);
		const index = new MessageSearchIndex(scan);
		expect((await search(index, 'lantern')).size).toBe(0);
		index.noteMessage(message('a', 1, 'a lantern'));
		index.noteMessage(message('c', 0, 'lantern in a new conversation'));
		expect([...(await search(index, 'lantern')).keys()].sort()).toEqual(['a', 'c']);
		// An answer growing while it streams: the latest text counts.
		index.noteMessage(message('a', 1, 'a lamp'));
		expect([...(await search(index, 'lantern')).keys()]).toEqual(['c']);
		index.removeConversation('c');
		index.removeMessages(['a-0']);
		expect((await search(index, 'lantern')).size).toBe(0);
		expect((await search(index, 'first')).size).toBe(0);
		expect(reads()).toBe(1);
	});

	it('keeps what was saved while it was being built over the older stored text', async () => {
		const stored = [message('a', 0, 'old text'), message('b', 0, 'gone'), message('c', 0, 'x')];
		let release = (): void => undefined;
		const gate = new Promise<void>((resolve) => (release = resolve));
		const index = new MessageSearchIndex(async (onBatch) => {
			onBatch(stored.slice(0, 1));
			await gate;
			onBatch(stored.slice(1));
		});
		const building = search(index, 'new');
		await Promise.resolve();
		index.noteMessage(message('a', 0, 'new text'));
		index.noteMessage(message('b', 0, 'new too'));
		index.removeConversation('b');
		release();
		expect([...(await building).keys()]).toEqual(['a']);
		expect((await search(index, 'gone')).size).toBe(0);
	});

	it('reads storage again after it was invalidated', async () => {
		const stored = [message('a', 0, 'harbour')];
		const { scan, reads } = storage(stored);
		const index = new MessageSearchIndex(scan);
		await search(index, 'harbour');
		stored.push(message('b', 0, 'harbour from another tab'));
		index.invalidate();
		expect([...(await search(index, 'harbour')).keys()].sort()).toEqual(['a', 'b']);
		expect(reads()).toBe(2);
	});

	it('stops when its search is cancelled', async () => {
		const many = Array.from({ length: 3000 }, (_, i) => message(`c${i}`, 0, `text ${i}`));
		const index = new MessageSearchIndex(storage(many).scan);
		const run = new AbortController();
		run.abort();
		await expect(index.search('text', run.signal)).rejects.toBeInstanceOf(SearchCancelled);
		// A search that is not cancelled still gets every hit.
		expect((await search(index, 'text')).size).toBe(3000);
	});
});
