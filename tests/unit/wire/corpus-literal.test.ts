/**
 * Literal expectations on a selection of recorded provider streams (the optional corpus of
 * corpus.ts; skipped when it is absent, with the one line corpus-oracle.test.ts prints), including
 * the edge cases: back-to-back recordings end at the first terminal event; a repeated
 * `message_start` is ignored; a spliced `message_start` fails the turn as `malformed_response`.
 */
import { describe, expect, it } from 'vitest';
import { CORPUS_PRESENT, payloads, replay } from './corpus.ts';
import { eventsOfType } from './harness.ts';

describe.skipIf(!CORPUS_PRESENT)('recorded responses, literal expectations', () => {
	it('openai-image-generation-tool.1 gives the webp image and an empty text', async () => {
		const { turn, events } = await replay(
			'responses',
			'responses',
			'openai-image-generation-tool.1.jsonl'
		);
		const done = payloads('responses', 'openai-image-generation-tool.1.jsonl').find(
			(line) =>
				line.type === 'response.output_item.done' &&
				(line['item'] as { type: string }).type === 'image_generation_call'
		);
		const result = (done?.['item'] as { result: string }).result;
		expect(turn.status).toBe('completed');
		expect(turn.text).toBe('');
		expect(turn.images).toEqual([{ mimeType: 'image/webp', base64: result }]);
		expect(eventsOfType(events, 'image_partial').map((event) => event.image.mimeType)).toEqual([
			'image/webp'
		]);
		expect(turn.usage).toEqual({ inputTokens: 2941, outputTokens: 1249 });
	});

	it('openai-error.1 fails with the quota error of its error event', async () => {
		const { turn } = await replay('responses', 'responses', 'openai-error.1.jsonl');
		expect(turn.status).toBe('failed');
		expect(turn.failure?.kind).toBe('insufficient_balance');
		expect(turn.failure?.message).toContain('You exceeded your current quota');
		expect(turn.text).toBe('');
	});

	it('github-copilot-id-rotation.1 joins deltas whose item ids rotate', async () => {
		const { turn } = await replay('responses', 'responses', 'github-copilot-id-rotation.1.jsonl');
		expect(turn.text.startsWith('There are **3** letter **“r”**s in **“strawberry.”**')).toBe(true);
		expect(turn.reasoning).toBe('**Counting character occurrences**');
		expect(turn.usage).toEqual({ inputTokens: 19, outputTokens: 105 });
	});

	it('openai-phase.1 separates its two message items by a blank line', async () => {
		const { turn } = await replay('responses', 'responses', 'openai-phase.1.jsonl');
		expect(turn.text).toMatch(
			/and then summarize the key items with links\.\n\nHere are a few \*\*AI headlines/
		);
	});

	it('openai-reasoning-encrypted-content.1 ends at its first response, with the tool call and reasoning item', async () => {
		const { turn, events } = await replay(
			'responses',
			'responses',
			'openai-reasoning-encrypted-content.1.jsonl'
		);
		expect(turn.status).toBe('completed');
		expect(turn.text).toBe('');
		expect(turn.reasoning.startsWith('**Calculating step-by-step using calculator**')).toBe(true);
		expect(turn.tools).toEqual([
			{
				key: 1,
				itemType: 'function_call',
				callId: 'call_AB6AaRZ1FYZB2RwS6A5vbdqn',
				name: 'calculator',
				input: '{"a":12,"b":7,"op":"add"}',
				status: 'completed',
				server: false,
				textOffset: 0
			}
		]);
		const [part] = eventsOfType(events, 'reasoning_part');
		expect(part?.part.type === 'summary' && part.part.encryptedContent?.startsWith('gAAAAAB')).toBe(
			true
		);
	});

	it('openai-custom-tool.1 reports the custom tool call with its text input', async () => {
		const { turn } = await replay('responses', 'responses', 'openai-custom-tool.1.jsonl');
		expect(turn.tools.map((tool) => [tool.itemType, tool.name, tool.input, tool.status])).toEqual([
			['custom_tool_call', 'write_sql', 'SELECT * FROM users WHERE age > 25', 'completed']
		]);
	});
});

