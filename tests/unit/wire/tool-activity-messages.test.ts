/**
 * Messages tool blocks and citations → `tool` and `citation` events and Turn.tools /
 * Turn.citations (docs/tool-activity.md): tool-use blocks at start and stop, each kind of server
 * tool result as readable text, errors, and which citation locations are sources.
 */
import { describe, expect, it } from 'vitest';
import { parseTurnJson, type ToolActivity } from '../../../src/lib/wire/index.ts';
import { eventsOfType, runText, sseOf } from './harness.ts';

type Payload = { type: string } & Record<string, unknown>;

const start = (index: number, content_block: object): Payload => ({
	type: 'content_block_start',
	index,
	content_block
});
const stop = (index: number): Payload => ({ type: 'content_block_stop', index });
const json = (index: number, partial_json: string): Payload => ({
	type: 'content_block_delta',
	index,
	delta: { type: 'input_json_delta', partial_json }
});
const textBlock = (index: number, text: string): Payload[] => [
	start(index, { type: 'text', text: '' }),
	{ type: 'content_block_delta', index, delta: { type: 'text_delta', text } },
	stop(index)
];
/** A whole block, as result blocks arrive. */
const whole = (index: number, block: object): Payload[] => [start(index, block), stop(index)];
const serverUse = (index: number, id: string, name: string, input: string): Payload[] => [
	start(index, { type: 'server_tool_use', id, name, input: {} }),
	json(index, input),
	stop(index)
];

async function replay(blocks: Payload[], stopReason = 'end_turn') {
	const { turn, events } = await runText(
		'messages',
		sseOf([
			{ type: 'message_start', message: { id: 'msg_1', type: 'message', content: [] } },
			...blocks,
			{ type: 'message_delta', delta: { stop_reason: stopReason } },
			{ type: 'message_stop' }
		])
	);
	return { turn, reports: eventsOfType(events, 'tool').map((event) => event.tool), events };
}

const result = (turn: { tools: ToolActivity[] }): ToolActivity | undefined =>
	turn.tools.find((tool) => tool.itemType.endsWith('_tool_result'));

describe('Messages tool-use blocks', () => {
	it('reports a tool_use block at its start and at its stop, input as written', async () => {
		const { turn, reports } = await replay(
			[
				...textBlock(0, 'Checking.'),
				start(1, { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} }),
				json(1, '{"city": '),
				json(1, '"Lisbon"}'),
				stop(1)
			],
			'tool_use'
		);
		expect(reports.map((tool) => [tool.status, tool.input])).toEqual([
			['in_progress', ''],
			['completed', '{"city": "Lisbon"}']
		]);
		expect(turn.tools).toEqual([
			{
				key: 1,
				itemType: 'tool_use',
				callId: 'toolu_1',
				name: 'get_weather',
				input: '{"city": "Lisbon"}',
				status: 'completed',
				server: false,
				textOffset: 'Checking.'.length
			}
		]);
	});

	it('keeps input that is not valid JSON as written, and the turn completes', async () => {
		const { turn } = await replay(
			[start(0, { type: 'tool_use', id: 't', name: 'f', input: {} }), json(0, '{"a": '), stop(0)],
			'tool_use'
		);
		expect(turn.status).toBe('completed');
		expect(turn.tools[0]?.input).toBe('{"a": ');
	});

	it('shows a start input that is not the empty placeholder at once', async () => {
		const { reports } = await replay([
			start(0, { type: 'tool_use', id: 't', name: 'f', input: { q: 'x' } }),
			stop(0)
		]);
		expect(reports.map((tool) => [tool.status, tool.input])).toEqual([
			['in_progress', '{"q":"x"}'],
			['completed', '{"q":"x"}']
		]);
	});

	it('reads tool blocks of a non-streamed message the same way', () => {
		const turn = parseTurnJson(
			'messages',
			JSON.stringify({
				type: 'message',
				content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} }],
				stop_reason: 'tool_use'
			})
		);
		expect(turn.tools.map((tool) => [tool.name, tool.input, tool.status])).toEqual([
			['lookup', '{}', 'completed']
		]);
	});

	it('names an MCP tool by its server and tool, and an MCP error as an error', async () => {
		const { turn } = await replay([
			start(0, {
				type: 'mcp_tool_use',
				id: 'mcptoolu_1',
				name: 'echo',
				server_name: 'tools',
				input: {}
			}),
			json(0, '{"message":"hi"}'),
			stop(0),
			...whole(1, {
				type: 'mcp_tool_result',
				tool_use_id: 'mcptoolu_1',
				is_error: true,
				content: [{ type: 'text', text: 'Tool echo failed' }]
			})
		]);
		expect(turn.tools.map((tool) => [tool.itemType, tool.name, tool.status, tool.output])).toEqual([
			['mcp_tool_use', 'tools.echo', 'completed', undefined],
			['mcp_tool_result', 'tools.echo', 'error', 'Tool echo failed']
		]);
	});
});

