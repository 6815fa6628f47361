import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	buildTurnRequest,
	RequestBuildError,
	TOOL_NOT_RUN,
	validateHistory,
	type ConversationTurn,
	type RouteKind,
	type ToolActivity,
	type TurnRequestInput
} from '../../../src/lib/wire/index.ts';
import { REASONING_MODEL } from './request-inputs.ts';

/**
 * A valid history, always (issue 15): whatever the conversation holds — answers made only of tool
 * calls or reasoning, failed prompts next to each other, a history that starts with an answer —
 * every route's builder sends a history the route accepts, checked by `validateHistory`, which
 * also refuses the bodies the services refuse.
 */

const ROUTES: readonly RouteKind[] = ['responses', 'backend', 'messages'];

function build(route: RouteKind, turns: readonly ConversationTurn[]): Record<string, unknown> {
	const common = {
		baseUrl: 'https://gw.example.com',
		model: 'm',
		capabilities: REASONING_MODEL,
		conversation: { instructions: 'Be brief.', turns },
		stream: true
	};
	const input: TurnRequestInput =
		route === 'backend' ? { route, ...common, area: 'codex' } : { route, ...common };
	return JSON.parse(buildTurnRequest(input).body) as Record<string, unknown>;
}

function tool(itemType: string, callId: string, server: boolean): ToolActivity {
	return {
		key: 0,
		itemType,
		callId,
		name: 'get_weather',
		input: '{"city":"Lyon"}',
		status: 'completed',
		server,
		textOffset: 0
	};
}

const refused = (route: RouteKind, body: unknown): string => {
	try {
		validateHistory(route, body);
		return '';
	} catch (error) {
		expect(error).toBeInstanceOf(RequestBuildError);
		return (error as RequestBuildError).code;
	}
};

describe('validateHistory refuses what the routes refuse', () => {
	const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] });
	it('Messages: roles out of turn, a first answer, empty text, a tool_use without its result', () => {
		expect(refused('messages', { messages: [user('a'), user('b')] })).toBe('invalid_history');
		expect(
			refused('messages', {
				messages: [{ role: 'assistant', content: [{ type: 'text', text: 'x' }] }]
			})
		).toBe('invalid_history');
		expect(refused('messages', { messages: [user(' ')] })).toBe('invalid_history');
		const call = {
			role: 'assistant',
			content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }]
		};
		expect(refused('messages', { messages: [user('a'), call, user('b')] })).toBe('invalid_history');
		const answered = {
			role: 'user',
			content: [
				{ type: 'tool_result', tool_use_id: 't1', content: TOOL_NOT_RUN, is_error: true },
				{ type: 'text', text: 'b' }
			]
		};
		expect(refused('messages', { messages: [user('a'), call, answered] })).toBe('');
		// A prefill (the app's Continue) may end with the answer, unless it ends in whitespace.
		const partial = (text: string) => ({ role: 'assistant', content: [{ type: 'text', text }] });
		expect(refused('messages', { messages: [user('a'), partial('So')] })).toBe('');
		expect(refused('messages', { messages: [user('a'), partial('So ')] })).toBe('invalid_history');
	});

	it('Responses: two prompts in a row, a call without its output, lone reasoning, server ids', () => {
		const prompt = { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'a' }] };
		expect(refused('responses', { input: [prompt, prompt] })).toBe('invalid_history');
		const call = { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' };
		expect(refused('responses', { input: [prompt, call, prompt] })).toBe('invalid_history');
		const output = { type: 'function_call_output', call_id: 'c1', output: TOOL_NOT_RUN };
		expect(refused('responses', { input: [prompt, call, output, prompt] })).toBe('');
		const reasoning = { type: 'reasoning', summary: [], encrypted_content: 'x' };
		expect(refused('responses', { input: [prompt, reasoning, prompt] })).toBe('invalid_history');
		expect(refused('responses', { input: [{ ...prompt, id: 'msg_1' }] })).toBe('invalid_history');
	});
});

describe('an answer made only of a tool call goes back answered', () => {
	const turns: ConversationTurn[] = [
		{ role: 'user', text: 'Weather in Lyon?' },
		{ role: 'assistant', text: '', tools: [tool('function_call', 'call_1', false)] },
		{ role: 'user', text: 'And tomorrow?' }
	];

	it('Responses: the call and an output saying it was not run, between the prompts', () => {
		const input = build('responses', turns)['input'] as Record<string, unknown>[];
		expect(input.map((item) => item['type'])).toEqual([
			'message',
			'function_call',
			'function_call_output',
			'message'
		]);
		expect(input[2]).toEqual({
			type: 'function_call_output',
			call_id: 'call_1',
			output: TOOL_NOT_RUN
		});
	});

	it('Messages: tool_use, then its tool_result first in the next prompt', () => {
		const messagesTurns: ConversationTurn[] = turns.map((turn) =>
			turn.role === 'assistant' ? { ...turn, tools: [tool('tool_use', 'toolu_1', false)] } : turn
		);
		const messages = build('messages', messagesTurns)['messages'] as {
			role: string;
			content: { type: string }[];
		}[];
		expect(messages.map((m) => `${m.role}:${m.content.map((b) => b.type).join('+')}`)).toEqual([
			'user:text',
			'assistant:tool_use',
			'user:tool_result+text'
		]);
	});
});

/** Any conversation a person can end up with, including ones no route would take as they are. */
const turnArbitrary: fc.Arbitrary<ConversationTurn> = fc.oneof(
	fc.record({
		role: fc.constant('user' as const),
		text: fc.oneof(fc.constant(''), fc.constant(' '), fc.string({ minLength: 1, maxLength: 8 })),
		attachments: fc.array(
			fc.record({
				kind: fc.constant('image' as const),
				mimeType: fc.constant('image/png'),
				name: fc.constant('a.png'),
				base64: fc.stringMatching(/^[A-Za-z0-9]{4,8}$/)
			}),
			{ maxLength: 2 }
		)
	}),
	fc.record({
		role: fc.constant('assistant' as const),
		text: fc.oneof(fc.constant(''), fc.string({ minLength: 1, maxLength: 8 })),
		reasoning: fc.array(
			fc.oneof(
				fc.constant({ type: 'summary' as const, summary: ['s'], encryptedContent: 'enc' }),
				fc.constant({ type: 'thinking' as const, thinking: 't', signature: 'sig' })
			),
			{ maxLength: 2 }
		),
		tools: fc.array(
			fc.oneof(
				fc.uuid().map((id) => tool('function_call', id, false)),
				fc.uuid().map((id) => tool('tool_use', id, false)),
				fc.uuid().map((id) => tool('custom_tool_call', id, false)),
				fc.constant(tool('web_search_call', '', true)),
				fc.uuid().map((id) => tool('server_tool_use', id, true))
			),
			{ maxLength: 3 }
		)
	})
);

describe('every conversation builds into a history its route accepts', () => {
	it.each(ROUTES)('%s', (route) => {
		fc.assert(
			fc.property(fc.array(turnArbitrary, { maxLength: 8 }), (turns) => {
				const withPrompt: ConversationTurn[] = [...turns, { role: 'user', text: 'now' }];
				const body = build(route, withPrompt);
				expect(refused(route, body)).toBe('');
				const sent = JSON.stringify(body);
				for (const turn of withPrompt) {
					if (turn.role !== 'user') continue;
					if (turn.text.trim() !== '')
						expect(sent).toContain(JSON.stringify(turn.text).slice(1, -1));
					for (const file of turn.attachments ?? []) expect(sent).toContain(file.base64);
				}
			}),
			{ numRuns: 300 }
		);
	});
});
