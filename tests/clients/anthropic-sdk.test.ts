/**
 * The official Anthropic SDK (`@anthropic-ai/sdk`) streaming from the demo gateway's Messages
 * route: what `finalMessage()` holds (thinking, tool_use, server tools and their results,
 * citations), and the error class, status and `request_id` of each failure.
 */
import Anthropic, {
	APIError,
	AuthenticationError,
	BadRequestError,
	InternalServerError,
	RateLimitError
} from '@anthropic-ai/sdk';
import type { Message, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, type GatewayProcess } from './gateway-process.ts';

let gateway: GatewayProcess;
beforeAll(async () => {
	gateway = await startGatewayProcess();
});
afterAll(() => gateway.stop());

const client = (): Anthropic =>
	new Anthropic({ apiKey: 'demo-key', baseURL: gateway.url, maxRetries: 0 });

type Params = Omit<Anthropic.MessageStreamParams, 'model' | 'max_tokens' | 'messages'>;

const finalMessage = (messages: MessageParam[] | string, extra: Params = {}): Promise<Message> =>
	client()
		.messages.stream({
			model: 'demo',
			max_tokens: 4096,
			messages: typeof messages === 'string' ? [{ role: 'user', content: messages }] : messages,
			...extra
		})
		.finalMessage();

const textOf = (message: Message): string =>
	message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');

describe('@anthropic-ai/sdk on /v1/messages', () => {
	it('streams the demo answer with its thinking and signature', async () => {
		const message = await finalMessage('hello from the SDK', {
			thinking: { type: 'enabled', budget_tokens: 1024 }
		});
		expect(message.stop_reason).toBe('end_turn');
		const [thinking, text] = message.content;
		expect(thinking?.type === 'thinking' && thinking.thinking).toContain('Reading the request');
		expect(thinking?.type === 'thinking' && thinking.signature.length).toBeGreaterThan(0);
		expect(text?.type === 'text' && text.text).toContain('You said “hello from the SDK”');
	});

	it('answers #scenario:function-call with a tool_use, then in text after its tool_result', async () => {
		const prompt = 'weather? #scenario:function-call';
		const first = await finalMessage(prompt);
		expect(first.stop_reason).toBe('tool_use');
		expect(first.content.map((block) => block.type)).toEqual(['tool_use']);
		const call = first.content[0];
		if (call?.type !== 'tool_use') throw new Error('no tool_use');
		expect(call.name).toBe('get_weather');
		expect(call.input).toEqual({ location: 'Paris, France', unit: 'celsius' });

		const asked: MessageParam[] = [
			{ role: 'user', content: prompt },
			{ role: 'assistant', content: first.content }
		];
		const answered = await finalMessage([
			...asked,
			{ role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '18 °C' }] }
		]);
		expect(answered.stop_reason).toBe('end_turn');
		expect(textOf(answered)).toContain('You said “weather?”');

		const error: unknown = await finalMessage([
			...asked,
			{ role: 'user', content: 'never mind' }
		]).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(BadRequestError);
		expect((error as BadRequestError).message).toContain(
			`\`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${call.id}`
		);
	});

	it('searches the web when the tool is declared, and cites the results', async () => {
		const message = await finalMessage('what does the demo do?', {
			tools: [{ type: 'web_search_20250305', name: 'web_search' }]
		});
		const [use, result] = message.content;
		expect(use?.type === 'server_tool_use' && use.name).toBe('web_search');
		expect(use?.type === 'server_tool_use' && use.input).toEqual({
			query: 'what does the demo do?'
		});
		if (result?.type !== 'web_search_tool_result' || !Array.isArray(result.content))
			throw new Error('no web search results');
		expect(result.tool_use_id).toBe(use?.type === 'server_tool_use' ? use.id : '');
		expect(result.content.map((hit) => hit.url)).toEqual([
			'https://example.com/switchboard/demo-gateway',
			'https://example.org/reference/citations'
		]);
		const cited = message.content.flatMap((block) =>
			block.type === 'text' ? (block.citations ?? []) : []
		);
		expect(cited.map((c) => c.type === 'web_search_result_location' && c.url)).toEqual(
			result.content.map((hit) => hit.url)
		);
		expect(message.usage.server_tool_use?.web_search_requests).toBe(1);
	});

	it('runs code for #scenario:code and gives its output', async () => {
		const message = await finalMessage('average these #scenario:code');
		const [use, result] = message.content;
		expect(use?.type === 'server_tool_use' && use.name).toBe('code_execution');
		expect(result?.type).toBe('code_execution_tool_result');
		expect(result?.type === 'code_execution_tool_result' && result.content).toMatchObject({
			type: 'code_execution_result',
			stdout: '7.25\n',
			return_code: 0
		});
		expect(textOf(message)).toContain('The code printed 7.25');
	});

	it('says which image and PDF arrived', async () => {
		const png = Buffer.from(
			'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
			'base64'
		);
		const pdf = Buffer.from('%PDF-1.4\n%demo\n');
		const message = await finalMessage([
			{
				role: 'user',
				content: [
					{
						type: 'image',
						source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') }
					},
					{
						type: 'document',
						title: 'report.pdf',
						source: {
							type: 'base64',
							media_type: 'application/pdf',
							data: pdf.toString('base64')
						}
					},
					{ type: 'text', text: 'what are these?' }
				]
			}
		]);
		expect(textOf(message)).toMatch(
			new RegExp(
				`^Attachments received: image 1 \\(image/png, 1×1, ${png.length} bytes\\), report\\.pdf \\(application/pdf, ${pdf.length} bytes\\)\\.`
			)
		);
	});

	it.each([
		['rate-limited', RateLimitError, 429, 'rate_limit_error'],
		['auth-expired', AuthenticationError, 401, 'authentication_error'],
		['context-too-large', BadRequestError, 400, 'invalid_request_error'],
		['server-error', InternalServerError, 500, 'api_error'],
		['overloaded', InternalServerError, 529, 'overloaded_error']
	] as const)(
		'#scenario:%s throws %o with status, error type and request id',
		async (scenario, kind, status, type) => {
			const error: unknown = await finalMessage(`hi #scenario:${scenario}`).catch(
				(e: unknown) => e
			);
			expect(error).toBeInstanceOf(kind);
			const failure = error as APIError;
			expect(failure.status).toBe(status);
			expect(failure.requestID).toMatch(/^req_demo_/);
			expect(failure.error).toMatchObject({
				type: 'error',
				error: { type },
				request_id: failure.requestID
			});
		}
	);

	it('an error event in the stream rejects finalMessage with the overloaded error', async () => {
		const error: unknown = await finalMessage('hi #scenario:error-mid-stream').catch(
			(e: unknown) => e
		);
		expect(error).toBeInstanceOf(APIError);
		expect((error as APIError).error).toMatchObject({
			type: 'error',
			error: { type: 'overloaded_error' }
		});
	});
});
