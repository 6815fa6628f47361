/**
 * Replaying every recorded stream that contains tool items or citations shows them (the optional
 * corpus of corpus.ts; skipped when it is absent, with the one line corpus-oracle.test.ts prints).
 *
 * The expectation is read from the recording's raw JSON lines, by rules stated here rather than by
 * the reducers:
 * - Responses: every output item of the first response that is not a `message`, `reasoning` or
 *   `compaction` is a tool item, in the order its output index first appears; its final status is
 *   the one of its last complete copy (`output_item.done`, then the terminal `output`), or
 *   `completed` when that copy names none. Sources are the `url_citation` URLs of the
 *   `annotation.added` events and of the finished `output_text` parts, each once, first seen first.
 * - Messages: every content block of the first message that is not text, thinking, redacted
 *   thinking, compaction or fallback is a tool block, in block order; a tool-use block ends
 *   `completed`, a result block `error` when its content is an `*_error` object, else `completed`.
 *   Sources are the URLs of the text blocks' `citations` and of the `citations_delta`s, each once.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS, CORPUS_PRESENT, payloads, replay, type Payload } from './corpus.ts';

type Expected = { tools: [itemType: string, status: string][]; urls: string[] };

const recorded = (folder: 'responses' | 'messages'): string[] =>
	CORPUS_PRESENT ? readdirSync(`${CORPUS}${folder}`).filter((file) => file.endsWith('.jsonl')) : [];

type Json = Record<string, unknown>;
const record = (value: unknown): Json =>
	typeof value === 'object' && value !== null ? (value as Json) : {};

const NOT_RESPONSES_TOOLS = new Set(['message', 'reasoning', 'compaction']);
const RESPONSES_TERMINAL = new Set([
	'response.completed',
	'response.incomplete',
	'response.failed'
]);

function responsesExpected(lines: Payload[]): Expected {
	const items = new Map<number, { type: string; status: string }>();
	const ids = new Map<string, number>();
	const urls: string[] = [];
	const cite = (annotation: unknown): void => {
		const { type, url } = record(annotation);
		if (type === 'url_citation' && typeof url === 'string' && !urls.includes(url)) urls.push(url);
	};
	const citeParts = (item: Json): void => {
		for (const part of (item['content'] as unknown[] | undefined) ?? []) {
			for (const annotation of (record(part)['annotations'] as unknown[] | undefined) ?? []) {
				cite(annotation);
			}
		}
	};
	const seen = (index: number, item: Json, done: boolean): void => {
		const type = String(item['type']);
		if (typeof item['id'] === 'string') ids.set(item['id'], index);
		if (type === 'message') citeParts(item);
		if (NOT_RESPONSES_TOOLS.has(type)) return;
		const known = items.get(index);
		const status = typeof item['status'] === 'string' ? item['status'] : undefined;
		if (known === undefined) items.set(index, { type, status: status ?? 'in_progress' });
		else if (done) known.status = status ?? 'completed';
	};
	for (const line of lines) {
		const index = Number(line['output_index'] ?? 0);
		if (line.type === 'error') break;
		if (line.type === 'response.output_item.added') seen(index, record(line['item']), false);
		if (line.type === 'response.output_item.done') seen(index, record(line['item']), true);
		if (line.type === 'response.output_text.annotation.added') cite(line['annotation']);
		if (line.type === 'response.content_part.done') {
			for (const annotation of (record(line['part'])['annotations'] as unknown[] | undefined) ??
				[]) {
				cite(annotation);
			}
		}
		if (RESPONSES_TERMINAL.has(line.type)) {
			const output = (record(line['response'])['output'] as unknown[] | undefined) ?? [];
			output.forEach((entry, position) => {
				const item = record(entry);
				const index =
					typeof item['id'] === 'string' ? ids.get(item['id']) : ids.size === 0 ? position : -1;
				if (index !== undefined && index !== -1) seen(index, item, true);
			});
			break;
		}
	}
	const tools = [...items.entries()]
		.sort(([a], [b]) => a - b)
		.map(([, item]): [string, string] => [item.type, item.status]);
	return { tools, urls };
}

const NOT_MESSAGES_TOOLS = new Set([
	'text',
	'thinking',
	'redacted_thinking',
	'compaction',
	'fallback'
]);

function messagesExpected(lines: Payload[]): Expected {
	const tools: [string, string][] = [];
	const urls: string[] = [];
	const cite = (citation: unknown): void => {
		const { url, source } = record(citation);
		const address =
			typeof url === 'string'
				? url
				: typeof source === 'string' && /^https?:/.test(source)
					? source
					: '';
		if (address !== '' && !urls.includes(address)) urls.push(address);
	};
	let messages = 0;
	for (const line of lines) {
		if (line.type === 'message_start' && ++messages > 1) break;
		if (line.type === 'message_stop') break;
		if (line.type === 'content_block_start') {
			const block = record(line['content_block']);
			const type = String(block['type']);
			for (const citation of (block['citations'] as unknown[] | undefined) ?? []) cite(citation);
			if (NOT_MESSAGES_TOOLS.has(type)) continue;
			const content = record(block['content']);
			const failed = typeof content['type'] === 'string' && content['type'].endsWith('_error');
			tools.push([type, failed || block['is_error'] === true ? 'error' : 'completed']);
		}
		if (line.type === 'content_block_delta') {
			const delta = record(line['delta']);
			if (delta['type'] === 'citations_delta') cite(delta['citation']);
		}
	}
	return { tools, urls };
}

/** A spliced stream ends failed at its second message: its open tool call never completes. */
const SPLICED = 'spliced-message-start.jsonl';

