/**
 * Whatever a gateway sends, the pipeline answers a Turn: it never throws, emits exactly one `end`
 * event, and never reads inherited properties as wire data.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAILURE_KINDS, type FailureKind } from '../../../src/lib/failure/index.ts';
import { parseTurnJson, type RouteKind, type TurnEvent } from '../../../src/lib/wire/index.ts';
import { run, runText } from './harness.ts';

const ROUTES: RouteKind[] = ['responses', 'backend', 'messages'];
const EVENT_TYPES = [
	'response.output_text.delta',
	'response.output_text.done',
	'response.output_item.added',
	'response.output_item.done',
	'response.output_text.annotation.added',
	'response.content_part.done',
	'response.function_call_arguments.done',
	'response.code_interpreter_call_code.done',
	'response.web_search_call.searching',
	'response.mcp_call.failed',
	'response.completed',
	'response.incomplete',
	'response.failed',
	'response.image_generation_call.partial_image',
	'error',
	'message_start',
	'content_block_start',
	'content_block_delta',
	'content_block_stop',
	'message_delta',
	'message_stop',
	'constructor',
	'__proto__'
];

/** Item and block types the reducers read as tools, and a few they do not. */
const TOOL_TYPES = [
	'function_call',
	'custom_tool_call',
	'web_search_call',
	'file_search_call',
	'code_interpreter_call',
	'image_generation_call',
	'mcp_call',
	'mcp_list_tools',
	'mcp_approval_request',
	'local_shell_call',
	'shell_call',
	'shell_call_output',
	'apply_patch_call',
	'tool_search_call',
	'tool_search_output',
	'program_output',
	'computer_call',
	'tool_use',
	'server_tool_use',
	'mcp_tool_use',
	'web_search_tool_result',
	'web_fetch_tool_result',
	'code_execution_tool_result',
	'text_editor_code_execution_tool_result',
	'mcp_tool_result',
	'tool_search_tool_result',
	'advisor_tool_result',
	'text',
	'message',
	'toString'
];

function endsOnce(events: readonly TurnEvent[]): void {
	expect(events.filter((event) => event.type === 'end')).toHaveLength(1);
	expect(events.at(-1)?.type).toBe('end');
}

function knownKind(kind: FailureKind | undefined): void {
	if (kind !== undefined) expect(FAILURE_KINDS).toContain(kind);
}

describe('hostile input', () => {
	it('turns arbitrary JSON in known event types into a turn, never an exception', async () => {
		const frame = fc.record({
			type: fc.constantFrom(...EVENT_TYPES),
			data: fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue()))
		});
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...ROUTES),
				fc.array(frame, { maxLength: 12 }),
				async (route, frames) => {
					const body = frames
						.map(({ type, data }) => {
							const payload =
								typeof data === 'object' && data !== null && !Array.isArray(data)
									? { type, ...data }
									: data;
							return `event: ${type}\ndata: ${JSON.stringify(payload)}\n\n`;
						})
						.join('');
					const { turn, events } = await runText(route, body);
					endsOnce(events);
					knownKind(turn.failure?.kind);
				}
			),
			{ numRuns: 300 }
		);
	});

	it('turns tool items and blocks of any shape into a turn, never an exception', async () => {
		const field = fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue()));
		const item = fc.record({
			type: fc.constantFrom(...TOOL_TYPES),
			status: field,
			arguments: field,
			action: field,
			outputs: field,
			output: field,
			error: field,
			content: field,
			citations: field,
			input: field
		});
		await fc.assert(
			fc.asyncProperty(fc.array(item, { maxLength: 6 }), async (items) => {
				const responses = items
					.map((entry, index) =>
						['added', 'done']
							.map((moment) => {
								const type = `response.output_item.${moment}`;
								const payload = { type, output_index: index, item: entry };
								return `event: ${type}\ndata: ${JSON.stringify(payload)}\n\n`;
							})
							.join('')
					)
					.join('');
				const end = {
					type: 'response.completed',
					response: { status: 'completed', output: items }
				};
				const a = await runText(
					'responses',
					`${responses}event: response.completed\ndata: ${JSON.stringify(end)}\n\n`
				);
				endsOnce(a.events);
				const blocks = items
					.map((entry, index) =>
						[
							{ type: 'content_block_start', index, content_block: entry },
							{
								type: 'content_block_delta',
								index,
								delta: { type: 'citations_delta', citation: entry.citations }
							},
							{ type: 'content_block_stop', index }
						]
							.map((payload) => `event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`)
							.join('')
					)
					.join('');
				const m = await runText(
					'messages',
					`${blocks}event: message_stop\ndata: {"type":"message_stop"}\n\n`
				);
				endsOnce(m.events);
				expect(m.turn.status).toBe('completed');
			}),
			{ numRuns: 200 }
		);
	});

	it('turns arbitrary bytes into a turn, never an exception', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...ROUTES),
				fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 8 }),
				async (route, chunks) => {
					const { turn, events } = await run(route, chunks);
					endsOnce(events);
					knownKind(turn.failure?.kind);
				}
			),
			{ numRuns: 300 }
		);
	});

	it('never reads inherited properties as wire data', () => {
		const response = {
			object: 'response',
			status: 'constructor',
			output: [
				{ id: 'ig_1', type: 'image_generation_call', output_format: 'constructor', result: 'AAAA' }
			]
		};
		const turn = parseTurnJson('responses', JSON.stringify(response));
		expect(turn.status).toBe('interrupted');
		expect(turn.images).toEqual([{ mimeType: 'image/png', base64: 'AAAA' }]);
		const message = {
			type: 'message',
			content: [{ type: 'toString', id: 'x', name: 'y', input: {} }],
			stop_reason: 'end_turn'
		};
		expect(parseTurnJson('messages', JSON.stringify(message)).status).toBe('completed');
	});
});
