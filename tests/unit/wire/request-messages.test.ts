/**
 * The Messages request builder: exact headers and body (docs/reference/wire.md, "Messages request
 * and stream"), thinking settings that the API accepts, and history it accepts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMessagesRequest, type ModelCapabilities } from '../../../src/lib/wire/index.ts';
import { body, messagesInput, PLAIN_MODEL } from './request-inputs.ts';

describe('Messages route', () => {
	it('builds headers and body, thinking blocks first and unchanged, empty ones left out', () => {
		const request = buildMessagesRequest(
			messagesInput({ anthropicBeta: ['context-1m-2025-08-07', 'files-api'] })
		);
		expect(request.url).toBe('https://gw.example.com/v1/messages');
		// anthropic-version and the credentials are the header table's (tests/unit/gateway).
		expect(request.headers).toEqual({
			'content-type': 'application/json',
			accept: 'text/event-stream',
			'anthropic-beta': 'context-1m-2025-08-07,files-api'
		});
		expect(body(request)).toEqual({
			model: 'claude-sonnet-4-5',
			max_tokens: 8192,
			system: 'You are a helpful assistant.',
			stream: true,
			thinking: { type: 'enabled', budget_tokens: 2048 },
			messages: [
				{
					role: 'user',
					content: [
						{
							type: 'image',
							source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0K' }
						},
						{ type: 'text', text: 'hello' }
					]
				},
				{
					role: 'assistant',
					content: [
						{ type: 'thinking', thinking: 'Greet back.', signature: 'sig-1' },
						{ type: 'redacted_thinking', data: 'EmwKAhgB' },
						{ type: 'text', text: 'Hi! How can I help?' }
					]
				},
				{ role: 'user', content: [{ type: 'text', text: 'draw a cat' }] }
			]
		});
	});

	it('never sends disabled thinking to an adaptive-only model', () => {
		const adaptive: ModelCapabilities = { thinking: 'adaptive-only', encryptedReasoning: false };
		const off = body(
			buildMessagesRequest(messagesInput({ capabilities: adaptive, reasoning: { enabled: false } }))
		);
		expect(off['thinking']).toBeUndefined();
		const on = body(
			buildMessagesRequest(messagesInput({ capabilities: adaptive, reasoning: { effort: 'high' } }))
		);
		expect(on['thinking']).toEqual({ type: 'adaptive' });
		expect(on['output_config']).toEqual({ effort: 'high' });
	});

	it('clamps a manual thinking budget into 1024 ≤ budget < max_tokens', () => {
		const low = body(buildMessagesRequest(messagesInput({ reasoning: { budgetTokens: 100 } })));
		expect(low['thinking']).toEqual({ type: 'enabled', budget_tokens: 1024 });
		const high = body(
			buildMessagesRequest(messagesInput({ maxTokens: 4096, reasoning: { budgetTokens: 9000 } }))
		);
		expect(high['thinking']).toEqual({ type: 'enabled', budget_tokens: 4095 });
	});

	it('refuses manual thinking when max_tokens leaves no room for a budget', () => {
		expect(() => buildMessagesRequest(messagesInput({ maxTokens: 1024 }))).toThrow(
			expect.objectContaining({ name: 'RequestBuildError', code: 'thinking_budget_unavailable' })
		);
	});

	it('sends no thinking, and no thinking blocks, when thinking is off', () => {
		for (const input of [
			messagesInput({ reasoning: { enabled: false } }),
			messagesInput({ capabilities: PLAIN_MODEL })
		]) {
			const sent = body(buildMessagesRequest(input));
			expect(sent['thinking']).toBeUndefined();
			expect(JSON.stringify(sent['messages'])).not.toContain('thinking');
		}
	});

	it('refuses a max_tokens that is not a positive integer', () => {
		expect(() => buildMessagesRequest(messagesInput({ maxTokens: 0 }))).toThrow(
			expect.objectContaining({ code: 'invalid_max_tokens' })
		);
	});

	it('keeps every thinking request valid, whatever the settings (property)', () => {
		const capabilities = fc.record({
			thinking: fc.constantFrom('adaptive-only', 'enabled', 'off'),
			budgetTokens: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }),
			encryptedReasoning: fc.boolean()
		});
		const reasoning = fc.option(
			fc.record({
				enabled: fc.option(fc.boolean(), { nil: undefined }),
				budgetTokens: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }),
				effort: fc.option(fc.constantFrom('minimal', 'low', 'medium', 'high', 'xhigh'), {
					nil: undefined
				})
			}),
			{ nil: undefined }
		);
		fc.assert(
			fc.property(
				capabilities,
				reasoning,
				fc.integer({ min: 1025, max: 128_000 }),
				(caps, settings, maxTokens) => {
					const model: ModelCapabilities = {
						thinking: caps.thinking,
						encryptedReasoning: caps.encryptedReasoning,
						...(caps.budgetTokens === undefined ? {} : { budgetTokens: caps.budgetTokens })
					};
					const chosen =
						settings === undefined
							? undefined
							: Object.fromEntries(
									Object.entries(settings).filter(([, value]) => value !== undefined)
								);
					const sent = body(
						buildMessagesRequest(
							messagesInput({
								capabilities: model,
								maxTokens,
								...(chosen === undefined ? {} : { reasoning: chosen })
							})
						)
					);
					const thinking = sent['thinking'] as { type: string; budget_tokens?: number } | undefined;
					expect(thinking?.type).not.toBe('disabled');
					if (model.thinking !== 'enabled') expect(thinking?.type).not.toBe('enabled');
					if (model.thinking === 'off') expect(thinking).toBeUndefined();
					if (thinking?.type === 'enabled') {
						expect(thinking.budget_tokens).toBeGreaterThanOrEqual(1024);
						expect(thinking.budget_tokens).toBeLessThan(maxTokens);
					}
				}
			)
		);
	});
});
