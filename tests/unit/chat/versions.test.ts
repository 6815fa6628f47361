import { describe, expect, it } from 'vitest';
import {
	forkPointOf,
	latestWithin,
	MAIN_BRANCH,
	threadOf,
	versionsAt,
	type BranchRecord
} from '../../../src/lib/chat/branches.ts';
import { ChatSession } from '../../../src/lib/chat/chat-session.svelte.ts';
import { MemoryStore } from '../../../src/lib/chat/storage/memory-store.ts';
import {
	readConversationRecord,
	type MessageRecord
} from '../../../src/lib/chat/storage/records.ts';
import { parseImport } from '../../../src/lib/chat/storage/import-file.ts';
import { exportJson, exportMarkdown } from '../../../src/lib/chat/storage/transfer.ts';
import { enDeferred } from '../../../src/lib/i18n/en-deferred.ts';
import { blankConversation, demoFetch, demoTarget } from './demo-session.ts';

/**
 * Versions: regenerating an answer or editing an earlier prompt starts a branch; every branch is
 * kept, reachable with ‹ › and across reloads, exports and imports, and only the branch shown is
 * ever sent.
 */

function message(id: string, seq: number, role: 'user' | 'assistant', branch?: string) {
	return {
		id,
		conversationId: 'c1',
		seq,
		role,
		text: id,
		reasoning: '',
		status: 'completed',
		images: [],
		createdAt: seq,
		...(branch === undefined ? {} : { branch })
	} satisfies MessageRecord;
}

describe('branches (pure)', () => {
	// main: q1 a1 q2 a2; b1 regenerates a2; b2 regenerates it again; b3 edits q1.
	const messages = [
		message('q1', 0, 'user'),
		message('a1', 1, 'assistant'),
		message('q2', 2, 'user'),
		message('a2', 3, 'assistant'),
		message('a2-b1', 4, 'assistant', 'b1'),
		message('a2-b2', 5, 'assistant', 'b2'),
		message('q1-b3', 6, 'user', 'b3'),
		message('a1-b3', 7, 'assistant', 'b3')
	];
	const branches: BranchRecord[] = [
		{ id: 'b1', parent: MAIN_BRANCH, forkSeq: 3, createdAt: 1 },
		{ id: 'b2', parent: MAIN_BRANCH, forkSeq: 3, createdAt: 2 },
		{ id: 'b3', parent: MAIN_BRANCH, forkSeq: 0, createdAt: 3 }
	];
	const ids = (list: readonly MessageRecord[]): string[] => list.map((entry) => entry.id);

	it('a branch shows its parent before the fork, then its own messages', () => {
		expect(ids(threadOf(messages, branches, MAIN_BRANCH))).toEqual(['q1', 'a1', 'q2', 'a2']);
		expect(ids(threadOf(messages, branches, 'b1'))).toEqual(['q1', 'a1', 'q2', 'a2-b1']);
		expect(ids(threadOf(messages, branches, 'b3'))).toEqual(['q1-b3', 'a1-b3']);
	});

	it('a new version of a branch’s first message joins its siblings, not a chain', () => {
		expect(forkPointOf(messages[5] as MessageRecord, messages, branches)).toEqual({
			parent: MAIN_BRANCH,
			forkSeq: 3
		});
		expect(forkPointOf(messages[3] as MessageRecord, messages, branches)).toEqual({
			parent: MAIN_BRANCH,
			forkSeq: 3
		});
	});

	it('counts the versions at a place and says which one is shown', () => {
		expect(versionsAt(messages[3] as MessageRecord, messages, branches)).toEqual({
			branches: [MAIN_BRANCH, 'b1', 'b2'],
			index: 0
		});
		expect(versionsAt(messages[5] as MessageRecord, messages, branches)?.index).toBe(2);
		expect(versionsAt(messages[1] as MessageRecord, messages, branches)).toBeNull();
		expect(versionsAt(messages[6] as MessageRecord, messages, branches)).toEqual({
			branches: [MAIN_BRANCH, 'b3'],
			index: 1
		});
	});

	it('going back to a version shows it as it was last continued further down', () => {
		// b4 regenerates the first answer of b3 (after the place b3 forks at).
		const more: BranchRecord[] = [
			...branches,
			{ id: 'b4', parent: 'b3', forkSeq: 7, createdAt: 4 }
		];
		expect(latestWithin('b3', 0, more)).toBe('b4');
		// At the answer's own place, main is main: its regenerations are siblings, not within it.
		expect(latestWithin(MAIN_BRANCH, 3, more)).toBe(MAIN_BRANCH);
		expect(latestWithin(MAIN_BRANCH, 0, more)).toBe('b2');
	});

	it('survives a damaged record: a branch naming itself or a missing parent ends the walk', () => {
		const looped: BranchRecord[] = [{ id: 'x', parent: 'y', forkSeq: 1, createdAt: 1 }];
		expect(ids(threadOf(messages, looped, 'x'))).toEqual([]);
	});
});

