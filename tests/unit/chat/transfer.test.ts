import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src/lib/chat/storage/records.ts';
import { COMPACTION_NOTICE } from '../../../src/lib/chat/compaction-notices.ts';
import { ImportError, parseImport } from '../../../src/lib/chat/storage/import-file.ts';
import {
	exportJson,
	exportMarkdown,
	type MarkdownWords
} from '../../../src/lib/chat/storage/transfer.ts';
import { enDeferred } from '../../../src/lib/i18n/en-deferred.ts';
import { zhCN } from '../../../src/lib/i18n/zh-CN.ts';

/** The export's words as the page passes them, in English. */
const ENGLISH: MarkdownWords = enDeferred.importExport.markdown;

const sample: Conversation = {
	id: 'c1',
	title: 'Lighthouses',
	createdAt: 1,
	updatedAt: 2,
	model: 'demo',
	profileId: 'default',
	draft: 'unsent thought',
	messages: [
		{
			id: 'm1',
			conversationId: 'c1',
			seq: 0,
			role: 'user',
			text: 'draw a lighthouse',
			reasoning: '',
			status: 'completed',
			images: [],
			createdAt: 10
		},
		{
			id: 'm2',
			conversationId: 'c1',
			seq: 1,
			role: 'assistant',
			text: 'Here it is.',
			reasoning: 'Thinking about light.',
			status: 'interrupted',
			images: [{ mimeType: 'image/png', base64: 'iVBORw0KGgo=' }],
			createdAt: 11,
			usage: { inputTokens: 3, outputTokens: 4 },
			failure: { kind: 'stream_interrupted', message: 'The answer stopped early.' }
		}
	]
};

let counter = 0;
const ids = (): string => `new-${++counter}`;

