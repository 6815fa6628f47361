import { describe, expect, it } from 'vitest';
import { classifyHttp } from '../../../src/lib/failure/index.ts';
import { ERROR_SCENARIOS } from '../../../src/lib/server/demo-gateway/error-scenarios.ts';
import { handleDemoRequest } from '../../../src/lib/server/demo-gateway/index.ts';
import { collect, messagesBody, post, responsesBody } from './demo-gateway-helpers.ts';

const classify = (
	status: number,
	contentType: string | null,
	body: string,
	route: 'responses' | 'messages'
) =>
	classifyHttp(
		status,
		new Headers(contentType === null ? {} : { 'content-type': contentType }),
		body,
		{
			model: 'demo',
			route,
			classifierModels: ['codex-auto-review']
		}
	).kind;

describe('demo gateway: Messages-shaped failures', () => {
	it.each(Object.entries(ERROR_SCENARIOS).filter(([, s]) => 'messagesBody' in s))(
		'#scenario:%s is shown as the same kind on /v1/messages as on the Responses route',
		(_name, scenario) => {
			const messages = 'messagesBody' in scenario ? scenario.messagesBody : '';
			const parsed = JSON.parse(messages) as { type: string; error: { type: unknown } };
			expect(parsed.type).toBe('error');
			expect(typeof parsed.error.type).toBe('string');
			expect(classify(scenario.status, scenario.contentType, messages, 'messages')).toBe(
				classify(scenario.status, scenario.contentType, scenario.body, 'responses')
			);
		}
	);

	it('exposes both request id headers to a cross-origin browser', async () => {
		const response = await handleDemoRequest(
			new Request('http://gateway.test/v1/responses', {
				method: 'POST',
				headers: { origin: 'http://app.test', 'content-type': 'application/json' },
				body: JSON.stringify(responsesBody('hi', { stream: false }))
			}),
			{ mountPath: '', cors: true }
		);
		expect(response.headers.get('access-control-expose-headers')).toBe('x-request-id, request-id');
		expect(response.headers.get('request-id')).toBe(response.headers.get('x-request-id'));
	});
});

describe('demo gateway: history checked like the real services', () => {
	const refusal = async (path: string, body: unknown): Promise<string> => {
		const response = await post(path, body);
		expect(response.status).toBe(400);
		const json = (await response.json()) as { error: { message: string } };
		return json.error.message;
	};

	it.each([
		[
			[
				{ role: 'assistant', content: 'x' },
				{ role: 'user', content: 'hi' }
			],
			'messages: first message must use the "user" role'
		],
		[
			[
				{ role: 'user', content: 'a' },
				{ role: 'user', content: 'b' }
			],
			'messages: roles must alternate between "user" and "assistant", but found multiple "user" roles in a row'
		],
		[
			[{ role: 'user', content: [{ type: 'text', text: '' }] }],
			'messages: text content blocks must be non-empty'
		],
		[
			[
				{ role: 'user', content: 'hi' },
				{ role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }] },
				{
					role: 'user',
					content: [
						{ type: 'text', text: 'well?' },
						{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' }
					]
				}
			],
			'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1. Each `tool_use` block must have a corresponding `tool_result` block in the next message.'
		]
	])('Messages refuses %j', async (messages, message) => {
		expect(await refusal('/v1/messages', messagesBody('', { messages }))).toBe(message);
	});

	it('Responses refuses a function call without its output', async () => {
		const input = [
			{ role: 'user', content: 'hi' },
			{ type: 'function_call', call_id: 'call_9', name: 'f', arguments: '{}' },
			{ role: 'user', content: 'and?' }
		];
		expect(await refusal('/v1/responses', responsesBody('', { input }))).toBe(
			'No tool output found for function call call_9.'
		);
	});

	it.each([
		[
			{ type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: 'Qk0=' } },
			"image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'"
		],
		[
			{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: '/9j/4AAQ' } },
			'Image does not match the provided media type image/png'
		],
		[
			{ type: 'document', source: { type: 'base64', media_type: 'text/csv', data: 'YQ==' } },
			"document.source.base64.media_type: Input should be 'application/pdf'"
		]
	])('Messages refuses the attachment %j', async (block, message) => {
		const messages = [{ role: 'user', content: [block, { type: 'text', text: 'see' }] }];
		expect(await refusal('/v1/messages', messagesBody('', { messages }))).toContain(message);
	});

	it('a declared web search tool makes the Messages answer search first', async () => {
		const { events } = await collect(
			(
				await post(
					'/v1/messages',
					messagesBody('news?', { tools: [{ type: 'web_search_20250305', name: 'web_search' }] })
				)
			).body
		);
		const starts = events
			.filter((e) => e.type === 'content_block_start')
			.map((e) => (e['content_block'] as { type: string }).type);
		expect(starts.slice(0, 2)).toEqual(['server_tool_use', 'web_search_tool_result']);
		expect(
			events.some((e) => (e['delta'] as { type?: string } | undefined)?.type === 'citations_delta')
		).toBe(true);
	});
});