/** The prompts and answers of each request the gateway received. */
type Sent = Array<{ input: Array<{ role: string; content: Array<{ text: string }> }> }>;

function recording(sent: Sent): typeof fetch {
	return (input, init) => {
		sent.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Sent[number]);
		return demoFetch()(input, init);
	};
}

function session(store: MemoryStore, fetchFn: typeof fetch, conversation = blankConversation()) {
	return new ChatSession({ conversation, store, target: demoTarget('demo'), fetch: fetchFn });
}

const texts = (chat: ChatSession): string[] => chat.messages.map((entry) => entry.text);

describe('ChatSession versions', () => {
	it('regenerate keeps every answer, one step away, and after a reload', async () => {
		const store = new MemoryStore();
		const chat = session(store, demoFetch());
		await chat.send('first #scenario:instant');
		const firstAnswer = chat.messages[1]?.text;
		await chat.regenerate();
		await chat.regenerate();
		const last = chat.messages[1];
		expect(chat.messages).toHaveLength(2);
		expect(chat.versionsOf(last?.id ?? '')).toEqual({ index: 2, count: 3 });

		await chat.showVersion(last?.id ?? '', -1);
		await chat.showVersion(chat.messages[1]?.id ?? '', -1);
		expect(chat.messages[1]?.text).toBe(firstAnswer);
		expect(chat.versionsOf(chat.messages[1]?.id ?? '')).toEqual({ index: 0, count: 3 });
		// Nothing before the first version.
		await chat.showVersion(chat.messages[1]?.id ?? '', -1);
		expect(chat.versionsOf(chat.messages[1]?.id ?? '')).toEqual({ index: 0, count: 3 });
		await chat.showVersion(chat.messages[1]?.id ?? '', 1);
		const shown = chat.messages[1]?.id;
		chat.dispose();

		const stored = await store.load('c1');
		expect(stored?.messages).toHaveLength(4);
		const reloaded = session(store, demoFetch(), stored ?? blankConversation());
		await reloaded.ready;
		expect(reloaded.messages.map((entry) => entry.id)).toEqual([stored?.messages[0]?.id, shown]);
		expect(reloaded.versionsOf(shown ?? '')).toEqual({ index: 1, count: 3 });
	});

	it('an open prompt editor closes when another version takes its prompt off the page', async () => {
		const chat = session(new MemoryStore(), demoFetch());
		await chat.send('one #scenario:instant');
		await chat.regenerate();
		await chat.send('two #scenario:instant');
		expect(chat.editLast()).toBe(true);
		const editing = chat.editing;
		expect(editing).toBe(chat.messages[2]?.id);
		// The first answer's other version has no 'two' after it: the prompt being edited is gone.
		await chat.showVersion(chat.messages[1]?.id ?? '', -1);
		expect(texts(chat)).toHaveLength(2);
		expect(chat.editing).toBeNull();
		// Back again, the prompt is there and nothing reopens by itself.
		await chat.showVersion(chat.messages[1]?.id ?? '', 1);
		expect(chat.messages[2]?.id).toBe(editing);
		expect(chat.editing).toBeNull();
	});

	it('editing an earlier prompt sends the new branch only and keeps the old one reachable', async () => {
		const store = new MemoryStore();
		const sent: Sent = [];
		const chat = session(store, recording(sent));
		await chat.send('one #scenario:instant');
		await chat.send('two #scenario:instant');
		await chat.send('three #scenario:instant');
		const second = chat.messages[2];
		await chat.editPrompt(second?.id ?? '', 'two, edited #scenario:instant');
		expect(texts(chat).filter((_, index) => index % 2 === 0)).toEqual([
			'one #scenario:instant',
			'two, edited #scenario:instant'
		]);
		expect(chat.messages[3]?.text).toContain('two, edited');
		// The request for the edited prompt carried the thread before it, not the old branch.
		const request = sent.at(-1)?.input.map((item) => item.content[0]?.text ?? '');
		expect(request?.[0]).toBe('one #scenario:instant');
		expect(request?.at(-1)).toBe('two, edited #scenario:instant');
		expect(request?.join('\n')).not.toContain('three');

		const edited = chat.messages[2]?.id ?? '';
		expect(chat.versionsOf(edited)).toEqual({ index: 1, count: 2 });
		await chat.showVersion(edited, -1);
		expect(texts(chat).filter((_, index) => index % 2 === 0)).toEqual([
			'one #scenario:instant',
			'two #scenario:instant',
			'three #scenario:instant'
		]);

		// Sending on the old branch continues it; the edited branch is still there.
		await chat.send('four #scenario:instant');
		expect(chat.messages).toHaveLength(8);
		expect(chat.versionsOf(chat.messages[2]?.id ?? '')).toEqual({ index: 0, count: 2 });
	});

	it('going back to a version shows it as it was last seen, the answer version picked in it too, after a reload as well', async () => {
		const store = new MemoryStore();
		const chat = session(store, demoFetch());
		await chat.send('alpha #scenario:instant');
		await chat.send('beta #scenario:instant');
		await chat.regenerate();
		await chat.regenerate();
		// The person picks the first of the three answers to "beta", and reads on there.
		await chat.showVersion(chat.messages[3]?.id ?? '', -1);
		await chat.showVersion(chat.messages[3]?.id ?? '', -1);
		const picked = chat.messages[3]?.id ?? '';
		expect(chat.versionsOf(picked)).toEqual({ index: 0, count: 3 });

		// Then edits "alpha" into a version of its own, and goes back.
		await chat.editPrompt(chat.messages[0]?.id ?? '', 'alpha, edited #scenario:instant');
		expect(chat.messages).toHaveLength(2);
		await chat.showVersion(chat.messages[0]?.id ?? '', -1);
		expect(chat.messages.map((entry) => entry.id)[3], 'the answer picked before').toBe(picked);
		expect(chat.versionsOf(picked)).toEqual({ index: 0, count: 3 });
		await chat.flush();
		chat.dispose();

		// Forward to the edit and back again, after a reload: still the one picked.
		const reloaded = session(store, demoFetch(), (await store.load('c1')) ?? blankConversation());
		await reloaded.ready;
		expect(reloaded.messages[3]?.id).toBe(picked);
		await reloaded.showVersion(reloaded.messages[0]?.id ?? '', 1);
		expect(reloaded.messages).toHaveLength(2);
		await reloaded.showVersion(reloaded.messages[0]?.id ?? '', -1);
		expect(reloaded.messages[3]?.id, 'after a reload').toBe(picked);
		reloaded.dispose();
	});

	it('a search hit in a version not shown brings that version back as it was last seen, and after a reload', async () => {
		const store = new MemoryStore();
		const chat = session(store, demoFetch());
		await chat.send('alpha #scenario:instant');
		await chat.send('beta #scenario:instant');
		const firstBeta = chat.messages[3]?.id ?? '';
		await chat.regenerate();
		const secondBeta = chat.messages[3]?.id ?? '';
		// The person reads the first answer to "beta" again, then edits "alpha" into a new version.
		await chat.showVersion(secondBeta, -1);
		const alpha = chat.messages[0]?.id ?? '';
		await chat.editPrompt(alpha, 'alpha, edited #scenario:instant');
		expect(chat.messages.map((entry) => entry.id)).not.toContain(alpha);

		// A hit in the first "alpha": its version, with the answer read last in it.
		await chat.reveal(alpha);
		expect(chat.messages[0]?.id).toBe(alpha);
		expect(chat.messages[3]?.id).toBe(firstBeta);
		expect(chat.revealing).toEqual({ messageId: alpha });
		// A hit in the other answer to "beta" shows that one.
		await chat.reveal(secondBeta);
		expect(chat.messages[3]?.id).toBe(secondBeta);
		// Edited away again, the first "alpha" comes back with that answer: the one read last.
		await chat.editPrompt(alpha, 'alpha, edited again #scenario:instant');
		await chat.reveal(alpha);
		expect(chat.messages[0]?.id).toBe(alpha);
		expect(chat.messages[3]?.id).toBe(secondBeta);
		// Once the list has scrolled to it, nothing is asked any more.
		chat.revealDone();
		expect(chat.revealing).toBeNull();
		// A hit already shown changes no version, and is asked to be scrolled to again.
		await chat.reveal(alpha);
		expect(chat.messages[3]?.id).toBe(secondBeta);
		expect(chat.revealing).toEqual({ messageId: alpha });
		// A message that is not there (deleted meanwhile) asks for nothing.
		chat.revealDone();
		await chat.reveal('gone');
		expect(chat.revealing).toBeNull();
		await chat.flush();
		chat.dispose();

		const reloaded = session(store, demoFetch(), (await store.load('c1')) ?? blankConversation());
		await reloaded.ready;
		expect(reloaded.messages[0]?.id).toBe(alpha);
		expect(reloaded.messages[3]?.id).toBe(secondBeta);
		reloaded.dispose();
	});

	it('a search hit in another version opened while answering is shown when the answer ends', async () => {
		const chat = session(new MemoryStore(), demoFetch());
		await chat.send('alpha #scenario:instant');
		const alpha = chat.messages[0]?.id ?? '';
		await chat.editPrompt(alpha, 'alpha, edited #scenario:instant');
		const sending = chat.send('gamma #scenario:instant');
		await chat.reveal(alpha);
		// The answer's version stays shown while it is written.
		expect(chat.messages[0]?.text).toBe('alpha, edited #scenario:instant');
		expect(chat.revealing?.messageId).not.toBe(alpha);
		await sending;
		await chat.flush();
		expect(chat.messages[0]?.id).toBe(alpha);
		expect(chat.revealing).toEqual({ messageId: alpha });
		// The answer was written in its own version, one step away.
		await chat.showVersion(alpha, 1);
		expect(chat.messages.map((entry) => entry.text)[2]).toBe('gamma #scenario:instant');
		chat.dispose();
	});

	it('a stored order of versions seen keeps known branches only, each once', () => {
		const withOrder = (shownOrder: unknown) =>
			readConversationRecord({
				id: 'c1',
				title: 't',
				createdAt: 1,
				updatedAt: 1,
				branches: [{ id: 'b1', parent: '', forkSeq: 1, createdAt: 2 }],
				shownOrder
			})?.shownOrder;
		expect(withOrder(['b1', 'gone', '', 7, 'b1', ''])).toEqual(['b1', '']);
		expect(withOrder('b1')).toBeUndefined();
	});

	it('editing the last prompt, whose answer has versions, keeps them all; the edit is one more', async () => {
		const store = new MemoryStore();
		const chat = session(store, demoFetch());
		await chat.send('one #scenario:instant');
		await chat.regenerate();
		expect(chat.editLast()).toBe(true);
		// Opening the editor changes nothing.
		expect(texts(chat)[0]).toBe('one #scenario:instant');
		expect(chat.versionsOf(chat.messages[1]?.id ?? '')?.count).toBe(2);
		await chat.editPrompt(chat.editing ?? '', 'one, again #scenario:instant');
		expect(texts(chat)[0]).toBe('one, again #scenario:instant');
		expect(chat.versionsOf(chat.messages[0]?.id ?? '')).toEqual({ index: 1, count: 2 });
		await chat.showVersion(chat.messages[0]?.id ?? '', -1);
		expect(texts(chat)[0]).toBe('one #scenario:instant');
		expect(chat.versionsOf(chat.messages[1]?.id ?? '')?.count).toBe(2);
		expect((await store.load('c1'))?.messages).toHaveLength(5);
	});

	it('export and import keep every version and which one is shown; Markdown has the one shown', async () => {
		const store = new MemoryStore();
		const chat = session(store, demoFetch());
		await chat.send('hello #scenario:instant');
		await chat.regenerate();
		const prompt = chat.messages[0]?.id ?? '';
		await chat.editPrompt(prompt, 'hello again #scenario:instant');
		chat.dispose();
		const stored = await store.load('c1');
		if (stored === null) throw new Error('not stored');

		const markdown = exportMarkdown(stored, enDeferred.importExport.markdown);
		expect(markdown).toContain('hello again');
		expect(markdown).not.toContain('## You\n\nhello #scenario:instant');

		const imported = parseImport(exportJson([stored])).conversations[0];
		if (imported === undefined) throw new Error('not imported');
		const again = session(new MemoryStore(), demoFetch(), imported);
		await again.ready;
		expect(texts(again)[0]).toBe('hello again #scenario:instant');
		const first = again.messages[0]?.id ?? '';
		expect(again.versionsOf(first)).toEqual({ index: 1, count: 2 });
		await again.showVersion(first, -1);
		expect(texts(again)[0]).toBe('hello #scenario:instant');
		expect(again.versionsOf(again.messages[1]?.id ?? '')).toEqual({ index: 1, count: 2 });
	});
});
