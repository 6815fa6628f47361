/**
 * Responses tool items and citations → `tool` and `citation` events and Turn.tools /
 * Turn.citations (docs/tool-activity.md): one case per item type, the moments an item is reported,
 * and the edge cases (arguments that are not JSON, late status events, terminal-only output).
 */
import { describe, expect, it } from 'vitest';
import type { ToolActivity } from '../../../src/lib/wire/index.ts';
import { eventsOfType, runText, sseOf } from './harness.ts';

type Payload = { type: string } & Record<string, unknown>;

const added = (index: number, item: object): Payload => ({
	type: 'response.output_item.added',
	output_index: index,
	item
});
const done = (index: number, item: object): Payload => ({
	type: 'response.output_item.done',
	output_index: index,
	item
});
const at = (index: number, type: string, fields: object = {}): Payload => ({
	type,
	output_index: index,
	item_id: `item_${index}`,
	...fields
});
const completed = (output: object[] = []): Payload => ({
	type: 'response.completed',
	response: { object: 'response', status: 'completed', output }
});
const text = (index: number, delta: string): Payload[] => [
	added(index, { id: `msg_${index}`, type: 'message', content: [] }),
	at(index, 'response.output_text.delta', { content_index: 0, delta }),
	done(index, {
		id: `msg_${index}`,
		type: 'message',
		content: [{ type: 'output_text', text: delta, annotations: [] }]
	})
];

async function replay(payloads: Payload[]) {
	const { turn, events } = await runText('responses', sseOf(payloads));
	return { turn, reports: eventsOfType(events, 'tool').map((event) => event.tool), events };
}

const only = (turn: { tools: ToolActivity[] }): ToolActivity => {
	expect(turn.tools).toHaveLength(1);
	return turn.tools[0] as ToolActivity;
};

describe('Responses function and custom tool calls', () => {
	it('reports a function call when it starts, when its arguments are complete, and when done', async () => {
		const item = { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'get_weather' };
		const { turn, reports } = await replay([
			added(0, { ...item, arguments: '', status: 'in_progress' }),
			at(0, 'response.function_call_arguments.delta', { delta: '{"city":' }),
			at(0, 'response.function_call_arguments.delta', { delta: '"Lisbon"}' }),
			at(0, 'response.function_call_arguments.done', { arguments: '{"city":"Lisbon"}' }),
			done(0, { ...item, arguments: '{"city":"Lisbon"}', status: 'completed' }),
			completed([{ ...item, arguments: '{"city":"Lisbon"}', status: 'completed' }])
		]);
		expect(reports.map((tool) => [tool.status, tool.input])).toEqual([
			['in_progress', ''],
			['in_progress', '{"city":"Lisbon"}'],
			['completed', '{"city":"Lisbon"}']
		]);
		expect(turn.tools).toEqual([
			{
				key: 0,
				itemType: 'function_call',
				callId: 'call_1',
				name: 'get_weather',
				input: '{"city":"Lisbon"}',
				status: 'completed',
				server: false,
				textOffset: 0
			}
		]);
	});

	it('keeps arguments that are not valid JSON as written, and the turn completes', async () => {
		const item = { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'f' };
		const { turn } = await replay([
			added(0, { ...item, arguments: '' }),
			done(0, { ...item, arguments: '{"a": 1,', status: 'completed' }),
			completed()
		]);
		expect(turn.status).toBe('completed');
		expect(only(turn).input).toBe('{"a": 1,');
	});

	it('reports a custom tool call with its free-form input', async () => {
		const item = { id: 'ct_1', type: 'custom_tool_call', call_id: 'call_2', name: 'write_sql' };
		const { turn } = await replay([
			added(0, { ...item, input: '' }),
			at(0, 'response.custom_tool_call_input.delta', { delta: 'SELECT 1' }),
			at(0, 'response.custom_tool_call_input.done', { input: 'SELECT 1' }),
			done(0, { ...item, input: 'SELECT 1', status: 'completed' }),
			completed()
		]);
		expect(only(turn)).toMatchObject({
			itemType: 'custom_tool_call',
			name: 'write_sql',
			input: 'SELECT 1',
			status: 'completed',
			server: false
		});
	});
});

