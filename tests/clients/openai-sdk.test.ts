/**
 * The official OpenAI SDK (`openai`) streaming from the demo gateway, on the public Responses route
 * and on the backend route, as an app built on it would: what `finalResponse()` holds, what the
 * stream announced on the way, and the error class, status and request id of each failure.
 */
import OpenAI, {
	APIError,
	AuthenticationError,
	BadRequestError,
	InternalServerError,
	RateLimitError
} from 'openai';
import type {
	Response as OpenAIResponse,
	ResponseCreateParamsStreaming,
	ResponseInputItem
} from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, type GatewayProcess } from './gateway-process.ts';

let gateway: GatewayProcess;
beforeAll(async () => {
	gateway = await startGatewayProcess();
});
afterAll(() => gateway.stop());

const ROUTES = [
	['/v1', '/v1'],
	['the backend route', '/backend-api/codex']
] as const;

type Params = Omit<ResponseCreateParamsStreaming, 'stream'>;

/** The answer's text, from its message items (`finalResponse()` does not fill `output_text`). */
function answerText(response: OpenAIResponse): string {
	return response.output
		.flatMap((item) => (item.type === 'message' ? item.content : []))
		.map((part) => (part.type === 'output_text' ? part.text : ''))
		.join('');
}

describe.each(ROUTES)('openai SDK on %s', (_name, basePath) => {
	const client = (): OpenAI =>
		new OpenAI({ apiKey: 'demo-key', baseURL: `${gateway.url}${basePath}`, maxRetries: 0 });
	const backend = basePath.startsWith('/backend-api');
	/** A request body this route accepts: the backend wants instructions and store:false. */
	const params = (input: string | ResponseInputItem[], extra: Partial<Params> = {}): Params => ({
		model: 'demo',
		input,
		...(backend ? { instructions: 'Be brief.', store: false } : {}),
		...extra
	});
	const finalResponse = (body: Params): Promise<OpenAIResponse> =>
		client().responses.stream(body).finalResponse();
	const failureOf = async (prompt: string): Promise<APIError> => {
		const error: unknown = await finalResponse(params(prompt)).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(APIError);
		return error as APIError;
	};

	it('streams the demo answer to a completed response', async () => {
		const response = await finalResponse(params('hello from the SDK'));
		expect(response.status).toBe('completed');
		expect(answerText(response)).toContain('You said “hello from the SDK”');
		expect(answerText(response)).toContain('```ts');
	});

	it('gives a reasoning summary and encrypted reasoning that can be sent back', async () => {
		const first = await finalResponse(
			params('think first', {
				reasoning: { effort: 'low', summary: 'auto' },
				include: ['reasoning.encrypted_content']
			})
		);
		const reasoning = first.output.find((item) => item.type === 'reasoning');
		expect(reasoning?.summary[0]?.text).toContain('Reading the request');
		expect(reasoning?.encrypted_content).toMatch(/^gAAAAA/);
		if (reasoning === undefined) return;

		const history: ResponseInputItem[] = [
			{ role: 'user', content: 'think first' },
			reasoning,
			{ role: 'assistant', content: answerText(first) },
			{ role: 'user', content: 'and again' }
		];
		const second = await finalResponse(
			params(history, { include: ['reasoning.encrypted_content'] })
		);
		expect(answerText(second)).toContain('You said “and again”');

		const forged = history.map((item) =>
			item === reasoning ? { ...reasoning, encrypted_content: 'gAAAAAforged' } : item
		);
		const error: unknown = await finalResponse(params(forged)).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(BadRequestError);
		expect((error as BadRequestError).code).toBe('invalid_encrypted_content');
	});

	it('generates an image whose result decodes to a PNG, with the partial image streamed first', async () => {
		const stream = client().responses.stream(
			params('draw a lighthouse', { tools: [{ type: 'image_generation', partial_images: 1 }] })
		);
		const partials: string[] = [];
		stream.on('response.image_generation_call.partial_image', (event) =>
			partials.push(event.partial_image_b64)
		);
		const response = await stream.finalResponse();
		const call = response.output.find((item) => item.type === 'image_generation_call');
		const png = Buffer.from(call?.result ?? '', 'base64');
		expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
		expect(png.toString('latin1', 12, 16)).toBe('IHDR');
		expect(png.readUInt32BE(16)).toBeGreaterThan(0);
		expect(partials).toHaveLength(1);
	});

	it('answers #scenario:function-call with only a function call, then in text after its output', async () => {
		const first = await finalResponse(params('weather? #scenario:function-call'));
		expect(first.output.map((item) => item.type)).toEqual(['function_call']);
		const call = first.output[0];
		if (call?.type !== 'function_call') throw new Error('no function call');
		expect(call.name).toBe('get_weather');
		expect(JSON.parse(call.arguments)).toEqual({ location: 'Paris, France', unit: 'celsius' });

		const asked: ResponseInputItem[] = [
			{ role: 'user', content: 'weather? #scenario:function-call' },
			{ type: 'function_call', call_id: call.call_id, name: call.name, arguments: call.arguments }
		];
		const answered = await finalResponse(
			params([...asked, { type: 'function_call_output', call_id: call.call_id, output: '18 °C' }])
		);
		expect(answerText(answered)).toContain('You said “weather?”');

		const error: unknown = await finalResponse(params(asked)).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(BadRequestError);
		expect((error as BadRequestError).message).toContain(
			`No tool output found for function call ${call.call_id}.`
		);
	});

	it('searches the web when the tool is declared, and cites its sources', async () => {
		const stream = client().responses.stream(
			params('what does the demo do?', { tools: [{ type: 'web_search' }] })
		);
		const announced: string[] = [];
		stream.on('response.output_text.annotation.added', (event) =>
			announced.push(String((event.annotation as { url?: string }).url))
		);
		const searching: string[] = [];
		stream.on('response.web_search_call.searching', (event) => searching.push(event.item_id));
		const response = await stream.finalResponse();
		const search = response.output.find((item) => item.type === 'web_search_call');
		expect(search?.status).toBe('completed');
		expect(search?.action).toMatchObject({ type: 'search', query: 'what does the demo do?' });
		expect(searching).toEqual([search?.id]);

		const message = response.output.find((item) => item.type === 'message');
		const part = message?.content[0];
		if (part?.type !== 'output_text') throw new Error('no output text');
		const citations = part.annotations.filter((a) => a.type === 'url_citation');
		expect(citations.map((c) => c.url)).toEqual([
			'https://example.com/switchboard/demo-gateway',
			'https://example.org/reference/citations'
		]);
		expect(announced).toEqual(citations.map((c) => c.url));
		for (const citation of citations) {
			expect(part.text.slice(citation.start_index, citation.end_index)).toMatch(/^[A-Z].*\.$/);
		}
	});

	it('runs code for #scenario:code and shows its logs', async () => {
		const response = await finalResponse(params('average these #scenario:code'));
		const run = response.output.find((item) => item.type === 'code_interpreter_call');
		expect(run?.code).toContain('statistics.mean');
		expect(run?.outputs).toEqual([{ type: 'logs', logs: '7.25\n' }]);
		expect(answerText(response)).toContain('The code printed 7.25');
	});

	it('says which image and PDF arrived, and refuses a malformed data URL', async () => {
		const png = Buffer.from(
			'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
			'base64'
		);
		const pdf = Buffer.from('%PDF-1.4\n%demo\n');
		const withImage = (imageUrl: string): ResponseInputItem[] => [
			{
				role: 'user',
				content: [
					{ type: 'input_image', detail: 'auto', image_url: imageUrl },
					{
						type: 'input_file',
						filename: 'report.pdf',
						file_data: `data:application/pdf;base64,${pdf.toString('base64')}`
					},
					{ type: 'input_text', text: 'what are these?' }
				]
			}
		];
		const response = await finalResponse(
			params(withImage(`data:image/png;base64,${png.toString('base64')}`))
		);
		expect(answerText(response)).toMatch(
			new RegExp(
				`^Attachments received: image 1 \\(image/png, 1×1, ${png.length} bytes\\), report\\.pdf \\(application/pdf, ${pdf.length} bytes\\)\\.`
			)
		);
		const error: unknown = await finalResponse(params(withImage('data:image/png;base64,@@'))).catch(
			(e: unknown) => e
		);
		expect(error).toBeInstanceOf(BadRequestError);
		expect((error as BadRequestError).param).toBe('input[0].content[0].image_url');
	});

	it.each([
		['rate-limited', RateLimitError, 429],
		['auth-expired', AuthenticationError, 401],
		['context-too-large', BadRequestError, 400],
		['server-error', InternalServerError, 500]
	] as const)(
		'#scenario:%s throws %o with status and request id',
		async (scenario, kind, status) => {
			const error = await failureOf(`hi #scenario:${scenario}`);
			expect(error).toBeInstanceOf(kind);
			expect(error.status).toBe(status);
			expect(error.requestID).toMatch(/^req_demo_/);
		}
	);

	it('an error in the stream rejects finalResponse with the quota error', async () => {
		const error = await failureOf('hi #scenario:error-mid-stream');
		expect(error.code).toBe('insufficient_quota');
		expect(error.message).toContain('You exceeded your current quota');
	});
});
