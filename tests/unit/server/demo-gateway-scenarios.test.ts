import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
	ERROR_SCENARIOS,
	STREAM_SCENARIOS,
	handleDemoRequest
} from '../../../src/lib/server/demo-gateway/index.ts';
import { readDemoRequest } from '../../../src/lib/server/demo-gateway/read-request.ts';
import { isRejection } from '../../../src/lib/server/demo-gateway/request.ts';
import { playSteps } from '../../../src/lib/server/demo-gateway/sse-player.ts';
import { planStream } from '../../../src/lib/server/demo-gateway/stream-scenarios.ts';
import { backendBody, collect, messagesBody, post, responsesBody } from './demo-gateway-helpers.ts';

const TERMINAL = new Set([
	'response.completed',
	'response.incomplete',
	'response.failed',
	'message_stop'
]);

const ROUTES = [
	['/v1/responses', responsesBody],
	['/backend-api/codex/responses', backendBody],
	['/v1/messages', messagesBody]
] as const;

/** The seed table of docs/reference/failures.md: status, shape and the scenario that produces it. */
const SEED_TABLE: Array<[string, number]> = [
	['encrypted-content-unsupported', 400],
	['context-too-large', 400],
	['thinking-block-invalid', 400],
	['thinking-mode-unsupported', 400],
	['model-retired', 400],
	['long-context-required', 400],
	['insufficient-balance', 402],
	['region-unsupported', 403],
	['asset-timeout', 408],
	['classifier-unavailable', 429],
	['upstream-failed', 502],
	['bad-gateway', 502],
	['model-unavailable', 503],
	['origin-timeout', 522],
	['token-exchange-failed', 502],
	['payment-authorization-failed', 402]
];

describe('demo gateway: HTTP failure scenarios', () => {
	it.each(SEED_TABLE)('has a scenario for the seed row %s answering %i', (name, status) => {
		expect(Object.keys(ERROR_SCENARIOS)).toContain(name);
		expect(ERROR_SCENARIOS[name as keyof typeof ERROR_SCENARIOS].status).toBe(status);
	});

	for (const [path, body] of ROUTES) {
		it.each(Object.entries(ERROR_SCENARIOS))(
			`${path}: #scenario:%s answers its status and exact body`,
			async (name, scenario) => {
				const response = await post(path, body(`please #scenario:${name}`));
				expect(response.status).toBe(scenario.status);
				const requestId = response.headers.get('x-request-id') ?? '';
				expect(response.headers.get('request-id')).toBe(requestId);
				const template =
					path === '/v1/messages' && 'messagesBody' in scenario
						? scenario.messagesBody
						: scenario.body;
				expect(await response.text()).toBe(template.replaceAll('{requestId}', requestId));
				if (scenario.contentType !== null)
					expect(response.headers.get('content-type')).toContain(scenario.contentType);
			}
		);
	}

	it('keeps the seed bodies in the shapes failures.md describes', () => {
		const parse = (name: keyof typeof ERROR_SCENARIOS): Record<string, unknown> =>
			JSON.parse(ERROR_SCENARIOS[name].body) as Record<string, unknown>;
		expect(parse('encrypted-content-unsupported')).toMatchObject({
			type: 'error',
			error: { param: 'tools' }
		});
		expect(parse('context-too-large')).toMatchObject({
			error: { code: 'context_too_large', param: 'input' }
		});
		expect(parse('model-retired')).toMatchObject({ type: 'error' });
		expect(typeof parse('model-retired')['error']).toBe('string');
		expect(typeof parse('long-context-required')['error']).toBe('string');
		expect(parse('insufficient-balance')).toEqual({
			error: { code: '402', message: 'Insufficient account balance', type: 'insufficient_balance' }
		});
		expect(parse('upstream-failed')).toEqual({
			error: { message: 'Upstream request failed', type: 'upstream_error', code: 'upstream_error' }
		});
		expect(parse('model-unavailable')).toMatchObject({ error: { code: 'model_not_found' } });
		expect(ERROR_SCENARIOS['bad-gateway'].body).toBe('');
		expect(ERROR_SCENARIOS['origin-timeout'].body).toContain(
			'<title>gw.example.com | 522: Connection timed out</title>'
		);
	});

	it('substitutes the response request id into bodies that carry one', async () => {
		const response = await post('/v1/responses', responsesBody('#scenario:model-unavailable'));
		const id = response.headers.get('x-request-id');
		expect(await response.text()).toContain(`(request id: ${id})`);
	});

	it('rate-limits the classifier model whatever the prompt, and retires demo-legacy', async () => {
		const classifier = await post(
			'/v1/responses',
			responsesBody('hello', { model: 'codex-auto-review' })
		);
		expect(classifier.status).toBe(429);
		const legacy = await post('/v1/responses', responsesBody('hello', { model: 'demo-legacy' }));
		expect(legacy.status).toBe(400);
		expect(await legacy.text()).toContain("Please use 'demo' instead");
	});
});

