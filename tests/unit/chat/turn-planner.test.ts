import { describe, expect, it } from 'vitest';
import {
	DEFAULT_MODEL_SETTINGS,
	DEFAULT_SETTINGS,
	readProfile,
	readSettings,
	type ChatSettings,
	type GatewayProfile,
	type ModelSettings
} from '../../../src/lib/chat/settings.ts';
import {
	LONG_CONTEXT_BETA,
	planTurn,
	sendsEncryptedReasoning
} from '../../../src/lib/chat/turn-planner.ts';
import type { RouteKind } from '../../../src/lib/wire/index.ts';

const profile = (route: RouteKind): GatewayProfile => ({
	id: 'p',
	name: 'Gateway',
	baseUrl: 'https://gw.example.com',
	route,
	area: 'codex',
	auth: 'api_key',
	keyHeader: 'x-api-key',
	defaultModel: 'm'
});

function plan(
	route: RouteKind,
	settings: Partial<ChatSettings> = {},
	model: Partial<ModelSettings> = {},
	summary: string | null = null
): {
	url: string;
	headers: Record<string, string>;
	body: Record<string, unknown>;
	sessionId?: string;
} {
	const { request } = planTurn({
		profile: profile(route),
		baseUrl: 'https://gw.example.com',
		settings: { ...DEFAULT_SETTINGS, ...settings },
		modelSettings: { ...DEFAULT_MODEL_SETTINGS, ...model },
		model: 'm',
		conversationId: 'conv-1',
		turns: [{ role: 'user', text: 'hello' }],
		summary
	});
	return {
		url: request.url,
		headers: request.headers,
		body: JSON.parse(request.body) as Record<string, unknown>,
		...(request.sessionId === undefined ? {} : { sessionId: request.sessionId })
	};
}

describe('planTurn: reasoning carried between turns, and web search', () => {
	const planFor = (route: RouteKind, model: string, flags: Partial<ModelSettings> = {}) =>
		JSON.parse(
			planTurn({
				profile: profile(route),
				baseUrl: 'https://gw.example.com',
				settings: DEFAULT_SETTINGS,
				modelSettings: { ...DEFAULT_MODEL_SETTINGS, ...flags },
				model,
				conversationId: 'conv-1',
				turns: [{ role: 'user', text: 'hello' }],
				webSearch: route === 'messages' || model === 'gpt-5.1'
			}).request.body
		) as Record<string, unknown>;

	it('asks for encrypted reasoning by default on the backend route and for reasoning models', () => {
		expect(planFor('backend', 'anything')['include']).toEqual(['reasoning.encrypted_content']);
		expect(planFor('responses', 'gpt-5.1')['include']).toEqual(['reasoning.encrypted_content']);
		expect(planFor('responses', 'openai/o3-mini')['include']).toEqual([
			'reasoning.encrypted_content'
		]);
		expect(planFor('responses', 'gpt-4o')['include']).toBeUndefined();
	});

	it('follows what the person set, and never for a model whose thinking is off', () => {
		expect(planFor('backend', 'gpt-5.1', { encryptedReasoning: false })['include']).toBeUndefined();
		expect(planFor('responses', 'gpt-4o', { encryptedReasoning: true })['include']).toEqual([
			'reasoning.encrypted_content'
		]);
		expect(
			sendsEncryptedReasoning('backend', 'gpt-5.1', { ...DEFAULT_MODEL_SETTINGS, thinking: 'off' })
		).toBe(false);
		expect(sendsEncryptedReasoning('messages', 'claude', DEFAULT_MODEL_SETTINGS)).toBe(false);
	});

	it('a setting saved before the default existed reads as unset, not as off', () => {
		expect(
			readSettings({ models: { m: { thinking: 'enabled' } } }).models['m']?.encryptedReasoning
		).toBeUndefined();
		expect(
			readSettings({ models: { m: { encryptedReasoning: false } } }).models['m']?.encryptedReasoning
		).toBe(false);
	});

	it("declares the route's web search tool when the conversation's switch is on", () => {
		expect(planFor('responses', 'gpt-5.1')['tools']).toEqual([{ type: 'web_search' }]);
		expect(planFor('messages', 'claude')['tools']).toEqual([
			expect.objectContaining({ type: 'web_search_20250305', name: 'web_search' })
		]);
		expect(planFor('responses', 'gpt-4o')['tools']).toBeUndefined();
	});
});

