import { describe, expect, it } from 'vitest';
import { collect, messagesBody, post } from './demo-gateway-helpers.ts';

type Delta = { type: string; text?: string; thinking?: string; signature?: string };

const deltas = (events: Array<Record<string, unknown>>, type: string): Delta[] =>
	events
		.filter((event) => event['type'] === 'content_block_delta')
		.map((event) => event['delta'] as Delta)
		.filter((delta) => delta.type === type);

describe('demo gateway: Messages stream framing', () => {
	it('streams message_start … message_stop with text deltas and no sequence numbers', async () => {
		const response = await post('/v1/messages', messagesBody('hello'));
		expect(response.status).toBe(200);
		const { frames, events } = await collect(response.body);
		for (const [index, frame] of frames.entries()) expect(frame.event).toBe(events[index]?.type);
		expect(events[0]?.type).toBe('message_start');
		expect(events.some((event) => event.type === 'ping')).toBe(true);
		expect(events.at(-1)?.type).toBe('message_stop');
		expect(events.some((event) => 'sequence_number' in event)).toBe(false);
		const messageDelta = events.find((event) => event.type === 'message_delta');
		expect((messageDelta?.['delta'] as { stop_reason: string }).stop_reason).toBe('end_turn');
		expect(
			deltas(events, 'text_delta')
				.map((delta) => delta.text)
				.join('')
		).toContain('“hello”');
	});

	it('streams a thinking block with a signature when thinking is enabled', async () => {
		const { events } = await collect(
			(
				await post(
					'/v1/messages',
					messagesBody('why?', { thinking: { type: 'enabled', budget_tokens: 1024 } })
				)
			).body
		);
		const start = events.find((event) => event.type === 'content_block_start');
		expect((start?.['content_block'] as { type: string }).type).toBe('thinking');
		expect(
			deltas(events, 'thinking_delta')
				.map((delta) => delta.thinking)
				.join('')
		).toContain('Reading the request');
		expect(deltas(events, 'signature_delta')).toHaveLength(1);
	});

	it('answers stream:false with the message object', async () => {
		const response = await post('/v1/messages', messagesBody('hello', { stream: false }));
		const body = (await response.json()) as {
			type: string;
			content: Array<{ type: string; text: string }>;
			stop_reason: string;
		};
		expect(body.type).toBe('message');
		expect(body.stop_reason).toBe('end_turn');
		expect(body.content.find((block) => block.type === 'text')?.text).toContain('“hello”');
	});

	it.each([
		[{ max_tokens: undefined }, 'max_tokens: Field required'],
		[{ thinking: { type: 'enabled' } }, 'budget_tokens: Field required'],
		[{ thinking: { type: 'enabled', budget_tokens: 512 } }, 'greater than or equal to 1024'],
		[
			{ thinking: { type: 'enabled', budget_tokens: 4096 }, max_tokens: 4096 },
			'must be greater than `thinking.budget_tokens`'
		],
		[
			{ model: 'demo-adaptive', thinking: { type: 'disabled' } },
			'"thinking.type.disabled" is not supported for this model'
		],
		[
			{
				messages: [
					{ role: 'user', content: 'hi' },
					{
						role: 'assistant',
						content: [
							{ type: 'thinking', thinking: '', signature: 's' },
							{ type: 'text', text: 'x' }
						]
					},
					{ role: 'user', content: 'again' }
				]
			},
			'messages.1.content.0.thinking: each thinking block must contain thinking'
		]
	])('refuses %o with the typed error the API sends', async (change, message) => {
		const response = await post('/v1/messages', messagesBody('hello', change));
		expect(response.status).toBe(400);
		const body = (await response.json()) as {
			type: string;
			error: { type: string; message: string };
		};
		expect(body.type).toBe('error');
		expect(body.error.type).toBe('invalid_request_error');
		expect(body.error.message).toContain(message);
	});
});