describe('export and import', () => {
	it('round-trips a conversation through JSON with images and failures intact', () => {
		const { conversations, skipped } = parseImport(exportJson([sample]), ids);
		expect(skipped).toBe(0);
		const [copy] = conversations;
		// Not in the library: it keeps its id, so that importing the same file again finds it.
		expect(copy?.id).toBe('c1');
		expect(copy?.title).toBe('Lighthouses');
		expect(copy?.draft).toBe('unsent thought');
		expect(
			copy?.messages.map((m) => [m.role, m.text, m.status, m.conversationId === copy.id])
		).toEqual([
			['user', 'draw a lighthouse', 'completed', true],
			['assistant', 'Here it is.', 'interrupted', true]
		]);
		expect(copy?.messages[1]?.images).toEqual(sample.messages[1]?.images);
		expect(copy?.messages[1]?.failure?.kind).toBe('stream_interrupted');
		expect(copy?.messages[1]?.usage).toEqual({ inputTokens: 3, outputTokens: 4 });
	});

	describe('a conversation the library already has', () => {
		const file = exportJson([sample, { ...sample, id: 'c2', title: 'Harbours' }]);

		it('is not imported again when it is unchanged', () => {
			const here = new Map([['c1', sample.updatedAt]]);
			const { conversations, alreadyHere } = parseImport(file, ids, here);
			expect(alreadyHere).toBe(1);
			expect(conversations.map(({ id, title }) => [id, title])).toEqual([['c2', 'Harbours']]);
		});

		it('is imported as a copy beside it when either side changed since', () => {
			const here = new Map([['c1', sample.updatedAt + 1]]);
			const { conversations, alreadyHere } = parseImport(file, ids, here);
			expect(alreadyHere).toBe(0);
			const [copy, other] = conversations;
			expect(copy?.id).toMatch(/^new-/);
			expect(copy?.messages.every((m) => m.conversationId === copy.id)).toBe(true);
			expect(copy?.title).toBe('Lighthouses');
			expect(other?.id).toBe('c2');
		});

		it('one being deleted (its undo offer still open) is never matched, so a copy comes in', () => {
			const here = new Map([['c1', Number.NaN]]);
			const { conversations } = parseImport(file, ids, here);
			expect(conversations[0]?.id).toMatch(/^new-/);
		});
	});

	describe('a conversation deleted here for good (its tombstone refuses its id)', () => {
		const file = exportJson([sample]);

		it('comes back under an id of its own, the same one each time', () => {
			const { conversations, alreadyHere } = parseImport(file, ids, new Map(), new Set(['c1']));
			expect(alreadyHere).toBe(0);
			const [back] = conversations;
			expect(back?.id).toBe('c1-r1');
			expect(back?.messages.every((m) => m.conversationId === 'c1-r1')).toBe(true);
			expect(back?.messages.map((m) => m.text)).toEqual(['draw a lighthouse', 'Here it is.']);
		});

		it('is here already once it came back, unchanged: importing again adds nothing', () => {
			const here = new Map([['c1-r1', sample.updatedAt]]);
			const { conversations, alreadyHere } = parseImport(file, ids, here, new Set(['c1']));
			expect(alreadyHere).toBe(1);
			expect(conversations).toEqual([]);
		});

		it('comes back again under the next id when what came back was deleted too', () => {
			const { conversations } = parseImport(file, ids, new Map(), new Set(['c1', 'c1-r1']));
			expect(conversations[0]?.id).toBe('c1-r2');
		});

		it('comes in as a copy beside what came back when either side changed since', () => {
			const here = new Map([['c1-r1', sample.updatedAt + 1]]);
			const { conversations } = parseImport(file, ids, here, new Set(['c1']));
			expect(conversations[0]?.id).toMatch(/^new-/);
		});
	});

	it('gives fresh ids to a conversation twice in one file, and to ids that are not ids', () => {
		const odd = { ...sample, id: '<img src=x onerror=alert(1)>' };
		const { conversations, alreadyHere } = parseImport(exportJson([sample, sample, odd]), ids);
		expect(alreadyHere).toBe(0);
		const [first, second, third] = conversations.map(({ id }) => id);
		expect(first).toBe('c1');
		expect(second).toMatch(/^new-/);
		expect(third).toMatch(/^new-/);
	});

	it('marks an answer that was streaming when exported as interrupted', () => {
		const streaming: Conversation = {
			...sample,
			messages: [
				{ ...(sample.messages[1] as Conversation['messages'][number]), status: 'streaming' }
			]
		};
		const { conversations } = parseImport(exportJson([streaming]), ids);
		expect(conversations[0]?.messages[0]?.status).toBe('interrupted');
	});

	it('skips what does not validate and keeps the rest', () => {
		const file = JSON.parse(exportJson([sample])) as { conversations: unknown[] };
		file.conversations.push({ id: 'x' }, 'nonsense');
		const first = file.conversations[0] as { messages: unknown[] };
		first.messages.push({ id: 'bad', role: 'system', text: 1 });
		const { conversations, skipped } = parseImport(JSON.stringify(file), ids);
		expect(conversations).toHaveLength(1);
		expect(conversations[0]?.messages).toHaveLength(2);
		expect(skipped).toBe(3);
	});

	it('says which conversations lost what, by title where one can be read', () => {
		const file = JSON.parse(
			exportJson([sample, { ...sample, id: 'c2', title: 'Tide tables' }])
		) as {
			conversations: unknown[];
		};
		const second = file.conversations[1] as { messages: unknown[] };
		second.messages.push({ id: 'bad', role: 'robot' }, 7);
		file.conversations.push({ id: 'x', title: '  Harbour   log  ', messages: 'none' }, 'nonsense', {
			title: '🌊'.repeat(200)
		});
		const { damaged, skipped } = parseImport(JSON.stringify(file), ids);
		expect(skipped).toBe(5);
		expect(damaged).toEqual([
			{ position: 2, title: 'Tide tables', messages: 2 },
			// A conversation that could not be read is left out whole (messages: null).
			{ position: 3, title: 'Harbour log', messages: null },
			{ position: 4, title: null, messages: null },
			{ position: 5, title: `${'🌊'.repeat(79)}…`, messages: null }
		]);
	});

	it.each([
		['not json {', 'not JSON'],
		['# Lighthouses\n\n## You\n\ndraw a lighthouse', 'Markdown file'],
		['the notes of # tuesday', 'not JSON'],
		['{"conversations": []}', 'not a Switchboard export'],
		['{"format":"switchboard.conversations"}', 'no conversations'],
		['[]', 'not a Switchboard export'],
		// An export cut short (a download that stopped, a truncated copy) is damaged, not "not JSON".
		['{"broken":', 'damaged or incomplete'],
		[
			'\ufeff  {"format":"switchboard.conversations","conversations":[{"id"',
			'damaged or incomplete'
		]
	])('refuses %s with a sentence a person understands', (text, words) => {
		expect(() => parseImport(text, ids)).toThrowError(ImportError);
		expect(() => parseImport(text, ids)).toThrowError(words);
	});

	it('writes readable Markdown with roles, reasoning, notes and failures', () => {
		const markdown = exportMarkdown(sample, ENGLISH);
		expect(markdown).toContain('# Lighthouses');
		expect(markdown).toContain('## You\n\ndraw a lighthouse');
		expect(markdown).toContain('## Assistant');
		expect(markdown).toContain('Thinking about light.');
		expect(markdown).toContain('_(interrupted: the answer did not finish)_');
		expect(markdown).toContain('> The answer stopped early.');
		expect(markdown).toContain('[image 1');
	});

	describe('tool activity, sources and attachments', () => {
		const [prompt, answer] = sample.messages;
		if (prompt === undefined || answer === undefined) throw new Error('sample has two messages');
		const withTools: Conversation = {
			...sample,
			messages: [
				{
					...prompt,
					attachments: [
						{ id: 'f1', kind: 'image', mimeType: 'image/png', name: 'dot.png', size: 8 },
						{ id: 'f2', kind: 'pdf', mimeType: 'application/pdf', name: 'brief.pdf', size: 5 }
					]
				},
				{
					...answer,
					tools: [
						{
							key: 0,
							itemType: 'web_search_call',
							callId: '',
							name: 'web_search',
							input: 'lighthouses of Brittany',
							status: 'completed',
							server: true,
							textOffset: 0
						}
					],
					citations: [{ url: 'https://example.com/phare', title: 'Phares' }]
				}
			]
		};
		const bytes = { f1: 'iVBORw0KGgo=', f2: 'JVBERi0=' };

		it('carries tools, sources and the files’ bytes, under fresh ids', () => {
			const { conversations, attachments } = parseImport(
				exportJson([withTools], new Date(0), bytes),
				ids
			);
			const [copy] = conversations;
			const [prompt, answer] = copy?.messages ?? [];
			expect(answer?.tools?.map((tool) => [tool.itemType, tool.input])).toEqual([
				['web_search_call', 'lighthouses of Brittany']
			]);
			expect(answer?.citations).toEqual([{ url: 'https://example.com/phare', title: 'Phares' }]);
			const refs = prompt?.attachments ?? [];
			expect(refs.map((file) => [file.name, file.mimeType])).toEqual([
				['dot.png', 'image/png'],
				['brief.pdf', 'application/pdf']
			]);
			expect(refs.map((file) => file.id)).not.toContain('f1');
			expect(attachments.map((file) => [file.id, file.base64, file.conversationId])).toEqual([
				[refs[0]?.id, 'iVBORw0KGgo=', copy?.id],
				[refs[1]?.id, 'JVBERi0=', copy?.id]
			]);
		});

		it('leaves out an attachment whose bytes the file lacks or are not base64', () => {
			const { conversations, attachments } = parseImport(
				exportJson([withTools], new Date(0), { f1: 'not base64!' }),
				ids
			);
			expect(conversations[0]?.messages[0]?.attachments).toBeUndefined();
			expect(conversations[0]?.messages[0]?.text).toBe('draw a lighthouse');
			expect(attachments).toEqual([]);
		});

		it('names files, tools and numbered sources in Markdown', () => {
			const markdown = exportMarkdown(withTools, ENGLISH);
			expect(markdown).toContain('_[attached: dot.png (image/png) — in the JSON export]_');
			expect(markdown).toContain(
				'> Tool: `web_search_call web_search` (completed): lighthouses of Brittany'
			);
			expect(markdown).toContain('1. [Phares](https://example.com/phare)');
		});

		it('writes Markdown in the words of the page: Chinese, the messages as they were', () => {
			const notice = {
				...sample.messages[0],
				id: 'n1',
				seq: 0.5,
				text: '',
				notice: COMPACTION_NOTICE
			};
			const withNotice = {
				...withTools,
				messages: [...withTools.messages, notice]
			} as Conversation;
			const markdown = exportMarkdown({ ...withNotice, title: '' }, zhCN.importExport.markdown);
			expect(markdown).toMatch(/^# 对话\n\n模型：`demo`\n\n## 你\n\n/);
			expect(markdown).toContain('_[附件：dot.png（image/png），见 JSON 导出文件]_');
			expect(markdown).toContain(
				'> 工具：`web_search_call web_search`（completed）：lighthouses of Brittany'
			);
			expect(markdown).toContain('来源：\n\n1. [Phares](https://example.com/phare)');
			expect(markdown).toContain(`> ${zhCN.importExport.markdown.notices.compacted}`);
			expect(markdown).toContain('## 助手');
			expect(markdown).toContain('draw a lighthouse');
			expect(markdown).not.toMatch(/You|Assistant|Model|Tool|Sources|attached|JSON export/);
		});
	});
});
