/**
 * Files waiting in the composer are kept in storage as they wait (chat-session.svelte.ts,
 * pending-attachments.svelte.ts, the stores' draft files): a session opened later on the same
 * store shows them again, a file removed stays removed, and the prompt that sends them takes them
 * out in its own write, under the ids its attachments carry. The browser journey is
 * tests/e2e/tools-and-attachments.spec.ts ("files waiting in the composer …").
 */
import { describe, expect, it, vi } from 'vitest';
import { ChatSession } from '../../../src/lib/chat/chat-session.svelte.ts';
import { PendingAttachments } from '../../../src/lib/chat/pending-attachments.svelte.ts';
import type { DraftFile } from '../../../src/lib/chat/storage/conversation-store.ts';
import { MemoryStore } from '../../../src/lib/chat/storage/memory-store.ts';
import type { ConversationRecord } from '../../../src/lib/chat/storage/records.ts';
import { blankConversation, demoFetch, demoTarget } from './demo-session.ts';

const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
const pdf = (name: string): File => new File([PDF], name, { type: 'application/pdf' });

function open(store: MemoryStore, id = 'c1'): ChatSession {
	return new ChatSession({
		conversation: blankConversation(id),
		store,
		target: demoTarget('demo'),
		fetch: demoFetch()
	});
}

const names = (files: readonly { name: string }[]): string[] => files.map((file) => file.name);

function draftFile(id: string, conversationId: string, addedAt: number): DraftFile {
	return {
		id,
		conversationId,
		kind: 'pdf',
		mimeType: 'application/pdf',
		name: `${id}.pdf`,
		size: PDF.length,
		blob: new Blob([PDF], { type: 'application/pdf' }),
		addedAt
	};
}

describe('files waiting in the composer', () => {
	it('are kept as they are added and removed, shown again by a later session, and taken out by the prompt that sends them', async () => {
		const store = new MemoryStore();
		const first = open(store);
		await first.attachments.add([pdf('brief.pdf'), pdf('notes.pdf'), pdf('extra.pdf')]);
		first.attachments.remove(first.attachments.items[2]?.id ?? '');
		await vi.waitFor(async () =>
			expect(names(await store.draftFiles('c1'))).toEqual(['brief.pdf', 'notes.pdf'])
		);
		first.dispose();

		// A reload, or the conversation opened again: the files are back, in their order.
		const again = open(store);
		await vi.waitFor(() =>
			expect(names(again.attachments.items)).toEqual(['brief.pdf', 'notes.pdf'])
		);
		const waiting = again.attachments.items.map((file) => file.id);
		await again.send('What do these say?');
		const prompt = again.messages.find((message) => message.role === 'user');
		expect(prompt?.attachments?.map((file) => file.id)).toEqual(waiting);
		expect(await store.draftFiles('c1')).toEqual([]);
		expect(await store.loadAttachment(waiting[0] ?? '')).toBeInstanceOf(Blob);
		expect(again.attachments.items).toEqual([]);
		again.dispose();

		const later = open(store);
		await later.ready;
		expect(later.attachments.items).toEqual([]);
	});

	it('a file added while the kept ones are still being read comes after them', async () => {
		const store = new MemoryStore();
		await store.saveDraftFile(draftFile('kept', 'c1', 1));
		const chat = open(store);
		await chat.attachments.add([pdf('new.pdf')]);
		await vi.waitFor(() => expect(names(chat.attachments.items)).toEqual(['kept.pdf', 'new.pdf']));
		chat.dispose();
	});

	it('belong to their conversation, go with it when it is deleted, and never come back to it', async () => {
		const store = new MemoryStore();
		await store.saveDraftFile(draftFile('a', 'c1', 2));
		await store.saveDraftFile(draftFile('b', 'c1', 1));
		await store.saveDraftFile(draftFile('c', 'c2', 1));
		expect(names(await store.draftFiles('c1'))).toEqual(['b.pdf', 'a.pdf']);
		await store.deleteConversation('c1');
		expect(await store.draftFiles('c1')).toEqual([]);
		await store.saveDraftFile(draftFile('d', 'c1', 3));
		expect(await store.draftFiles('c1')).toEqual([]);
		expect(names(await store.draftFiles('c2'))).toEqual(['c.pdf']);
	});

	it('a prompt saved with its record takes out only the files it names', async () => {
		const store = new MemoryStore();
		await store.saveDraftFile(draftFile('sent', 'c1', 1));
		await store.saveDraftFile(draftFile('left', 'c1', 2));
		const { messages: _none, ...initial } = blankConversation();
		const record: ConversationRecord = initial;
		await store.saveMessage(
			{
				id: 'm1',
				conversationId: 'c1',
				seq: 0,
				role: 'user',
				text: '',
				reasoning: '',
				status: 'completed',
				images: [],
				createdAt: 1,
				attachments: [draftFile('sent', 'c1', 1)].map(({ id, kind, mimeType, name, size }) => ({
					id,
					kind,
					mimeType,
					name,
					size
				}))
			},
			{ patch: { draft: '' }, initial: record }
		);
		expect(names(await store.draftFiles('c1'))).toEqual(['left.pdf']);
	});

	it('restored after the composer was closed, they are not shown (nor their previews made)', () => {
		const keeper = { save: vi.fn(), forget: vi.fn() };
		const pending = new PendingAttachments(keeper);
		pending.dispose();
		pending.restore([draftFile('late', 'c1', 1)]);
		expect(pending.items).toEqual([]);
		expect(keeper.save).not.toHaveBeenCalled();
	});
});

describe('an edited prompt', () => {
	it('sends the files left in its editor, only ever the prompt’s own', async () => {
		const store = new MemoryStore();
		const chat = open(store);
		await chat.attachments.add([pdf('brief.pdf'), pdf('notes.pdf')]);
		await chat.send('Read these #scenario:instant');
		const prompt = chat.messages.find((message) => message.role === 'user');
		const [brief, notes] = prompt?.attachments ?? [];
		const stranger = { ...draftFile('stranger', 'c1', 1) };
		await chat.editPrompt(prompt?.id ?? '', 'Only the notes #scenario:instant', [
			...(notes === undefined ? [] : [notes]),
			stranger
		]);
		const edited = chat.messages.find((message) => message.role === 'user');
		expect(edited?.text).toBe('Only the notes #scenario:instant');
		expect(names(edited?.attachments ?? [])).toEqual(['notes.pdf']);
		expect(brief?.name).toBe('brief.pdf');
		chat.dispose();
	});
});
