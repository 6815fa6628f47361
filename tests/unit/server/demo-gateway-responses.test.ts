import { describe, expect, it } from 'vitest';
import { collect, post, responsesBody, backendBody, textOf } from './demo-gateway-helpers.ts';

const PNG_SIGNATURE = '89504e470d0a1a0a';

describe('demo gateway: Responses stream framing', () => {
	it('streams a valid Responses event stream that ends in response.completed', async () => {
		const response = await post('/v1/responses', responsesBody('hello'));
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
		expect(response.headers.get('x-request-id')).toMatch(/^req_demo_/);
		const { frames, events } = await collect(response.body);

		for (const [index, frame] of frames.entries()) {
			expect(frame.event).toBe(events[index]?.type);
			expect(events[index]?.sequence_number).toBe(index);
		}
		expect(events[0]?.type).toBe('response.created');
		expect(events[1]?.type).toBe('response.in_progress');
		expect(events.at(-1)?.type).toBe('response.completed');
		expect(events.filter((event) => event.type.startsWith('response.completed'))).toHaveLength(1);

		const streamed = textOf(events, 'response.output_text.delta', 'delta');
		expect(streamed).toContain('hello');
		expect(streamed).toContain('```ts');
		expect(textOf(events, 'response.output_text.done', 'text')).toBe(streamed);
		const completed = events.at(-1)?.['response'] as {
			status: string;
			output: Array<{ type: string; content?: Array<{ text: string }> }>;
			usage: { input_tokens: number; output_tokens: number; total_tokens: number };
		};
		expect(completed.status).toBe('completed');
		expect(completed.output.find((item) => item.type === 'message')?.content?.[0]?.text).toBe(
			streamed
		);
		expect(completed.usage.total_tokens).toBe(
			completed.usage.input_tokens + completed.usage.output_tokens
		);
	});

	it('accepts the simplified string input', async () => {
		const { events } = await collect(
			(await post('/v1/responses', { model: 'demo', input: 'hi', stream: true })).body
		);
		expect(events.at(-1)?.type).toBe('response.completed');
		expect(textOf(events, 'response.output_text.delta', 'delta')).toContain('hi');
	});

	it('streams a reasoning summary before the message when one is requested', async () => {
		const { events } = await collect(
			(
				await post(
					'/v1/responses',
					responsesBody('why?', { reasoning: { effort: 'low', summary: 'auto' } })
				)
			).body
		);
		const types = events.map((event) => event.type);
		const firstReasoning = types.indexOf('response.reasoning_summary_text.delta');
		expect(firstReasoning).toBeGreaterThan(0);
		expect(firstReasoning).toBeLessThan(types.indexOf('response.output_text.delta'));
		expect(textOf(events, 'response.reasoning_summary_text.delta', 'delta')).toBe(
			textOf(events, 'response.reasoning_summary_text.done', 'text')
		);
	});

	it('sends no reasoning when none is requested', async () => {
		const { events } = await collect((await post('/v1/responses', responsesBody('plain'))).body);
		expect(events.some((event) => event.type.startsWith('response.reasoning'))).toBe(false);
	});

	it('draws an image_generation result, with the partial images asked for, when the tool is declared', async () => {
		const tools = [{ type: 'image_generation', output_format: 'png', partial_images: 2 }];
		const { events } = await collect(
			(await post('/v1/responses', responsesBody('draw a lighthouse', { tools }))).body
		);
		const partials = events.filter(
			(event) => event.type === 'response.image_generation_call.partial_image'
		);
		expect(partials.map((event) => event['partial_image_index'])).toEqual([0, 1]);
		const done = events.find(
			(event) =>
				event.type === 'response.output_item.done' &&
				(event['item'] as { type: string }).type === 'image_generation_call'
		);
		const item = done?.['item'] as { result: string; output_format: string; status: string };
		expect(item.status).toBe('completed');
		expect(item.output_format).toBe('png');
		expect(Buffer.from(item.result, 'base64').subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
		for (const partial of partials) {
			expect(
				Buffer.from(String(partial['partial_image_b64']), 'base64').subarray(0, 8).toString('hex')
			).toBe(PNG_SIGNATURE);
		}
		expect(events.at(-1)?.type).toBe('response.completed');
	});

	it('does not draw when the tool is not declared', async () => {
		const { events } = await collect(
			(await post('/v1/responses', responsesBody('draw a lighthouse'))).body
		);
		expect(events.some((event) => event.type.startsWith('response.image_generation_call'))).toBe(
			false
		);
	});

	it('answers stream:false with the response object, same text as the stream', async () => {
		const response = await post('/v1/responses', responsesBody('hello', { stream: false }));
		expect(response.headers.get('content-type')).toMatch(/^application\/json/);
		const body = (await response.json()) as {
			status: string;
			output: Array<{ content: Array<{ text: string }> }>;
		};
		expect(body.status).toBe('completed');
		expect(body.output[0]?.content[0]?.text).toContain('“hello”');
	});

	it('accepts input items with their own client-made ids when store is false, as Codex sends them', async () => {
		const response = await post('/v1/responses', {
			model: 'demo',
			store: false,
			stream: true,
			input: [
				{
					id: 'msg_8ef57fa5-ba4f-5ce3-a1d2-39dc8fbf7960',
					type: 'message',
					role: 'developer',
					content: [{ type: 'input_text', text: 'Be precise.' }]
				},
				{
					id: 'msg_01a20ae3-28cd-71f3-a6c9-8c661e05cc38',
					type: 'message',
					role: 'user',
					content: [{ type: 'input_text', text: 'hello there' }]
				}
			]
		});
		expect(response.status).toBe(200);
		const { events } = await collect(response.body);
		expect(textOf(events, 'response.output_text.delta', 'delta')).toContain('“hello there”');
	});

	it('refuses an item reference when store is false, as the API does', async () => {
		const response = await post('/v1/responses', {
			...responsesBody('hi'),
			store: false,
			input: [{ type: 'item_reference', id: 'msg_123' }]
		});
		expect(response.status).toBe(404);
		const body = (await response.json()) as { error: { message: string; param: string } };
		expect(body.error.message).toBe(
			"Item with id 'msg_123' not found. Items are not persisted when `store` is set to false. Try again with `store` set to true, or remove this item from your input."
		);
		expect(body.error.param).toBe('input');
	});

	it('refuses a previous_response_id: the demo stores nothing', async () => {
		const response = await post(
			'/v1/responses',
			responsesBody('hi', { previous_response_id: 'resp_1' })
		);
		expect(response.status).toBe(404);
		expect(await response.json()).toMatchObject({
			error: {
				message: "Previous response with id 'resp_1' not found.",
				param: 'previous_response_id'
			}
		});
	});
});

describe('demo gateway: backend route', () => {
	it('streams the Responses format under /backend-api/<area>/responses', async () => {
		const response = await post('/backend-api/codex/responses', backendBody('hello'));
		expect(response.status).toBe(200);
		const { events } = await collect(response.body);
		expect(events.at(-1)?.type).toBe('response.completed');
	});

	it.each([
		[{ instructions: undefined }, 'Instructions are required'],
		[{ store: true }, 'Store must be set to false']
	])('refuses %o like the hosted backend', async (change, detail) => {
		const response = await post('/backend-api/codex/responses', backendBody('hello', change));
		expect(response.status).toBe(400);
		expect(await response.json()).toEqual({ detail });
	});

	it.each(['developer', 'system'])(
		'takes the instructions from a %s message in the input, as Codex sends them',
		async (role) => {
			const response = await post(
				'/backend-api/codex/responses',
				backendBody('hello', {
					instructions: undefined,
					input: [
						{ type: 'message', role, content: [{ type: 'input_text', text: 'Be brief.' }] },
						{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }
					]
				})
			);
			expect(response.status).toBe(200);
			expect((await collect(response.body)).events.at(-1)?.type).toBe('response.completed');
		}
	);
});