describe('Messages server tool results', () => {
	it('shows web search results one per line, as title — url', async () => {
		const { turn } = await replay([
			...serverUse(0, 'srvtoolu_1', 'web_search', '{"query":"lisbon"}'),
			...whole(1, {
				type: 'web_search_tool_result',
				tool_use_id: 'srvtoolu_1',
				content: [
					{
						type: 'web_search_result',
						title: 'A',
						url: 'https://a.example/',
						encrypted_content: 'x'
					},
					{
						type: 'web_search_result',
						title: 'B',
						url: 'https://b.example/',
						encrypted_content: 'y'
					}
				]
			})
		]);
		expect(result(turn)).toEqual({
			key: 1,
			itemType: 'web_search_tool_result',
			callId: 'srvtoolu_1',
			name: 'web_search',
			input: '',
			status: 'completed',
			output: 'A — https://a.example/\nB — https://b.example/',
			server: true,
			textOffset: 0
		});
	});

	it('shows a web search error by its code, with status error', async () => {
		const { turn } = await replay([
			...serverUse(0, 'srvtoolu_1', 'web_search', '{"query":"x"}'),
			...whole(1, {
				type: 'web_search_tool_result',
				tool_use_id: 'srvtoolu_1',
				content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' }
			})
		]);
		expect(result(turn)).toMatchObject({ status: 'error', output: 'max_uses_exceeded' });
	});

	it('shows a fetched page as title — url', async () => {
		const { turn } = await replay([
			...serverUse(0, 'srvtoolu_1', 'web_fetch', '{"url":"https://example.com"}'),
			...whole(1, {
				type: 'web_fetch_tool_result',
				tool_use_id: 'srvtoolu_1',
				content: {
					type: 'web_fetch_result',
					url: 'https://example.com',
					content: { type: 'document', title: 'Example Domain', source: { type: 'text' } }
				}
			})
		]);
		expect(result(turn)?.output).toBe('Example Domain — https://example.com');
	});

	it('shows code execution by stdout, stderr and a return code that is not 0', async () => {
		const { turn } = await replay([
			...serverUse(0, 'srvtoolu_1', 'code_execution', '{"code":"1/0"}'),
			...whole(1, {
				type: 'code_execution_tool_result',
				tool_use_id: 'srvtoolu_1',
				content: {
					type: 'code_execution_result',
					stdout: 'start\n',
					stderr: 'ZeroDivisionError\n',
					return_code: 1,
					content: []
				}
			}),
			...serverUse(2, 'srvtoolu_2', 'bash_code_execution', '{"command":"echo ok"}'),
			...whole(3, {
				type: 'bash_code_execution_tool_result',
				tool_use_id: 'srvtoolu_2',
				content: {
					type: 'bash_code_execution_result',
					stdout: 'ok\n',
					stderr: '',
					return_code: 0,
					content: []
				}
			})
		]);
		expect(
			turn.tools.filter((tool) => tool.key % 2 === 1).map((tool) => [tool.status, tool.output])
		).toEqual([
			['completed', 'start\nZeroDivisionError\nreturn code 1'],
			['completed', 'ok']
		]);
	});

	it('shows a text editor result by the viewed file, or what was done to it', async () => {
		const { turn } = await replay([
			...serverUse(0, 'srvtoolu_1', 'text_editor_code_execution', '{"command":"view"}'),
			...whole(1, {
				type: 'text_editor_code_execution_tool_result',
				tool_use_id: 'srvtoolu_1',
				content: { type: 'text_editor_code_execution_view_result', content: 'a,b\n1,2' }
			}),
			...serverUse(2, 'srvtoolu_2', 'text_editor_code_execution', '{"command":"create"}'),
			...whole(3, {
				type: 'text_editor_code_execution_tool_result',
				tool_use_id: 'srvtoolu_2',
				content: { type: 'text_editor_code_execution_create_result', is_file_update: false }
			})
		]);
		expect(turn.tools.filter((tool) => tool.key % 2 === 1).map((tool) => tool.output)).toEqual([
			'a,b\n1,2',
			'created'
		]);
	});

	it('shows the tools a tool search found, and any other result by its text', async () => {
		const { turn } = await replay([
			...serverUse(0, 'srvtoolu_1', 'tool_search_tool_regex', '{"pattern":"weather"}'),
			...whole(1, {
				type: 'tool_search_tool_result',
				tool_use_id: 'srvtoolu_1',
				content: {
					type: 'tool_search_tool_search_result',
					tool_references: [{ type: 'tool_reference', tool_name: 'get_weather' }]
				}
			}),
			...serverUse(2, 'srvtoolu_2', 'advisor', '{}'),
			...whole(3, {
				type: 'advisor_tool_result',
				tool_use_id: 'srvtoolu_2',
				content: { type: 'advisor_result', text: 'Use a worker pool.' }
			})
		]);
		expect(
			turn.tools
				.filter((tool) => tool.key % 2 === 1)
				.map((tool) => [tool.itemType, tool.name, tool.output])
		).toEqual([
			['tool_search_tool_result', 'tool_search_tool_regex', 'get_weather'],
			['advisor_tool_result', 'advisor', 'Use a worker pool.']
		]);
	});
});