describe.skipIf(!CORPUS_PRESENT)('recorded streams with tool items show them', () => {
	const withTools = (folder: 'responses' | 'messages', expected: (lines: Payload[]) => Expected) =>
		recorded(folder).filter((file) => {
			const { tools, urls } = expected(payloads(folder, file));
			return tools.length > 0 || urls.length > 0;
		});

	it('has recordings with tools and sources in both families', () => {
		expect(withTools('responses', responsesExpected).length).toBeGreaterThanOrEqual(15);
		expect(withTools('messages', messagesExpected).length).toBeGreaterThanOrEqual(15);
	});

	describe.each(withTools('responses', responsesExpected))('responses/%s', (file) => {
		it('gives every tool item, in order, with its final status, and every source', async () => {
			const expected = responsesExpected(payloads('responses', file));
			for (const route of ['responses', 'backend'] as const) {
				const { turn } = await replay(route, 'responses', file);
				expect(turn.tools.map((tool) => [tool.itemType, tool.status])).toEqual(expected.tools);
				expect(turn.citations.map((citation) => citation.url)).toEqual(expected.urls);
				const offsets = turn.tools.map((tool) => tool.textOffset);
				expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
				expect(offsets.every((offset) => offset <= turn.text.length)).toBe(true);
			}
		});
	});

	describe.each(withTools('messages', messagesExpected).filter((file) => file !== SPLICED))(
		'messages/%s',
		(file) => {
			it('gives every tool block, in order, with its final status, and every source', async () => {
				const expected = messagesExpected(payloads('messages', file));
				const { turn } = await replay('messages', 'messages', file);
				expect(turn.tools.map((tool) => [tool.itemType, tool.status])).toEqual(expected.tools);
				expect(turn.citations.map((citation) => citation.url)).toEqual(expected.urls);
				const offsets = turn.tools.map((tool) => tool.textOffset);
				expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
				// A result block answers the call before it, and names it.
				for (const result of turn.tools.filter((tool) => tool.itemType.endsWith('_result'))) {
					const call = turn.tools.find(
						(tool) => tool.callId === result.callId && !tool.itemType.endsWith('_result')
					);
					if (call !== undefined) expect(result.name).toBe(call.name);
				}
			});
		}
	);
});
