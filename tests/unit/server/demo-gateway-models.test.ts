import { describe, expect, it } from 'vitest';
import { ERROR_SCENARIOS, handleDemoRequest } from '../../../src/lib/server/demo-gateway/index.ts';
import {
	backendBody,
	collect,
	messagesBody,
	post,
	responsesBody,
	textOf
} from './demo-gateway-helpers.ts';

const ENCRYPTED = ERROR_SCENARIOS['encrypted-content-unsupported'];

const reasoningItem = {
	type: 'reasoning',
	summary: [{ type: 'summary_text', text: 'Thought about it.' }],
	encrypted_content: 'gAAAAABdemo-opaque-blob'
};

const withHistory = (model: string, items: unknown[]): Record<string, unknown> => ({
	...responsesBody('and now?', { model }),
	input: [
		{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
		...items,
		{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Hello.' }] },
		{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'and now?' }] }
	]
});

describe('demo gateway: demo-no-encrypted refuses encrypted reasoning', () => {
	it('is listed with its display name', async () => {
		const response = await handleDemoRequest(
			new Request('http://gateway.test/v1/models', {
				headers: { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' }
			}),
			{ mountPath: '', cors: false }
		);
		const { data } = (await response.json()) as {
			data: Array<{ id: string; display_name: string }>;
		};
		expect(data).toContainEqual(
			expect.objectContaining({
				id: 'demo-no-encrypted',
				display_name: 'Demo (no encrypted reasoning)'
			})
		);
	});

	it.each([
		['/v1/responses', responsesBody],
		['/backend-api/codex/responses', backendBody]
	] as const)(
		'%s: asking for reasoning.encrypted_content gets the encrypted-content-unsupported answer',
		async (path, body) => {
			const response = await post(
				path,
				body('hi', { model: 'demo-no-encrypted', include: ['reasoning.encrypted_content'] })
			);
			expect(response.status).toBe(ENCRYPTED.status);
			expect(await response.text()).toBe(ENCRYPTED.body);
		}
	);

	it('refuses encrypted_content carried in earlier reasoning items', async () => {
		const response = await post('/v1/responses', withHistory('demo-no-encrypted', [reasoningItem]));
		expect(response.status).toBe(400);
		expect(await response.text()).toBe(ENCRYPTED.body);
	});

	it('answers normally once the request carries no encrypted reasoning', async () => {
		const plain = await post(
			'/v1/responses',
			withHistory('demo-no-encrypted', [{ ...reasoningItem, encrypted_content: undefined }])
		);
		expect(plain.status).toBe(200);
		const { events } = await collect(plain.body);
		expect(events.at(-1)?.type).toBe('response.completed');
		expect(textOf(events, 'response.output_text.delta', 'delta')).toContain('demo-no-encrypted');
		const messages = await post('/v1/messages', messagesBody('hi', { model: 'demo-no-encrypted' }));
		expect(messages.status).toBe(200);
	});

	it('other models send encrypted reasoning and accept it back, but not one they did not make', async () => {
		const response = await post(
			'/v1/responses',
			responsesBody('hi', {
				include: ['reasoning.encrypted_content'],
				reasoning: { summary: 'auto' }
			})
		);
		expect(response.status).toBe(200);
		const { events } = await collect(response.body);
		const done = events.find(
			(event) =>
				event.type === 'response.output_item.done' &&
				(event['item'] as { type: string }).type === 'reasoning'
		);
		const token = (done?.['item'] as { encrypted_content?: string }).encrypted_content ?? '';
		expect(token).toMatch(/^gAAAAA[A-Za-z0-9+/=]+$/);
		const returned = { ...reasoningItem, id: 'rs_1', encrypted_content: token };
		expect((await post('/v1/responses', withHistory('demo', [returned]))).status).toBe(200);

		const invented = await post(
			'/v1/responses',
			withHistory('demo', [{ ...reasoningItem, id: 'rs_2' }])
		);
		expect(invented.status).toBe(400);
		expect(await invented.json()).toEqual({
			error: {
				message: 'The encrypted content for item rs_2 could not be verified.',
				type: 'invalid_request_error',
				param: null,
				code: 'invalid_encrypted_content'
			}
		});
	});

	it('sends no encrypted_content unless include asks for it', async () => {
		const { events } = await collect(
			(await post('/v1/responses', responsesBody('hi', { reasoning: { summary: 'auto' } }))).body
		);
		const completed = events.at(-1)?.['response'] as { output: Array<Record<string, unknown>> };
		expect(completed.output[0]?.['type']).toBe('reasoning');
		expect(completed.output[0]).not.toHaveProperty('encrypted_content');
	});
});

describe('demo gateway: the other models that stand for a failure', () => {
	it('demo-long-context needs a context-1m beta on Messages', async () => {
		const refused = await post('/v1/messages', messagesBody('hi', { model: 'demo-long-context' }));
		expect(refused.status).toBe(400);
		expect(await refused.text()).toBe(ERROR_SCENARIOS['long-context-required'].body);
		const accepted = await post(
			'/v1/messages',
			messagesBody('hi', { model: 'demo-long-context' }),
			{ 'anthropic-beta': 'context-1m-2025-08-07' }
		);
		expect(accepted.status).toBe(200);
		expect((await collect(accepted.body)).events.at(-1)?.type).toBe('message_stop');
	});

	it('demo-adaptive thinks by default and refuses thinking disabled or enabled', async () => {
		const { events } = await collect(
			(await post('/v1/messages', messagesBody('hi', { model: 'demo-adaptive' }))).body
		);
		expect(events.find((event) => event.type === 'content_block_start')).toMatchObject({
			content_block: { type: 'thinking' }
		});
		for (const thinking of [{ type: 'disabled' }, { type: 'enabled', budget_tokens: 1024 }]) {
			const response = await post(
				'/v1/messages',
				messagesBody('hi', { model: 'demo-adaptive', thinking })
			);
			expect(response.status).toBe(400);
			const body = (await response.json()) as { error: { message: string } };
			expect(body.error.message).toContain(`"thinking.type.${thinking.type}" is not supported`);
		}
		const adaptive = await post(
			'/v1/messages',
			messagesBody('hi', { model: 'demo-adaptive', thinking: { type: 'adaptive' } })
		);
		expect(adaptive.status).toBe(200);
	});
});
