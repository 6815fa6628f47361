/**
 * Shared inputs of the request builder tests: one conversation with images, reasoning items and
 * thinking blocks (valid and invalid ones), and a complete input per route.
 */
import type {
	BackendRequestInput,
	Conversation,
	MessagesRequestInput,
	ModelCapabilities,
	ResponsesRequestInput
} from '../../../src/lib/wire/index.ts';

const SUMMARY = {
	type: 'summary',
	summary: ['Plan the answer.'],
	encryptedContent: 'gAAAAABencrypted=='
} as const;

export const conversation: Conversation = {
	instructions: 'You are a helpful assistant.',
	turns: [
		{
			role: 'user',
			text: 'hello',
			attachments: [{ kind: 'image', mimeType: 'image/png', name: 'dot.png', base64: 'iVBORw0K' }]
		},
		{
			role: 'assistant',
			text: 'Hi! How can I help?',
			reasoning: [
				SUMMARY,
				{ type: 'thinking', thinking: 'Greet back.', signature: 'sig-1' },
				{ type: 'thinking', thinking: '', signature: 'sig-empty-thinking' },
				{ type: 'thinking', thinking: 'No signature.', signature: '' },
				{ type: 'redacted_thinking', data: 'EmwKAhgB' },
				{ type: 'redacted_thinking', data: '' }
			]
		},
		{ role: 'assistant', text: '' },
		{ role: 'user', text: 'draw a cat' }
	]
};

export const REASONING_MODEL: ModelCapabilities = { thinking: 'enabled', encryptedReasoning: true };
export const PLAIN_MODEL: ModelCapabilities = { thinking: 'off', encryptedReasoning: false };

export function responsesInput(
	overrides: Partial<ResponsesRequestInput> = {}
): ResponsesRequestInput {
	return {
		baseUrl: 'https://gw.example.com',
		model: 'gpt-5.1-codex',
		capabilities: REASONING_MODEL,
		conversation,
		stream: true,
		reasoning: { effort: 'medium', summary: 'auto' },
		imageGeneration: { outputFormat: 'png' },
		promptCacheKey: 'conv-123',
		...overrides
	};
}

export function backendInput(overrides: Partial<BackendRequestInput> = {}): BackendRequestInput {
	return {
		baseUrl: 'https://chat.example.com',
		area: 'codex',
		model: 'gpt-5.1-codex',
		capabilities: REASONING_MODEL,
		conversation,
		stream: true,
		...overrides
	};
}

export function messagesInput(overrides: Partial<MessagesRequestInput> = {}): MessagesRequestInput {
	return {
		baseUrl: 'https://gw.example.com',
		model: 'claude-sonnet-4-5',
		capabilities: { thinking: 'enabled', budgetTokens: 2048, encryptedReasoning: false },
		conversation,
		stream: true,
		maxTokens: 8192,
		reasoning: {},
		...overrides
	};
}

export const body = (request: { body: string }): Record<string, unknown> =>
	JSON.parse(request.body) as Record<string, unknown>;

/** Every key anywhere in a JSON value. */
export function keysOf(value: unknown, keys = new Set<string>()): Set<string> {
	if (Array.isArray(value)) for (const entry of value) keysOf(entry, keys);
	else if (typeof value === 'object' && value !== null) {
		for (const [key, entry] of Object.entries(value)) {
			keys.add(key);
			keysOf(entry, keys);
		}
	}
	return keys;
}
