/**
 * The Responses and backend request builders: exact bodies and headers (docs/reference/wire.md,
 * "Responses request"), and the client-preventable errors they prevent.
 */
import { describe, expect, it } from 'vitest';
import { buildBackendRequest, buildResponsesRequest } from '../../../src/lib/wire/index.ts';
import {
	backendInput,
	body,
	conversation,
	keysOf,
	PLAIN_MODEL,
	responsesInput
} from './request-inputs.ts';

describe('Responses route', () => {
	it('builds the Codex-style body of wire.md', () => {
		const request = buildResponsesRequest(responsesInput());
		expect(request.url).toBe('https://gw.example.com/v1/responses');
		expect(body(request)).toEqual({
			model: 'gpt-5.1-codex',
			instructions: 'You are a helpful assistant.',
			input: [
				{
					type: 'message',
					role: 'user',
					content: [
						{ type: 'input_text', text: 'hello' },
						{ type: 'input_image', image_url: 'data:image/png;base64,iVBORw0K' }
					]
				},
				{
					type: 'reasoning',
					summary: [{ type: 'summary_text', text: 'Plan the answer.' }],
					encrypted_content: 'gAAAAABencrypted=='
				},
				{
					type: 'message',
					role: 'assistant',
					content: [{ type: 'output_text', text: 'Hi! How can I help?' }]
				},
				{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'draw a cat' }] }
			],
			tools: [{ type: 'image_generation', output_format: 'png' }],
			tool_choice: 'auto',
			parallel_tool_calls: false,
			reasoning: { effort: 'medium', summary: 'auto' },
			store: false,
			stream: true,
			include: ['reasoning.encrypted_content'],
			prompt_cache_key: 'conv-123'
		});
		// Never a credential: the gateway header table adds those at send (tests/unit/gateway).
		expect(request.headers).toEqual({
			'content-type': 'application/json',
			accept: 'text/event-stream'
		});
	});

	it.each(['png', 'webp', 'jpeg'] as const)(
		'asks the image tool for %s, with partial images',
		(format) => {
			const request = buildResponsesRequest(
				responsesInput({ imageGeneration: { outputFormat: format, partialImages: 2 } })
			);
			expect(body(request)['tools']).toEqual([
				{ type: 'image_generation', output_format: format, partial_images: 2 }
			]);
		}
	);

	it('never sends a server item id back', () => {
		expect(keysOf(body(buildResponsesRequest(responsesInput()))).has('id')).toBe(false);
	});

	it('sends encrypted reasoning only to models that support it', () => {
		const request = buildResponsesRequest(
			responsesInput({ capabilities: { thinking: 'enabled', encryptedReasoning: false } })
		);
		const sent = body(request);
		expect(sent['include']).toBeUndefined();
		expect(JSON.stringify(sent['input'])).not.toContain('reasoning');
		expect(request.body).not.toContain('gAAAAABencrypted');
	});

	it('sends no reasoning settings to a model without reasoning, nor when reasoning is off', () => {
		expect(
			body(buildResponsesRequest(responsesInput({ capabilities: PLAIN_MODEL })))['reasoning']
		).toBeUndefined();
		const off = buildResponsesRequest(
			responsesInput({ reasoning: { enabled: false, effort: 'high' } })
		);
		expect(body(off)['reasoning']).toBeUndefined();
	});

	it('asks for JSON when not streaming, and leaves out what was not asked for', () => {
		const request = buildResponsesRequest({
			baseUrl: 'https://gw.example.com',
			model: 'gpt-4.1',
			capabilities: PLAIN_MODEL,
			conversation: { instructions: '', turns: [{ role: 'user', text: 'hi' }] },
			stream: false
		});
		expect(request.headers).toEqual({
			'content-type': 'application/json',
			accept: 'application/json'
		});
		expect(body(request)).toEqual({
			model: 'gpt-4.1',
			instructions: '',
			input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }],
			store: false,
			stream: false
		});
	});
});

describe('backend route', () => {
	it('sends the content headers only: token, account, client and session are added at send', () => {
		const request = buildBackendRequest(backendInput());
		expect(request.url).toBe('https://chat.example.com/backend-api/codex/responses');
		// The rest of the backend's headers: tests/unit/gateway/gateway-headers.test.ts.
		expect(request.headers).toEqual({
			'content-type': 'application/json',
			accept: 'text/event-stream'
		});
	});

	it('always sends instructions and store:false, and no system-role item', () => {
		const sent = body(buildBackendRequest(backendInput()));
		expect(sent['instructions']).toBe('You are a helpful assistant.');
		expect(sent['store']).toBe(false);
		expect(JSON.stringify(sent['input'])).not.toContain('"system"');
		expect(sent['max_output_tokens']).toBeUndefined();
	});

	it('refuses a request without instructions', () => {
		const input = backendInput({ conversation: { instructions: '  ', turns: conversation.turns } });
		expect(() => buildBackendRequest(input)).toThrow(
			expect.objectContaining({ code: 'instructions_required' })
		);
	});

	it('drops the event-stream accept header when not streaming', () => {
		expect(buildBackendRequest(backendInput({ stream: false })).headers['accept']).toBe(
			'application/json'
		);
	});
});