describe.skipIf(!CORPUS_PRESENT)('recorded messages, literal expectations', () => {
	it('anthropic-text gives the text and usage', async () => {
		const { turn } = await replay('messages', 'messages', 'anthropic-text.jsonl');
		expect(turn).toEqual({
			status: 'completed',
			text: "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?",
			reasoning: '',
			images: [],
			tools: [],
			citations: [],
			usage: { inputTokens: 12, outputTokens: 30 }
		});
	});

	it('anthropic-refusal ends incomplete with the reason refusal', async () => {
		const { turn, events } = await replay('messages', 'messages', 'anthropic-refusal.jsonl');
		expect(turn.status).toBe('incomplete');
		expect(turn.text).toBe('');
		expect(events.at(-1)).toEqual({ type: 'end', status: 'incomplete', reason: 'refusal' });
	});

	it('duplicate-message-start ignores the repeated message_start', async () => {
		const { turn } = await replay('messages', 'messages', 'duplicate-message-start.jsonl');
		expect(turn).toEqual({
			status: 'completed',
			text: 'Hello, World!',
			reasoning: '',
			images: [],
			tools: [],
			citations: [],
			usage: { inputTokens: 17, outputTokens: 227 }
		});
	});

	it('spliced-message-start fails as malformed and keeps the first message only', async () => {
		const { turn, events } = await replay('messages', 'messages', 'spliced-message-start.jsonl');
		expect(turn.status).toBe('failed');
		expect(turn.failure?.kind).toBe('malformed_response');
		expect(turn.reasoning).toBe('I will call the tool.');
		expect(turn.text).toBe('');
		expect(turn.tools.map((tool) => [tool.callId, tool.status, tool.input])).toEqual([
			['toolu_first', 'in_progress', '']
		]);
		expect(eventsOfType(events, 'reasoning_part').map((event) => event.part)).toEqual([
			{ type: 'thinking', thinking: 'I will call the tool.', signature: 'sig-first' }
		]);
	});

	it('anthropic-tool-no-args gives the tool call with empty input', async () => {
		const { turn } = await replay('messages', 'messages', 'anthropic-tool-no-args.jsonl');
		expect(turn.tools.map((tool) => [tool.itemType, tool.input, tool.status])).toEqual([
			['tool_use', '{}', 'completed']
		]);
	});

	it('anthropic-json-tool.1 keeps the joined input_json_delta pieces as written', async () => {
		const lines = payloads('messages', 'anthropic-json-tool.1.jsonl');
		const json = lines
			.filter((line) => line.type === 'content_block_delta')
			.map((line) => (line['delta'] as { partial_json?: string }).partial_json ?? '')
			.join('');
		const { turn } = await replay('messages', 'messages', 'anthropic-json-tool.1.jsonl');
		expect(turn.tools.map((tool) => tool.input)).toEqual([json]);
		expect(JSON.parse(json)).toBeTypeOf('object');
	});

	it('anthropic-message-delta-input-tokens takes usage from message_delta', async () => {
		const { turn } = await replay(
			'messages',
			'messages',
			'anthropic-message-delta-input-tokens.jsonl'
		);
		expect(turn.text).toBe('pong');
		expect(turn.usage).toEqual({ inputTokens: 61, outputTokens: 2 });
	});

	it('anthropic-web-search-tool.1 runs its citation-split text blocks together', async () => {
		const { turn } = await replay('messages', 'messages', 'anthropic-web-search-tool.1.jsonl');
		expect(turn.text).not.toContain('\n\n\n');
		expect(turn.tools.map((tool) => [tool.itemType, tool.name, tool.server])).toEqual([
			['server_tool_use', 'web_search', true],
			['web_search_tool_result', 'web_search', true]
		]);
	});
});