describe('Responses server tool items', () => {
	it('follows a web search through its status events to its query and sources', async () => {
		const { turn, reports } = await replay([
			added(0, { id: 'ws_1', type: 'web_search_call', status: 'in_progress' }),
			at(0, 'response.web_search_call.in_progress'),
			at(0, 'response.web_search_call.searching'),
			at(0, 'response.web_search_call.completed'),
			done(0, {
				id: 'ws_1',
				type: 'web_search_call',
				status: 'completed',
				action: {
					type: 'search',
					query: 'lisbon weather',
					sources: [
						{ type: 'url', url: 'https://a.example/' },
						{ type: 'url', url: 'https://b.example/' }
					]
				}
			}),
			completed()
		]);
		expect(reports.map((tool) => tool.status)).toEqual([
			'in_progress',
			'searching',
			'completed',
			'completed'
		]);
		expect(only(turn)).toEqual({
			key: 0,
			itemType: 'web_search_call',
			callId: '',
			name: 'web_search',
			input: 'lisbon weather',
			status: 'completed',
			output: 'https://a.example/\nhttps://b.example/',
			server: true,
			textOffset: 0
		});
	});

	it('shows a web search by its queries, the page it opened, or the pattern it looked for', async () => {
		const search = (action: object) => ({ type: 'web_search_call', status: 'completed', action });
		const { turn } = await replay([
			done(0, search({ type: 'search', queries: ['one', 'two'] })),
			done(1, search({ type: 'open_page', url: 'https://a.example/' })),
			done(2, search({ type: 'find_in_page', url: 'https://a.example/', pattern: 'tram' })),
			completed()
		]);
		expect(turn.tools.map((tool) => tool.input)).toEqual([
			'one\ntwo',
			'https://a.example/',
			'tram — https://a.example/'
		]);
	});

	it('shows a file search by its queries and the files it found', async () => {
		const { turn } = await replay([
			added(0, { id: 'fs_1', type: 'file_search_call', status: 'in_progress', queries: [] }),
			at(0, 'response.file_search_call.searching'),
			done(0, {
				id: 'fs_1',
				type: 'file_search_call',
				status: 'completed',
				queries: ['what is an embedding', 'embedding definition'],
				results: [{ file_id: 'file-1', filename: 'ai.pdf', score: 0.9, text: 'An embedding…' }]
			}),
			completed()
		]);
		expect(only(turn)).toMatchObject({
			name: 'file_search',
			input: 'what is an embedding\nembedding definition',
			output: 'ai.pdf\nAn embedding…',
			status: 'completed',
			server: true
		});
	});

	it('shows a code interpreter call once its code is complete, with its logs and images', async () => {
		const item = { id: 'ci_1', type: 'code_interpreter_call', container_id: 'cntr_1' };
		const code = 'print(6 * 7)\n';
		const { turn, reports } = await replay([
			added(0, { ...item, status: 'in_progress', code: '', outputs: null }),
			at(0, 'response.code_interpreter_call.in_progress'),
			at(0, 'response.code_interpreter_call_code.delta', { delta: 'print(' }),
			at(0, 'response.code_interpreter_call_code.delta', { delta: '6 * 7)\n' }),
			at(0, 'response.code_interpreter_call_code.done', { code }),
			at(0, 'response.code_interpreter_call.interpreting'),
			at(0, 'response.code_interpreter_call.completed'),
			done(0, {
				...item,
				status: 'completed',
				code,
				outputs: [
					{ type: 'logs', logs: '42' },
					{ type: 'image', url: 'https://files.example/plot.png' }
				]
			}),
			completed()
		]);
		expect(reports.map((tool) => [tool.status, tool.input, tool.output])).toEqual([
			['in_progress', '', undefined],
			['in_progress', code, undefined],
			['interpreting', code, undefined],
			['completed', code, undefined],
			['completed', code, '42\n[image]']
		]);
		expect(only(turn)).toMatchObject({ name: 'code_interpreter', output: '42\n[image]' });
	});

	it('shows an image generation call by its revised prompt; the image stays an image event', async () => {
		const item = { id: 'ig_1', type: 'image_generation_call' };
		const { turn } = await replay([
			added(0, { ...item, status: 'in_progress' }),
			at(0, 'response.image_generation_call.generating'),
			done(0, {
				...item,
				status: 'completed',
				output_format: 'png',
				result: 'iVBORw0KGgo=',
				revised_prompt: 'A small square'
			}),
			completed()
		]);
		expect(only(turn)).toMatchObject({
			itemType: 'image_generation_call',
			name: 'image_generation',
			input: 'A small square',
			status: 'completed'
		});
		expect(turn.images).toEqual([{ mimeType: 'image/png', base64: 'iVBORw0KGgo=' }]);
	});
});