describe('Messages citations', () => {
	const cited = (index: number, citation: object): Payload => ({
		type: 'content_block_delta',
		index,
		delta: { type: 'citations_delta', citation }
	});

	it('emits web search result locations once per URL, with the passage cited', async () => {
		const location = {
			type: 'web_search_result_location',
			url: 'https://a.example/',
			title: 'A',
			cited_text: 'Sunny.',
			encrypted_index: 'x'
		};
		const { turn, events } = await replay([
			start(0, { type: 'text', text: 'Lisbon is sunny.', citations: [location] }),
			stop(0),
			start(1, { type: 'text', text: '' }),
			cited(1, { ...location, cited_text: 'Again.' }),
			cited(1, { ...location, url: 'https://b.example/', title: 'B', cited_text: 'Warm.' }),
			{ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: ' Warm.' } },
			stop(1)
		]);
		expect(turn.citations).toEqual([
			{ url: 'https://a.example/', title: 'A', citedText: 'Sunny.' },
			{ url: 'https://b.example/', title: 'B', citedText: 'Warm.' }
		]);
		expect(eventsOfType(events, 'citation')).toHaveLength(2);
	});

	it('skips document locations, which have no URL, and search results whose source is not one', async () => {
		const { turn } = await replay([
			start(0, { type: 'text', text: '' }),
			cited(0, {
				type: 'char_location',
				document_index: 0,
				document_title: 'Notes',
				cited_text: 'x'
			}),
			cited(0, { type: 'page_location', document_index: 0, start_page_number: 1, cited_text: 'y' }),
			cited(0, { type: 'content_block_location', document_index: 0, cited_text: 'z' }),
			cited(0, {
				type: 'search_result_location',
				source: 'kb://doc/1',
				title: 'KB',
				cited_text: 'k'
			}),
			cited(0, {
				type: 'search_result_location',
				source: 'https://docs.example/page',
				title: 'Docs',
				cited_text: 'w'
			}),
			{ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Text.' } },
			stop(0)
		]);
		expect(turn.citations).toEqual([
			{ url: 'https://docs.example/page', title: 'Docs', citedText: 'w' }
		]);
	});
});
