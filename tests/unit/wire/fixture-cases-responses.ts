/** Expected turns of the Responses fixtures (tests/fixtures/wire/responses). */
import { expect } from 'vitest';
import { ANSWER, MULTIBYTE, PARTIAL, type Expected, type FixtureCase } from './fixture-types.ts';
import { eventsOfType } from './harness.ts';

const PNG =
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG_START = '/9j/4AAQSkZJRgABAQAAAQABAAD/';

const r = (fixture: string, expected: Expected, extra: Partial<FixtureCase> = {}): FixtureCase => ({
	route: 'responses',
	fixture: `responses/${fixture}.sse`,
	expected,
	...extra
});
export const RESPONSES_CASES: FixtureCase[] = [
	r('text', { status: 'completed', text: ANSWER, usage: { inputTokens: 120, outputTokens: 48 } }),
	r('text', { status: 'completed', text: ANSWER }, { route: 'backend', label: 'backend route' }),
	r('reasoning', {
		status: 'completed',
		text: ANSWER,
		reasoning:
			'**Finding the capital**\n\nThe user asks about Portugal.\n\n**Checking a detail**\n\nThe river is the Tagus.',
		usage: { inputTokens: 130, outputTokens: 210 },
		check: ({ events }) =>
			expect(eventsOfType(events, 'reasoning_part')).toEqual([
				{
					type: 'reasoning_part',
					part: {
						type: 'summary',
						summary: [
							'**Finding the capital**\n\nThe user asks about Portugal.',
							'**Checking a detail**\n\nThe river is the Tagus.'
						],
						encryptedContent: 'gAAAAABo8MEaEncryptedReasoningBlobForTests0123456789abcdefABCDEF=='
					}
				}
			])
	}),
	r('multibyte', { status: 'completed', text: MULTIBYTE, reasoning: '思考中… 🤔 検討します。' }),
	r('image', {
		status: 'completed',
		text: 'Here is a small square.',
		images: [{ mimeType: 'image/png', base64: PNG }],
		usage: { inputTokens: 2941, outputTokens: 1249 },
		check: ({ events }) => {
			const partials = eventsOfType(events, 'image_partial');
			expect(partials.map((event) => [event.index, event.image.mimeType])).toEqual([
				[0, 'image/png'],
				[1, 'image/png']
			]);
		}
	}),
	r('refusal', {
		status: 'completed',
		text: "I'm sorry, but I can't help with that request.",
		check: ({ events }) => {
			expect(eventsOfType(events, 'refusal').length).toBeGreaterThan(0);
			expect(eventsOfType(events, 'text')).toEqual([]);
		}
	}),
	r('incomplete', {
		status: 'incomplete',
		reason: 'max_output_tokens',
		text: 'Lisbon is the capital of Portugal. It sits '
	}),
	r('failed-mid-stream', { status: 'failed', failure: 'upstream_failed', text: PARTIAL }),
	r('error-mid-stream', { status: 'failed', failure: 'insufficient_balance', text: PARTIAL }),
	r('error-flat', {
		status: 'failed',
		failure: 'rate_limited',
		text: PARTIAL,
		check: ({ turn }) => expect(turn.failure?.retryAfterMs).toBe(1500)
	}),
	r('error-string', { status: 'failed', failure: 'overloaded' }),
	r('error-frame', {
		status: 'failed',
		failure: 'model_unavailable',
		text: PARTIAL,
		check: ({ turn }) => expect(turn.failure?.requestId).toBe('2026050112345')
	}),
	r('data-only-done', { status: 'completed', text: ANSWER }),
	r('cut', { status: 'interrupted', failure: 'stream_interrupted', text: PARTIAL }),
	r('cut-mid-event', { status: 'interrupted', failure: 'stream_interrupted', text: PARTIAL }),
	r('no-final-blank-line', { status: 'completed', text: ANSWER }),
	r('ping-and-unknown', { status: 'completed', text: ANSWER }),
	r('done-only', {
		status: 'completed',
		text: 'A relay that forwards only the final texts.',
		reasoning: '**Done events only**\n\nNo deltas here.'
	}),
	r('missed-deltas', { status: 'completed', text: ANSWER }),
	r('done-disagrees', { status: 'completed', text: 'What streamed first.' }),
	r('completed-only', {
		status: 'completed',
		text: 'Only the completed event carried this.',
		reasoning: 'Thinking, summarised.',
		usage: { inputTokens: 10, outputTokens: 20 },
		check: ({ turn }) => {
			expect(turn.images.map((image) => image.mimeType)).toEqual(['image/jpeg']);
			expect(turn.images[0]?.base64.startsWith(JPEG_START)).toBe(true);
		}
	}),
	r('two-messages', { status: 'completed', text: `Checking the news sources now.\n\n${ANSWER}` }),
	r('output-index-gap', {
		status: 'completed',
		text: `Checking the news sources now.\n\n${ANSWER}`
	}),
	r('tool-calls', {
		status: 'completed',
		check: ({ turn, events }) => {
			expect(turn.tools).toEqual([
				{
					key: 0,
					itemType: 'function_call',
					callId: 'call_Hn3kQx9V2mWc7Lr1',
					name: 'get_weather',
					input: '{"city":"Lisbon","unit":"c"}',
					status: 'completed',
					server: false,
					textOffset: 0
				},
				{
					key: 1,
					itemType: 'custom_tool_call',
					callId: 'call_Cu7tOmT00l5x9zQa',
					name: 'apply_patch',
					input: '*** Begin Patch\n*** End Patch',
					status: 'completed',
					server: false,
					textOffset: 0
				}
			]);
			// Started, input complete, done: never one report per argument delta.
			expect(
				eventsOfType(events, 'tool').map(({ tool }) => [tool.key, tool.status, tool.input])
			).toEqual([
				[0, 'in_progress', ''],
				[0, 'in_progress', '{"city":"Lisbon","unit":"c"}'],
				[0, 'completed', '{"city":"Lisbon","unit":"c"}'],
				[1, 'in_progress', ''],
				[1, 'in_progress', '*** Begin Patch\n*** End Patch'],
				[1, 'completed', '*** Begin Patch\n*** End Patch']
			]);
		}
	}),
	r('bad-tool-arguments', {
		status: 'completed',
		usage: { inputTokens: 120, outputTokens: 48 },
		check: ({ turn }) =>
			expect(turn.tools.map((tool) => [tool.name, tool.input, tool.status])).toEqual([
				['get_weather', '{"city":"Lisbon"', 'completed']
			])
	}),
	r('malformed-json', { status: 'failed', failure: 'malformed_response', text: PARTIAL }),
	r('wrong-shape', { status: 'failed', failure: 'malformed_response', text: PARTIAL }),
	r('huge-event', { status: 'completed', text: `Before the big one. ${'x'.repeat(20000)}` }),
	r(
		'huge-event',
		{ status: 'failed', failure: 'response_too_large', text: 'Before the big one. ' },
		{ options: { limits: { maxEventChars: 16384 } }, label: 'event over the cap' }
	),
	r('huge-answer', { status: 'completed', text: ANSWER.repeat(40) }),
	r(
		'huge-answer',
		{
			status: 'failed',
			failure: 'response_too_large',
			text: null,
			check: ({ turn }) => {
				expect(turn.text.length).toBeGreaterThan(100);
				expect(ANSWER.repeat(40).startsWith(turn.text)).toBe(true);
			}
		},
		{
			options: { limits: { maxResponseBytes: 50_000 } },
			variation: 'exact',
			label: 'body over the cap'
		}
	)
];