describe('Responses MCP items', () => {
	it('shows an MCP call by server and tool name, with its output', async () => {
		const item = { id: 'mcp_1', type: 'mcp_call', server_label: 'zip1', name: 'shorten' };
		const { turn } = await replay([
			added(0, { ...item, status: 'in_progress', arguments: '', output: null, error: null }),
			at(0, 'response.mcp_call.in_progress'),
			at(0, 'response.mcp_call_arguments.done', { arguments: '{"url":"https://a.example/"}' }),
			at(0, 'response.mcp_call.completed'),
			done(0, {
				...item,
				status: 'completed',
				arguments: '{"url":"https://a.example/"}',
				output: 'https://zip1.io/x',
				error: null
			}),
			completed()
		]);
		expect(only(turn)).toMatchObject({
			name: 'zip1.shorten',
			input: '{"url":"https://a.example/"}',
			output: 'https://zip1.io/x',
			status: 'completed',
			server: true
		});
	});

	it('shows a failed MCP call with its error', async () => {
		const { turn } = await replay([
			added(0, { type: 'mcp_call', server_label: 's', name: 't', arguments: '{}' }),
			at(0, 'response.mcp_call.failed'),
			done(0, {
				type: 'mcp_call',
				server_label: 's',
				name: 't',
				arguments: '{}',
				error: { type: 'tool_execution_error', message: 'upstream timed out' }
			}),
			completed()
		]);
		expect(only(turn)).toMatchObject({ status: 'failed', output: 'upstream timed out' });
	});

	it('shows the tools an MCP server listed, and an approval request', async () => {
		const { turn } = await replay([
			added(0, { id: 'mcpl_1', type: 'mcp_list_tools', server_label: 'zip1', tools: [] }),
			at(0, 'response.mcp_list_tools.in_progress'),
			at(0, 'response.mcp_list_tools.completed'),
			done(0, {
				id: 'mcpl_1',
				type: 'mcp_list_tools',
				server_label: 'zip1',
				tools: [{ name: 'shorten' }, { name: 'stats' }]
			}),
			done(1, {
				type: 'mcp_approval_request',
				server_label: 'zip1',
				name: 'shorten',
				arguments: '{"url":"https://a.example/"}'
			}),
			completed()
		]);
		expect(turn.tools.map((tool) => [tool.itemType, tool.name, tool.output ?? ''])).toEqual([
			['mcp_list_tools', 'zip1', 'shorten\nstats'],
			['mcp_approval_request', 'zip1.shorten', '']
		]);
	});
});

describe('Responses shell, patch and search items', () => {
	it('shows a local shell call by its command, joined', async () => {
		const { turn } = await replay([
			done(0, {
				type: 'local_shell_call',
				call_id: 'call_3',
				status: 'completed',
				action: { type: 'exec', command: ['ls', '-a', '~'], env: {} }
			}),
			completed()
		]);
		expect(only(turn)).toMatchObject({
			name: 'local_shell',
			input: 'ls -a ~',
			callId: 'call_3',
			server: false
		});
	});

	it('shows a shell call by its commands and its output item by stdout, stderr and exit code', async () => {
		const { turn } = await replay([
			done(0, {
				type: 'shell_call',
				call_id: 'call_4',
				status: 'completed',
				action: { commands: ['cd /tmp', 'make'] }
			}),
			done(1, {
				type: 'shell_call_output',
				call_id: 'call_4',
				status: 'completed',
				output: [
					{ stdout: 'building\n', stderr: 'no rule\n', outcome: { type: 'exit', exit_code: 2 } }
				]
			}),
			completed()
		]);
		expect(turn.tools.map((tool) => [tool.itemType, tool.callId, tool.input, tool.output])).toEqual(
			[
				['shell_call', 'call_4', 'cd /tmp\nmake', undefined],
				['shell_call_output', 'call_4', '', 'building\nno rule\nexit code 2']
			]
		);
	});

	it('shows an apply_patch call by its operation, path and diff', async () => {
		const { turn } = await replay([
			done(0, {
				type: 'apply_patch_call',
				call_id: 'call_5',
				status: 'completed',
				operation: { type: 'create_file', path: 'list.md', diff: '+- Milk\n' }
			}),
			completed()
		]);
		expect(only(turn).input).toBe('create_file list.md\n+- Milk\n');
	});

	it('shows a tool search call by its arguments and its output by the tools found', async () => {
		const { turn } = await replay([
			done(0, {
				type: 'tool_search_call',
				execution: 'server',
				status: 'completed',
				arguments: { paths: ['get_weather'] }
			}),
			done(1, {
				type: 'tool_search_output',
				execution: 'server',
				status: 'completed',
				tools: [{ type: 'function', name: 'get_weather' }]
			}),
			completed()
		]);
		expect(turn.tools.map((tool) => [tool.itemType, tool.input, tool.output ?? ''])).toEqual([
			['tool_search_call', '{"paths":["get_weather"]}', ''],
			['tool_search_output', '', 'get_weather']
		]);
	});

	it('shows an unknown *_call item generically and leaves other unknown items out', async () => {
		const { turn } = await replay([
			done(0, {
				type: 'computer_call',
				call_id: 'call_6',
				status: 'completed',
				action: { type: 'click', x: 10, y: 20 }
			}),
			done(1, { type: 'widget', status: 'completed' }),
			completed()
		]);
		expect(only(turn)).toMatchObject({
			itemType: 'computer_call',
			name: 'computer',
			input: '{"type":"click","x":10,"y":20}',
			status: 'completed',
			server: false
		});
	});
});

