/** Expected turns of the Messages fixtures (tests/fixtures/wire/messages). */
import { expect } from 'vitest';
import { ANSWER, MULTIBYTE, PARTIAL, type Expected, type FixtureCase } from './fixture-types.ts';
import { eventsOfType } from './harness.ts';

const m = (fixture: string, expected: Expected, extra: Partial<FixtureCase> = {}): FixtureCase => ({
	route: 'messages',
	fixture: `messages/${fixture}.sse`,
	expected,
	...extra
});

export const MESSAGES_CASES: FixtureCase[] = [
	m('text', { status: 'completed', text: ANSWER, usage: { inputTokens: 25, outputTokens: 42 } }),
	m('thinking', {
		status: 'completed',
		text: ANSWER,
		reasoning: 'The user asks about Portugal. Lisbon is the capital; mention the river.',
		usage: { inputTokens: 25, outputTokens: 120 },
		check: ({ events }) =>
			expect(eventsOfType(events, 'reasoning_part').map((event) => event.part)).toEqual([
				{
					type: 'thinking',
					thinking: 'The user asks about Portugal. Lisbon is the capital; mention the river.',
					signature:
						'EqQBCkYIBxgCKkDsignatureForTestsOnly0123456789abcdefghijklmnopqrstuvwxyzABCDEF=='
				}
			])
	}),
	m('thinking-redacted', {
		status: 'completed',
		text: ANSWER,
		reasoning: '考えています 🤔\n\nSecond thought.',
		check: ({ events }) =>
			expect(eventsOfType(events, 'reasoning_part').map((event) => event.part.type)).toEqual([
				'thinking',
				'redacted_thinking',
				'thinking'
			])
	}),
	m('multibyte', { status: 'completed', text: MULTIBYTE }),
	m('tool-use', {
		status: 'completed',
		text: "I'll look up the weather.",
		check: ({ turn }) =>
			expect(turn.tools).toEqual([
				{
					key: 1,
					itemType: 'tool_use',
					callId: 'toolu_01A2b3C4d5E6f7G8h9J0k1L2',
					name: 'get_weather',
					input: '{"city": "Lisbon", "unit": "c"}',
					status: 'completed',
					server: false,
					textOffset: 25
				},
				{
					key: 2,
					itemType: 'tool_use',
					callId: 'toolu_01NoArgsNoArgsNoArgs00001',
					name: 'list_issues',
					input: '{}',
					status: 'completed',
					server: false,
					textOffset: 25
				}
			])
	}),
	m('citations', {
		status: 'completed',
		text: 'According to the forecast, Lisbon will be sunny and 24 °C tomorrow.',
		check: ({ turn, events }) => {
			expect(turn.tools).toEqual([
				{
					key: 0,
					itemType: 'server_tool_use',
					callId: 'srvtoolu_01WebSearchWebSearch01',
					name: 'web_search',
					input: '{"query": "Lisbon weather"}',
					status: 'completed',
					server: true,
					textOffset: 0
				},
				{
					key: 1,
					itemType: 'web_search_tool_result',
					callId: 'srvtoolu_01WebSearchWebSearch01',
					name: 'web_search',
					input: '',
					status: 'completed',
					output: 'Lisbon weather — https://weather.example/lisbon',
					server: true,
					textOffset: 0
				}
			]);
			expect(turn.citations).toEqual([
				{
					url: 'https://weather.example/lisbon',
					title: 'Lisbon weather',
					citedText: 'Sunny, 24 °C'
				}
			]);
			expect(eventsOfType(events, 'tool').map(({ tool }) => [tool.key, tool.status])).toEqual([
				[0, 'in_progress'],
				[0, 'completed'],
				[1, 'completed']
			]);
		}
	}),
	m('tool-between-text', { status: 'completed', text: 'Let me check that.\n\nThe answer is 42.' }),
	m('max-tokens', {
		status: 'incomplete',
		reason: 'max_tokens',
		text: 'Lisbon is the capital of Portugal. It sits '
	}),
	m('refusal', { status: 'incomplete', reason: 'refusal' }),
	m('pause-turn', { status: 'incomplete', reason: 'pause_turn', text: ANSWER }),
	m('context-window-exceeded', {
		status: 'failed',
		failure: 'context_too_large',
		text: 'Lisbon is the capital of '
	}),
	m('error-mid-stream', {
		status: 'failed',
		failure: 'overloaded',
		text: PARTIAL,
		check: ({ turn }) => expect(turn.failure?.requestId).toBe('req_011CVtestRequestId0001')
	}),
	m('error-string', { status: 'failed', failure: 'upstream_failed', text: PARTIAL }),
	m('error-plain-text', { status: 'failed', failure: 'server_error', text: PARTIAL }),
	m('ping', { status: 'completed', text: ANSWER }),
	// message_start's output_tokens (1) is a placeholder: a cut answer has no output count.
	m('cut', {
		status: 'interrupted',
		failure: 'stream_interrupted',
		text: PARTIAL,
		usage: { inputTokens: 25 }
	}),
	m('duplicate-start', {
		status: 'completed',
		text: 'Hello, World!',
		usage: { inputTokens: 25, outputTokens: 227 }
	}),
	m('spliced-start', {
		status: 'failed',
		failure: 'malformed_response',
		reasoning: 'I will call the tool.',
		check: ({ turn }) =>
			// The first message's tool call started and never finished; the second is not read.
			expect(turn.tools.map((tool) => [tool.callId, tool.status, tool.input])).toEqual([
				['toolu_01First', 'in_progress', '']
			])
	}),
	m('bad-tool-json', {
		status: 'completed',
		check: ({ turn }) =>
			expect(turn.tools.map((tool) => [tool.name, tool.input, tool.status])).toEqual([
				['get_weather', '{"city": "Lis', 'completed']
			])
	}),
	m('malformed-json', { status: 'failed', failure: 'malformed_response', text: 'Lisbon is ' }),
	m('usage-in-delta', {
		status: 'completed',
		text: 'pong',
		usage: { inputTokens: 61, outputTokens: 2 }
	})
];