describe('demo gateway: stream scenarios', () => {
	it.each(ROUTES)(
		'%s: cut ends the stream without a terminal event, mid-answer',
		async (path, body) => {
			const { events } = await collect((await post(path, body('#scenario:cut'))).body);
			expect(events.length).toBeGreaterThan(3);
			expect(events.some((event) => TERMINAL.has(event.type))).toBe(false);
		}
	);

	it('cut:<N> keeps exactly N events', async () => {
		const { events } = await collect(
			(await post('/v1/responses', responsesBody('#scenario:cut:5'))).body
		);
		expect(events).toHaveLength(5);
	});

	it.each(ROUTES)(
		'%s: stall sends N events then nothing at all, until the client leaves',
		async (path, body) => {
			const route = path.includes('messages')
				? 'messages'
				: path.includes('backend')
					? 'backend'
					: 'responses';
			const request = readDemoRequest(route, JSON.stringify(body('#scenario:stall:4')));
			if (isRejection(request)) throw new Error('unexpected rejection');
			const plan = planStream(request);
			expect(plan.steps.filter((step) => step.kind === 'event')).toHaveLength(4);
			expect(plan.steps.at(-1)).toEqual({ kind: 'hang' });

			const reader = playSteps(plan.steps).getReader();
			let frames = '';
			for (let i = 0; i < 4; i++) {
				const { value } = await reader.read();
				frames += new TextDecoder().decode(value);
			}
			expect(frames.match(/^data: /gm)).toHaveLength(4);
			const next = reader.read();
			await reader.cancel();
			expect((await next).done).toBe(true);
		}
	);

	it('failed-mid-stream sends text then response.failed with upstream_error', async () => {
		const { events } = await collect(
			(await post('/v1/responses', responsesBody('#scenario:failed-mid-stream'))).body
		);
		expect(events.some((event) => event.type === 'response.output_text.delta')).toBe(true);
		expect(events.at(-1)).toMatchObject({
			type: 'response.failed',
			response: {
				status: 'failed',
				error: { code: 'upstream_error', message: 'Upstream request failed' }
			}
		});
		expect(events.at(-1)?.['sequence_number']).toBe(events.length - 1);
	});

	it('error-mid-stream sends text then an error event, on both protocols', async () => {
		const responses = await collect(
			(await post('/v1/responses', responsesBody('#scenario:error-mid-stream'))).body
		);
		// The API follows its error event with response.failed.
		expect(responses.events.at(-2)).toMatchObject({
			type: 'error',
			error: { code: 'insufficient_quota' }
		});
		expect(responses.events.at(-1)).toMatchObject({
			type: 'response.failed',
			response: { status: 'failed', error: { code: 'insufficient_quota' } }
		});
		const messages = await collect(
			(await post('/v1/messages', messagesBody('#scenario:error-mid-stream'))).body
		);
		expect(messages.frames.at(-1)?.event).toBe('error');
		expect(messages.events.at(-1)).toMatchObject({
			type: 'error',
			error: { type: 'overloaded_error' }
		});
	});

	it('ping interleaves : PING comments and still completes', async () => {
		const { comments, events } = await collect(
			(await post('/v1/messages', messagesBody('#scenario:ping'))).body
		);
		expect(comments.filter((comment) => comment.trim() === 'PING').length).toBeGreaterThan(
			events.length
		);
		expect(events.at(-1)?.type).toBe('message_stop');
	});

	it('multibyte splits characters across writes and still decodes exactly', async () => {
		const response = await post('/v1/responses', responsesBody('#scenario:multibyte'));
		const reader = response.body?.getReader();
		if (reader === undefined) throw new Error('no body');
		const chunks: Uint8Array[] = [];
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			chunks.push(value);
		}
		const strict = new TextDecoder('utf-8', { fatal: true });
		const splitInsideCharacter = chunks.filter((chunk) => {
			try {
				strict.decode(chunk);
				return false;
			} catch {
				return true;
			}
		});
		expect(splitInsideCharacter.length).toBeGreaterThan(10);
		const { events } = await collect(new Blob(chunks as BlobPart[]).stream());
		const text = events
			.filter((event) => event.type === 'response.output_text.delta')
			.map((event) => String(event['delta']))
			.join('');
		expect(text).toContain('😀👍🏽🧑‍💻');
		expect(text).toContain('你好世界');
	});

	it('huge:<KB> streams an answer of about that size', async () => {
		const { events } = await collect(
			(await post('/v1/responses', responsesBody('#scenario:huge:128'))).body
		);
		const text = events
			.filter((event) => event.type === 'response.output_text.delta')
			.map((event) => String(event['delta']))
			.join('');
		expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(128 * 1024);
		expect(events.at(-1)?.type).toBe('response.completed');
	});

	it('incomplete ends with response.incomplete for max_output_tokens, and max_tokens on Messages', async () => {
		const responses = await collect(
			(await post('/v1/responses', responsesBody('#scenario:incomplete'))).body
		);
		expect(responses.events.at(-1)).toMatchObject({
			type: 'response.incomplete',
			response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } }
		});
		const messages = await collect(
			(await post('/v1/messages', messagesBody('#scenario:incomplete'))).body
		);
		const delta = messages.events.find((event) => event.type === 'message_delta');
		expect(delta).toMatchObject({ delta: { stop_reason: 'max_tokens' } });
	});

	it('refusal streams refusal deltas', async () => {
		const { events } = await collect(
			(await post('/v1/responses', responsesBody('#scenario:refusal'))).body
		);
		expect(events.some((event) => event.type === 'response.refusal.delta')).toBe(true);
		expect(events.some((event) => event.type === 'response.output_text.delta')).toBe(false);
	});

	it('html-200 and empty-200 answer 200 without an event stream', async () => {
		const html = await post('/v1/responses', responsesBody('#scenario:html-200'));
		expect(html.status).toBe(200);
		expect(html.headers.get('content-type')).toContain('text/html');
		expect(await html.text()).toContain('<title>Sign in');
		const empty = await post('/v1/responses', responsesBody('#scenario:empty-200'));
		expect(empty.status).toBe(200);
		expect(await empty.text()).toBe('');
	});

	it('connection-timeout sends nothing until the client gives up', async () => {
		const controller = new AbortController();
		const pending = handleDemoRequest(
			new Request('http://gateway.test/v1/responses', {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(responsesBody('#scenario:connection-timeout')),
				signal: controller.signal
			}),
			{ mountPath: '', cors: true }
		);
		let settled = false;
		void pending.then(() => (settled = true));
		await new Promise((resolve) => setImmediate(resolve));
		expect(settled).toBe(false);
		controller.abort();
		expect((await pending).status).toBe(504);
	});
});

