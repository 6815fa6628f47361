import { describe, expect, it } from 'vitest';
import { DemoGateway } from '../../../src/lib/server/demo-gateway/index.ts';
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

const streamedText = (events: Array<Record<string, unknown>>): string =>
	deltas(events, 'text_delta')
		.map((delta) => delta.text)
		.join('');

const prefilled = (
	prompt: string,
	prefill: unknown,
	extra: Record<string, unknown> = {}
): Record<string, unknown> =>
	messagesBody(prompt, {
		messages: [
			{ role: 'user', content: prompt },
			{ role: 'assistant', content: prefill }
		],
		...extra
	});

describe('demo gateway: continuing from a final assistant message (prefill)', () => {
	const fullAnswer = async (prompt: string): Promise<string> => {
		const response = await post('/v1/messages', messagesBody(prompt, { stream: false }));
		const body = (await response.json()) as { content: Array<{ type: string; text: string }> };
		return body.content.find((block) => block.type === 'text')?.text ?? '';
	};

	it('streams only the rest of the answer when the prefill is its beginning', async () => {
		const full = await fullAnswer('Explain tables');
		const start = full.slice(0, 120).trimEnd();
		const { events } = await collect(
			(await post('/v1/messages', prefilled('Explain tables', start))).body
		);
		const rest = streamedText(events);
		expect(rest).not.toBe('');
		expect(start + rest).toBe(full);
		expect(events.at(-1)?.type).toBe('message_stop');
		expect(events.find((event) => event.type === 'message_delta')).toMatchObject({
			delta: { stop_reason: 'end_turn' }
		});
	});

	it('reads a prefill given as text blocks, and answers stream:false with the rest only', async () => {
		const full = await fullAnswer('Explain lists');
		const start = full.slice(0, 60).trimEnd();
		const response = await post(
			'/v1/messages',
			prefilled('Explain lists', [{ type: 'text', text: start }], { stream: false })
		);
		const body = (await response.json()) as { content: Array<{ type: string; text: string }> };
		expect(start + (body.content.find((block) => block.type === 'text')?.text ?? '')).toBe(full);
	});

	it('streams the whole answer after a prefill that is not its beginning', async () => {
		const full = await fullAnswer('Explain code');
		const { events } = await collect(
			(await post('/v1/messages', prefilled('Explain code', 'Sure, here goes:'))).body
		);
		expect(streamedText(events)).toBe(full);
	});

	it.each([
		['a string', 'You said “hi”. '],
		['text blocks', [{ type: 'text', text: 'You said\n' }]]
	])('refuses final assistant content (%s) ending in whitespace', async (_, prefill) => {
		const response = await post('/v1/messages', prefilled('hi', prefill));
		expect(response.status).toBe(400);
		expect(await response.json()).toEqual({
			type: 'error',
			error: {
				type: 'invalid_request_error',
				message: 'messages: final assistant content cannot end with trailing whitespace'
			},
			request_id: response.headers.get('request-id')
		});
	});

	it.each([[{ type: 'enabled', budget_tokens: 1024 }], [{ type: 'adaptive' }]])(
		'refuses a text prefill while thinking is %o, as the API does',
		async (thinking) => {
			const response = await post('/v1/messages', prefilled('hi', 'You said', { thinking }));
			expect(response.status).toBe(400);
			const body = (await response.json()) as { error: { type: string; message: string } };
			expect(body.error.type).toBe('invalid_request_error');
			expect(body.error.message).toMatch(
				/^messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `text`\. When `thinking` is enabled, a final `assistant` message must start with a thinking block/
			);
		}
	);

	it('refuses any prefill on the adaptive-only model, like the newest models', async () => {
		const response = await post(
			'/v1/messages',
			prefilled('hi', 'You said', { model: 'demo-adaptive' })
		);
		expect(response.status).toBe(400);
		expect(await response.json()).toMatchObject({
			error: {
				type: 'invalid_request_error',
				message:
					'This model does not support assistant message prefill. The conversation must end with a user message.'
			}
		});
	});

	it('continues a #scenario:cut:once answer: cut first, then the rest of the same answer', async () => {
		const gateway = new DemoGateway();
		const prompt = 'Write it out #scenario:cut:once';
		const cut = await collect((await post('/v1/messages', messagesBody(prompt), {}, gateway)).body);
		expect(cut.events.some((event) => event.type === 'message_stop')).toBe(false);
		const partial = streamedText(cut.events).trimEnd();
		expect(partial).toContain('You said “Write it out”.');

		const continued = await collect(
			(await post('/v1/messages', prefilled(prompt, partial), {}, gateway)).body
		);
		expect(continued.events.at(-1)?.type).toBe('message_stop');
		const rest = streamedText(continued.events);

		const whole = await collect(
			(await post('/v1/messages', messagesBody(prompt), {}, gateway)).body
		);
		expect(whole.events.at(-1)?.type).toBe('message_stop');
		expect(partial + rest).toBe(streamedText(whole.events));
		expect(rest.length).toBeGreaterThan(0);
	});
});