describe('Responses tool reports over a turn', () => {
	it('places an item after the text that came before it', async () => {
		const { turn } = await replay([
			...text(0, 'Let me check.'),
			done(1, { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' }),
			...text(2, 'Done.'),
			completed()
		]);
		expect(turn.text).toBe('Let me check.\n\nDone.');
		expect(only(turn).textOffset).toBe('Let me check.'.length);
	});

	it('reads tool items from the terminal output alone, in order, after the text before them', async () => {
		const { turn } = await replay([
			completed([
				{ type: 'message', content: [{ type: 'output_text', text: 'First.', annotations: [] }] },
				{ type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'q' } },
				{ type: 'function_call', call_id: 'c', name: 'f', arguments: '{}', status: 'completed' }
			])
		]);
		expect(turn.tools.map((tool) => [tool.key, tool.itemType, tool.textOffset])).toEqual([
			[1, 'web_search_call', 6],
			[2, 'function_call', 6]
		]);
	});

	it('does not reopen a finished item on a late status event', async () => {
		const { turn, reports } = await replay([
			added(0, { type: 'web_search_call', status: 'in_progress' }),
			done(0, { type: 'web_search_call', status: 'completed', action: { query: 'q' } }),
			at(0, 'response.web_search_call.searching'),
			completed()
		]);
		expect(reports.map((tool) => tool.status)).toEqual(['in_progress', 'completed']);
		expect(only(turn).status).toBe('completed');
	});

	it('keeps an item that never finished as the wire last said', async () => {
		const { turn } = await replay([
			added(0, { type: 'function_call', call_id: 'c', name: 'f', arguments: '' }),
			{
				type: 'response.incomplete',
				response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } }
			}
		]);
		expect(turn.status).toBe('incomplete');
		expect(only(turn)).toMatchObject({ status: 'in_progress', input: '' });
	});
});

describe('Responses citations', () => {
	const cite = (url: string, title: string) => ({
		type: 'url_citation',
		url,
		title,
		start_index: 0,
		end_index: 4
	});

	it('emits each url_citation once, from annotation events and the finished parts', async () => {
		const annotations = [
			cite('https://a.example/', 'A'),
			{ type: 'file_citation', file_id: 'file-1', filename: 'ai.pdf', index: 3 },
			cite('https://b.example/', 'B'),
			cite('https://a.example/', 'A again')
		];
		const part = { type: 'output_text', text: 'Some text.', annotations };
		const { turn, events } = await replay([
			added(0, { id: 'msg_1', type: 'message', content: [] }),
			at(0, 'response.output_text.delta', { content_index: 0, delta: 'Some text.' }),
			...annotations.map((annotation, index) =>
				at(0, 'response.output_text.annotation.added', {
					content_index: 0,
					annotation_index: index,
					annotation
				})
			),
			at(0, 'response.content_part.done', { content_index: 0, part }),
			done(0, { id: 'msg_1', type: 'message', content: [part] }),
			completed([{ id: 'msg_1', type: 'message', content: [part] }])
		]);
		expect(turn.citations).toEqual([
			{ url: 'https://a.example/', title: 'A' },
			{ url: 'https://b.example/', title: 'B' }
		]);
		expect(eventsOfType(events, 'citation')).toHaveLength(2);
	});

	it('reads citations from the terminal output when nothing streamed', async () => {
		const { turn } = await replay([
			completed([
				{
					type: 'message',
					content: [
						{ type: 'output_text', text: 'Text.', annotations: [cite('https://c.example/', 'C')] }
					]
				}
			])
		]);
		expect(turn.citations).toEqual([{ url: 'https://c.example/', title: 'C' }]);
	});
});
