/**
 * Acceptance over real recorded provider streams (the optional corpus of corpus.ts, read in place
 * beside the repository, never copied; skipped with one printed line when it is absent). Each JSONL line is one `data:` payload; it is framed as `event: <type>` + `data:` +
 * blank line. Every file is checked against an oracle computed from its final texts (Responses:
 * the `.done` texts; Messages: the text and thinking blocks of the first message), and a selection
 * against literal expectations.
 *
 * Chosen behaviour on the edge cases:
 * - several responses/messages recorded back to back in one file: the first terminal event ends
 *   the turn; the rest is not read (one HTTP body carries one answer);
 * - `duplicate-message-start.jsonl`: a repeated `message_start` with the same id is ignored;
 * - `spliced-message-start.jsonl`: a `message_start` with a new id while a message is open fails
 *   the turn as `malformed_response`; the first message's thinking is kept, its unfinished tool call
 *   is not emitted.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS, CORPUS_ABSENT, CORPUS_PRESENT, payloads, replay, type Payload } from './corpus.ts';

if (!CORPUS_PRESENT) console.log(CORPUS_ABSENT);

const recorded = (folder: 'responses' | 'messages'): string[] =>
	CORPUS_PRESENT ? readdirSync(`${CORPUS}${folder}`).filter((file) => file.endsWith('.jsonl')) : [];

const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed', 'error']);

/**
 * The texts of the first response as the turn should show them: per part, the `.done` text when
 * the deltas are a prefix of it (lost deltas are completed), else the deltas (the streamed text
 * stands); message items separated by a blank line; reasoning summaries likewise.
 */
function responsesOracle(lines: Payload[]): { text: string; reasoning: string; status: string } {
	const texts: string[] = [];
	const summaries: string[] = [];
	const deltas = new Map<string, string>();
	const part = (line: Payload): string =>
		`${String(line['output_index'])}/${String(line['content_index'])}`;
	let status = 'interrupted';
	for (const line of lines) {
		if (line.type === 'response.output_text.delta') {
			deltas.set(part(line), (deltas.get(part(line)) ?? '') + String(line['delta']));
		}
		if (line.type === 'response.output_text.done') {
			const done = String(line['text']);
			const streamed = deltas.get(part(line)) ?? '';
			texts.push(done.startsWith(streamed) ? done : streamed);
		}
		if (line.type === 'response.reasoning_summary_text.done') summaries.push(String(line['text']));
		if (TERMINAL.has(line.type)) {
			status = line.type === 'response.completed' ? 'completed' : 'failed';
			break;
		}
	}
	return {
		text: texts.filter((t) => t !== '').join('\n\n'),
		reasoning: summaries.join('\n\n'),
		status
	};
}

/** Text runs (adjacent text blocks) and thinking blocks of the first message. */
function messagesOracle(lines: Payload[]): { text: string; reasoning: string; stopReason: string } {
	const runs: string[][] = [];
	const thinking: string[] = [];
	const kinds = new Map<number, string>();
	let previous = 'text';
	let stopReason = '';
	for (const line of lines) {
		if (line.type === 'message_stop') break;
		if (line.type === 'content_block_start') {
			const block = line['content_block'] as { type: string };
			kinds.set(line['index'] as number, block.type);
			if (block.type === 'text' && (previous !== 'text' || runs.length === 0)) runs.push([]);
			if (block.type === 'thinking') thinking.push('');
			previous = block.type;
		}
		if (line.type === 'content_block_delta') {
			const delta = line['delta'] as { type: string; text?: string; thinking?: string };
			if (delta.type === 'text_delta') runs[runs.length - 1]?.push(delta.text ?? '');
			if (delta.type === 'thinking_delta') thinking[thinking.length - 1] += delta.thinking ?? '';
		}
		if (line.type === 'message_delta') {
			stopReason = String((line['delta'] as { stop_reason?: string }).stop_reason ?? '');
		}
	}
	return {
		text: runs
			.map((run) => run.join(''))
			.filter((run) => run !== '')
			.join('\n\n'),
		reasoning: thinking.filter((t) => t !== '').join('\n\n'),
		stopReason
	};
}

const STATUS_BY_STOP: Record<string, string> = {
	end_turn: 'completed',
	tool_use: 'completed',
	stop_sequence: 'completed',
	max_tokens: 'incomplete',
	refusal: 'incomplete'
};

describe.skipIf(!CORPUS_PRESENT)('the recorded corpus', () => {
	it('holds enough streams of each family to be worth replaying', () => {
		expect(recorded('responses').length).toBeGreaterThanOrEqual(10);
		expect(recorded('messages').length).toBeGreaterThanOrEqual(10);
	});

	describe.each(recorded('responses'))('responses/%s', (file) => {
		it('gives the final texts and status', async () => {
			const oracle = responsesOracle(payloads('responses', file));
			for (const route of ['responses', 'backend'] as const) {
				const { turn } = await replay(route, 'responses', file);
				expect(turn.status).toBe(oracle.status);
				expect(turn.text).toBe(oracle.text);
				expect(turn.reasoning).toBe(oracle.reasoning);
			}
			expect((await replay('responses', 'responses', file, 3)).turn).toEqual(
				(await replay('responses', 'responses', file)).turn
			);
		});
	});

	describe.each(recorded('messages').filter((file) => file !== 'spliced-message-start.jsonl'))(
		'messages/%s',
		(file) => {
			it('gives the text runs, thinking and status of the first message', async () => {
				const oracle = messagesOracle(payloads('messages', file));
				const { turn } = await replay('messages', 'messages', file);
				expect(turn.status).toBe(STATUS_BY_STOP[oracle.stopReason]);
				expect(turn.text).toBe(oracle.text);
				expect(turn.reasoning).toBe(oracle.reasoning);
				expect((await replay('messages', 'messages', file, 5)).turn).toEqual(turn);
			});
		}
	);
});
