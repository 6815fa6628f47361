/**
 * End to end without a network: requests built by `buildTurnRequest`, answered by the demo gateway
 * (src/lib/server/demo-gateway, the scenarios the app shows), read back by `collectTurn`. The
 * gateway's pacing runs on a fake clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gatewayHeaders } from '../../../src/lib/gateway/gateway-headers.ts';
import { handleDemoRequest } from '../../../src/lib/server/demo-gateway/index.ts';
import {
	buildTurnRequest,
	collectTurn,
	parseTurnJson,
	type RouteKind,
	type Turn,
	type TurnRequestInput
} from '../../../src/lib/wire/index.ts';

const BASE = 'http://gateway.test/demo';

function input(route: RouteKind, prompt: string, stream: boolean): TurnRequestInput {
	const common = {
		baseUrl: BASE,
		model: 'demo',
		capabilities: { thinking: 'enabled', encryptedReasoning: false } as const,
		conversation: { instructions: 'Be brief.', turns: [{ role: 'user' as const, text: prompt }] },
		stream
	};
	switch (route) {
		case 'responses':
			return { route, ...common, imageGeneration: { outputFormat: 'png' } };
		case 'backend':
			return {
				route,
				...common,
				area: 'codex'
			};
		case 'messages':
			return { route, ...common };
	}
}

async function ask(route: RouteKind, prompt: string, stream = true): Promise<Response> {
	const request = buildTurnRequest(input(route, prompt, stream));
	// What the gateway client adds at send (src/lib/gateway/gateway-headers.ts).
	const credentials = {
		credential: { kind: 'api_key', key: 'key' },
		account: { header: 'service-account-id', id: 'acct' }
	} as const;
	const headers = {
		...request.headers,
		...gatewayHeaders({ route, credentials, sessionId: 'session' })
	};
	return handleDemoRequest(
		new Request(request.url, { method: 'POST', headers, body: request.body }),
		{ mountPath: '/demo', cors: false }
	);
}

async function streamed(route: RouteKind, prompt: string, idleTimeoutMs = 10_000): Promise<Turn> {
	const response = await ask(route, prompt);
	expect(response.status).toBe(200);
	// A 200 without a body (`empty-200`) reaches the reader as an empty stream.
	const body = response.body ?? new Response('').body;
	if (body === null) throw new Error('unreachable');
	const pending = collectTurn(route, body, { idleTimeoutMs });
	await vi.advanceTimersByTimeAsync(120_000);
	return pending;
}

beforeEach(() => {
	vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
});
afterEach(() => {
	vi.useRealTimers();
});

describe.each(['responses', 'backend', 'messages'] as const)('%s route', (route) => {
	it('streams the same turn the non-streaming answer gives', async () => {
		const turn = await streamed(route, 'Tell me about Lisbon.');
		expect(turn.status).toBe('completed');
		expect(turn.text.length).toBeGreaterThan(20);
		const json = await (await ask(route, 'Tell me about Lisbon.', false)).text();
		expect(parseTurnJson(route, json)).toEqual(turn);
	});

	it.each([
		['#scenario:reasoning', 'completed', undefined],
		['#scenario:multibyte', 'completed', undefined],
		['#scenario:incomplete', 'incomplete', undefined],
		['#scenario:refusal', route === 'messages' ? 'incomplete' : 'completed', undefined],
		['#scenario:ping', 'completed', undefined],
		['#scenario:cut', 'interrupted', 'stream_interrupted'],
		['#scenario:failed-mid-stream', 'failed', 'upstream_failed'],
		[
			'#scenario:error-mid-stream',
			'failed',
			route === 'messages' ? 'overloaded' : 'insufficient_balance'
		],
		['#scenario:html-200', 'failed', 'malformed_response'],
		['#scenario:empty-200', 'interrupted', 'stream_interrupted']
	] as const)('%s ends %s', async (prompt, status, failure) => {
		const turn = await streamed(route, `Hello ${prompt}`);
		expect(turn.status).toBe(status);
		expect(turn.failure?.kind).toBe(failure);
	});

	it('keeps the partial answer of a stalled stream', async () => {
		const turn = await streamed(route, 'Hello #scenario:stall', 5_000);
		expect(turn.status).toBe('interrupted');
		expect(turn.failure?.kind).toBe('stream_stalled');
		expect(turn.text.length).toBeGreaterThan(0);
	});

	it('carries reasoning and multibyte text through', async () => {
		expect((await streamed(route, 'Hi #scenario:reasoning')).reasoning.length).toBeGreaterThan(0);
		expect((await streamed(route, 'Hi #scenario:multibyte')).text).toMatch(
			/\p{Extended_Pictographic}/u
		);
	});
});

describe.each(['responses', 'backend'] as const)('%s route images', (route) => {
	it('gives the generated PNG', async () => {
		const turn = await streamed(route, 'Draw a lighthouse #scenario:image');
		expect(turn.images).toHaveLength(1);
		expect(turn.images[0]?.mimeType).toBe('image/png');
	});
});

describe.each(['responses', 'backend', 'messages'] as const)('%s route tool activity', (route) => {
	const messages = route === 'messages';

	it.each([
		[
			'#scenario:function-call',
			messages ? [['tool_use', 'get_weather']] : [['function_call', 'get_weather']]
		],
		[
			'#scenario:web-search',
			messages
				? [
						['server_tool_use', 'web_search'],
						['web_search_tool_result', 'web_search']
					]
				: [['web_search_call', 'web_search']]
		],
		[
			'#scenario:code',
			messages
				? [
						['server_tool_use', 'code_execution'],
						['code_execution_tool_result', 'code_execution']
					]
				: [['code_interpreter_call', 'code_interpreter']]
		]
	] as const)('%s shows its tool items, streamed or not', async (prompt, tools) => {
		const turn = await streamed(route, `Hello ${prompt}`);
		expect(turn.tools.map((tool) => [tool.itemType, tool.name])).toEqual(tools);
		expect(turn.tools.every((tool) => tool.status === 'completed')).toBe(true);
		const json = await (await ask(route, `Hello ${prompt}`, false)).text();
		// Call ids are random per answer; everything else is the same.
		const withoutIds = (all: Turn['tools']) => all.map(({ callId, ...tool }) => tool);
		expect(withoutIds(parseTurnJson(route, json).tools)).toEqual(withoutIds(turn.tools));
	});

	it('shows what the code ran and printed, and the sources a web search cited', async () => {
		const code = await streamed(route, 'Hello #scenario:code');
		expect(code.tools.map((tool) => tool.output ?? '').join('')).toContain('7.25');
		const search = await streamed(route, 'Lisbon trams #scenario:web-search');
		expect(search.citations.map((citation) => citation.url)).toEqual([
			'https://example.com/switchboard/demo-gateway',
			'https://example.org/reference/citations'
		]);
		expect(search.tools[0]?.input).toContain('Lisbon trams');
	});
});