describe('planTurn: settings become wire parameters', () => {
	it('declares image_generation with the chosen format only when image generation is on', () => {
		expect(plan('responses').body['tools']).toBeUndefined();
		const on = plan('responses', { imageGeneration: { enabled: true, outputFormat: 'webp' } });
		expect(on.body['tools']).toEqual([
			expect.objectContaining({ type: 'image_generation', output_format: 'webp' })
		]);
	});

	it('sends the instructions, the effort, store:false and the conversation as prompt_cache_key', () => {
		const { url, headers, body } = plan('responses', {
			instructions: 'Be brief.',
			reasoningEffort: 'high'
		});
		expect(url).toBe('https://gw.example.com/v1/responses');
		// Credentials are added at send (tests/unit/gateway): the plan carries none.
		expect(headers['authorization']).toBeUndefined();
		expect(body).toMatchObject({
			instructions: 'Be brief.',
			store: false,
			stream: true,
			prompt_cache_key: 'conv-1'
		});
		expect(body['reasoning']).toMatchObject({ effort: 'high' });
	});

	it('sends no reasoning parameters unless asked, nor for a model whose thinking is off', () => {
		expect(plan('responses').body['reasoning']).toBeUndefined();
		expect(plan('responses', { reasoningSummary: true }).body['reasoning']).toEqual({
			summary: 'auto'
		});
		expect(
			plan('responses', { reasoningEffort: 'low' }, { thinking: 'off' }).body['reasoning']
		).toBeUndefined();
	});

	it('puts a compaction summary after the instructions', () => {
		const { body } = plan(
			'responses',
			{ instructions: 'Be brief.' },
			{},
			'We talked about bridges.'
		);
		expect(body['instructions']).toBe(
			'Be brief.\n\nSummary of the earlier conversation:\nWe talked about bridges.'
		);
	});

	it('sends a messages-route turn to /v1/messages (the version header is added at send)', () => {
		const { url, body } = plan('messages', { instructions: 'Be brief.' });
		expect(url).toBe('https://gw.example.com/v1/messages');
		expect(body).toMatchObject({
			system: 'Be brief.',
			stream: true,
			messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }]
		});
	});

	it('asks for the long-context beta on the messages route when the option is on', () => {
		expect(plan('messages').headers['anthropic-beta']).toBeUndefined();
		expect(plan('messages', {}, { longContext: true }).headers['anthropic-beta']).toContain(
			LONG_CONTEXT_BETA
		);
	});

	const thinkingOn = { messagesThinking: { enabled: true, effort: 'default' as const } };

	it('never sends disabled thinking to an adaptive-only model', () => {
		expect(plan('messages', {}, { thinking: 'adaptive-only' }).body['thinking']).toBeUndefined();
		const asked = plan('messages', thinkingOn, { thinking: 'adaptive-only' });
		expect(asked.body['thinking']).toMatchObject({ type: 'adaptive' });
	});

	it('thinks with the budget on the messages route when its thinking is on', () => {
		const { body } = plan('messages', thinkingOn, { thinking: 'enabled', budgetTokens: 2048 });
		expect(body['thinking']).toEqual({ type: 'enabled', budget_tokens: 2048 });
	});

	it('asks the messages route to think by its own setting, not the Responses effort', () => {
		const effortOnly = plan('messages', { reasoningEffort: 'high', reasoningSummary: true });
		expect(effortOnly.body['thinking']).toBeUndefined();
		const adaptive = plan(
			'messages',
			{ messagesThinking: { enabled: true, effort: 'low' } },
			{ thinking: 'adaptive-only' }
		);
		expect(adaptive.body['output_config']).toEqual({ effort: 'low' });
	});

	it('names the conversation as the session of a backend-route turn', () => {
		const { url, headers, sessionId } = plan('backend');
		expect(url).toBe('https://gw.example.com/backend-api/codex/responses');
		expect(sessionId).toBe('conv-1');
		// The account and session headers are the header table's, at send (tests/unit/gateway).
		expect(headers).toEqual({ 'content-type': 'application/json', accept: 'text/event-stream' });
	});
});

describe('settings and profiles read back from storage', () => {
	it('fall back to defaults for damaged values', () => {
		expect(readSettings('nonsense')).toEqual(DEFAULT_SETTINGS);
		expect(
			readSettings({
				reasoningEffort: 'ultra',
				imageGeneration: { enabled: 'yes', outputFormat: 'gif' }
			})
		).toMatchObject({
			reasoningEffort: 'default',
			imageGeneration: { enabled: false, outputFormat: 'png' }
		});
		expect(
			readSettings({ models: { m: { thinking: 'sometimes', budgetTokens: 10 } } }).models['m']
		).toEqual(DEFAULT_MODEL_SETTINGS);
	});

	it('accept only http(s) gateways without credentials or query', () => {
		expect(
			readProfile({ id: 'a', name: '', baseUrl: 'https://gw.example.com/', route: 'messages' })
		).toMatchObject({
			baseUrl: 'https://gw.example.com',
			name: 'gw.example.com',
			route: 'messages'
		});
		for (const baseUrl of [
			'javascript:alert(1)',
			'https://u:p@gw.example.com',
			'https://gw.example.com/?k=1',
			'gw'
		]) {
			expect(readProfile({ id: 'a', name: 'x', baseUrl })).toBeNull();
		}
		expect(readProfile({ id: 'server', name: 'x', baseUrl: 'https://gw.example.com' })).toBeNull();
	});
});