describe('demo gateway: routing and models', () => {
	it('lists models in the OpenAI shape, and the Anthropic shape for x-api-key + anthropic-version', async () => {
		const get = (headers: Record<string, string>): Promise<Response> =>
			handleDemoRequest(new Request('http://gateway.test/v1/models', { headers }), {
				mountPath: '',
				cors: true
			});
		const openai = (await (await get({})).json()) as {
			object: string;
			data: Array<{ id: string; object: string }>;
		};
		expect(openai.object).toBe('list');
		expect(openai.data.map((model) => model.id)).toContain('demo');
		const anthropic = (await (
			await get({ 'x-api-key': 'k', 'anthropic-version': '2023-06-01' })
		).json()) as {
			data: Array<{ id: string; type: string; display_name: string }>;
			has_more: boolean;
		};
		expect(anthropic.has_more).toBe(false);
		expect(anthropic.data[0]).toMatchObject({ id: 'demo', type: 'model' });
	});

	it('answers unknown paths with a JSON 404 and bad JSON with a 400', async () => {
		const missing = await post('/v1/chat/completions', responsesBody('x'));
		expect(missing.status).toBe(404);
		expect(await missing.json()).toMatchObject({
			error: { message: 'Invalid URL (POST /v1/chat/completions)' }
		});
		const bad = await post('/v1/responses', '{not json');
		expect(bad.status).toBe(400);
		const badMessages = await post('/v1/messages', '{not json');
		expect(await badMessages.json()).toMatchObject({
			type: 'error',
			error: { type: 'invalid_request_error' }
		});
	});
});

describe('demo gateway: the scenario index (GET /)', () => {
	it('describes the token grammar, :once and continuing a cut answer', async () => {
		const response = await handleDemoRequest(new Request('http://gateway.test/'), {
			mountPath: '',
			cors: false
		});
		const index = (await response.json()) as {
			token: string;
			modifiers: Record<string, string>;
			continuation: string;
			scenarios: Record<string, string>;
		};
		expect(index.token).toBe('#scenario:<name>[:<arg>][:once|:twice]');
		expect(index.modifiers['twice']).toMatch(/first two requests/);
		expect(index.modifiers['once']).toMatch(/first request/);
		expect(index.modifiers['once']).toMatch(/15 minutes/);
		expect(index.continuation).toMatch(/\/v1\/messages/);
		expect(index.continuation).toMatch(/remainder/);
		expect(Object.keys(index.scenarios)).toEqual([
			...Object.keys(ERROR_SCENARIOS),
			...Object.keys(STREAM_SCENARIOS)
		]);
	});
});

describe('demo gateway: documentation', () => {
	const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
	it.each([...Object.keys(ERROR_SCENARIOS), ...Object.keys(STREAM_SCENARIOS)])(
		'the README documents #scenario:%s',
		(name) => {
			expect(readme).toContain(`\`#scenario:${name}\``);
		}
	);
});
