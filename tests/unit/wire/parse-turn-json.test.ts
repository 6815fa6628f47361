/**
 * Non-streaming answers (`stream: false`) → the same Turn a stream would give.
 */
import { describe, expect, it } from 'vitest';
import { collectTurn, parseTurnJson } from '../../../src/lib/wire/index.ts';
import { bodyOf, readFixture } from './harness.ts';

const WEBP =
	'UklGRuIWGQBXRUJQVlA4TKAwGAAv/8X/ABlJbiNJkgRDwkID67D/P9gjl9nuEf2fgPyZzj1Jyu97SlIDX5iPbDv2F3U=';

function response(fields: Record<string, unknown>): string {
	return JSON.stringify({
		id: 'resp_0a1b2c',
		object: 'response',
		status: 'completed',
		error: null,
		incomplete_details: null,
		model: 'gpt-5.1-codex',
		output: [],
		usage: { input_tokens: 11, output_tokens: 22, total_tokens: 33 },
		...fields
	});
}

const message = (text: string, id = 'msg_1') => ({
	id,
	type: 'message',
	role: 'assistant',
	status: 'completed',
	content: [{ type: 'output_text', annotations: [], text }]
});

describe('parseTurnJson, Responses', () => {
	it('reads text, reasoning summary, image and usage from a completed response', () => {
		const body = response({
			output: [
				{ id: 'rs_1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Short plan.' }] },
				{
					id: 'ig_1',
					type: 'image_generation_call',
					status: 'completed',
					output_format: 'webp',
					result: WEBP
				},
				message('Here it is.')
			]
		});
		for (const route of ['responses', 'backend'] as const) {
			expect(parseTurnJson(route, body)).toEqual({
				status: 'completed',
				text: 'Here it is.',
				reasoning: 'Short plan.',
				images: [{ mimeType: 'image/webp', base64: WEBP }],
				tools: [
					{
						key: 1,
						itemType: 'image_generation_call',
						callId: '',
						name: 'image_generation',
						input: '',
						status: 'completed',
						server: true,
						textOffset: 0
					}
				],
				citations: [],
				usage: { inputTokens: 11, outputTokens: 22 }
			});
		}
	});

	it('separates two message items by a blank line', () => {
		const body = response({ output: [message('One.', 'msg_1'), message('Two.', 'msg_2')] });
		expect(parseTurnJson('responses', body).text).toBe('One.\n\nTwo.');
	});

	it('reads an incomplete response as incomplete, keeping its text', () => {
		const body = response({
			status: 'incomplete',
			incomplete_details: { reason: 'max_output_tokens' },
			output: [message('Half an ans')]
		});
		expect(parseTurnJson('responses', body)).toMatchObject({
			status: 'incomplete',
			text: 'Half an ans'
		});
	});

	it('classifies a failed response through the failure classifier', () => {
		const body = response({
			status: 'failed',
			error: { code: 'upstream_error', message: 'Upstream request failed' }
		});
		const turn = parseTurnJson('responses', body);
		expect(turn.status).toBe('failed');
		expect(turn.failure?.kind).toBe('upstream_failed');
	});

	it('reads a cancelled response as cancelled and an unfinished one as interrupted', () => {
		expect(parseTurnJson('responses', response({ status: 'cancelled' })).status).toBe('cancelled');
		const queued = parseTurnJson('responses', response({ status: 'queued' }));
		expect(queued.status).toBe('interrupted');
		expect(queued.failure?.kind).toBe('stream_interrupted');
	});

	it('gives the same turn as the stream that ended with the same response', async () => {
		const sse = readFixture('responses/reasoning.sse');
		const last = sse.trimEnd().split('\n').at(-1) ?? '';
		const completed = JSON.parse(last.slice('data: '.length)) as { response: unknown };
		const streamed = await collectTurn('responses', bodyOf([new TextEncoder().encode(sse)]).stream);
		expect(parseTurnJson('responses', JSON.stringify(completed.response))).toEqual(streamed);
	});
});

describe('parseTurnJson, Messages', () => {
	const messageBody = (fields: Record<string, unknown>) =>
		JSON.stringify({
			id: 'msg_01abc',
			type: 'message',
			role: 'assistant',
			model: 'claude-sonnet-4-5',
			content: [],
			stop_reason: 'end_turn',
			stop_sequence: null,
			usage: { input_tokens: 7, output_tokens: 9 },
			...fields
		});

	it('reads thinking, text and usage', () => {
		const body = messageBody({
			content: [
				{ type: 'thinking', thinking: 'Let me think.', signature: 'sig' },
				{ type: 'text', text: 'Answer.' },
				{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { q: 'x' } }
			],
			stop_reason: 'tool_use'
		});
		expect(parseTurnJson('messages', body)).toEqual({
			status: 'completed',
			text: 'Answer.',
			reasoning: 'Let me think.',
			images: [],
			tools: [
				{
					key: 2,
					itemType: 'tool_use',
					callId: 'toolu_1',
					name: 'lookup',
					input: '{"q":"x"}',
					status: 'completed',
					server: false,
					textOffset: 7
				}
			],
			citations: [],
			usage: { inputTokens: 7, outputTokens: 9 }
		});
	});

	it('maps stop reasons as the stream does', () => {
		const cut = parseTurnJson(
			'messages',
			messageBody({ content: [{ type: 'text', text: 'Par' }], stop_reason: 'max_tokens' })
		);
		expect(cut).toMatchObject({ status: 'incomplete', text: 'Par' });
		const full = parseTurnJson(
			'messages',
			messageBody({ stop_reason: 'model_context_window_exceeded' })
		);
		expect(full.failure?.kind).toBe('context_too_large');
	});

	it('classifies an error body', () => {
		const body = JSON.stringify({
			type: 'error',
			error: { type: 'overloaded_error', message: 'Overloaded' }
		});
		expect(parseTurnJson('messages', body).failure?.kind).toBe('overloaded');
	});

	it('does not read a Responses object as a message', () => {
		expect(parseTurnJson('messages', response({})).failure?.kind).toBe('malformed_response');
	});
});

describe('parseTurnJson, not an answer', () => {
	it.each([
		['not JSON', '<html>502</html>'],
		['a JSON array', '[1,2]'],
		['an unknown object', '{"hello":"world"}'],
		['an empty body', '']
	])('gives malformed_response for %s', (_name, body) => {
		for (const route of ['responses', 'messages'] as const) {
			const turn = parseTurnJson(route, body);
			expect(turn.status).toBe('failed');
			expect(turn.failure?.kind).toBe('malformed_response');
		}
	});

	it('classifies a nested error body on a Responses route', () => {
		const body =
			'{"error":{"code":"402","message":"Insufficient account balance","type":"insufficient_balance"}}';
		expect(parseTurnJson('responses', body).failure?.kind).toBe('insufficient_balance');
	});
});
