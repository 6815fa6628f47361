/**
 * `buildTurnRequest` dispatches per route; `buildRequest` keeps the earlier text-only signature.
 */
import { describe, expect, it } from 'vitest';
import { buildRequest, buildTurnRequest } from '../../../src/lib/wire/index.ts';
import { backendInput, body, messagesInput, responsesInput } from './request-inputs.ts';

describe('buildTurnRequest', () => {
	it('dispatches on the route', () => {
		expect(buildTurnRequest({ route: 'responses', ...responsesInput() }).url).toMatch(
			/\/v1\/responses$/
		);
		expect(buildTurnRequest({ route: 'backend', ...backendInput() }).url).toMatch(
			/\/backend-api\/codex\/responses$/
		);
		expect(buildTurnRequest({ route: 'messages', ...messagesInput() }).url).toMatch(
			/\/v1\/messages$/
		);
	});
});

describe('buildRequest (the earlier text-only entry point)', () => {
	const legacy = {
		baseUrl: 'https://gw.example.com',
		area: 'codex',
		model: 'm',
		instructions: 'Be brief.',
		apiKey: 'k',
		turns: [
			{ role: 'user' as const, text: 'hi' },
			{ role: 'assistant' as const, text: 'hello' }
		]
	};

	it('still builds a streaming Responses request', () => {
		const request = buildRequest({ ...legacy, route: 'responses' });
		expect(request.headers).toMatchObject({
			accept: 'text/event-stream',
			authorization: 'Bearer k'
		});
		expect(body(request)).toMatchObject({
			model: 'm',
			instructions: 'Be brief.',
			store: false,
			stream: true
		});
	});

	it('still builds the backend URL and a Messages request', () => {
		expect(buildRequest({ ...legacy, route: 'backend' }).url).toBe(
			'https://gw.example.com/backend-api/codex/responses'
		);
		const messages = buildRequest({ ...legacy, route: 'messages', maxTokens: 100 });
		expect(messages.headers).toMatchObject({
			'anthropic-version': '2023-06-01',
			authorization: 'Bearer k'
		});
		expect(body(messages)).toMatchObject({
			max_tokens: 100,
			system: 'Be brief.',
			messages: [
				{ role: 'user', content: [{ type: 'text', text: 'hi' }] },
				{ role: 'assistant', content: [{ type: 'text', text: 'hello' }] }
			]
		});
	});
});
