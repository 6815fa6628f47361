/**
 * Responses tool items → ToolActivity (docs/tool-activity.md, "Responses"). An item is a tool item
 * when its type is one of `TOOL_ITEMS` or ends in `_call` / `_output` (a newer tool shown
 * generically); `message`, `reasoning`, `compaction` and the like are not.
 *
 * Reported (key = output index) at `output_item.added` (status `in_progress` unless the item says
 * otherwise), on the item's status events (`response.<item type>.<status>`), when its input is
 * complete (`…arguments.done`, `custom_tool_call_input.done`, `code_interpreter_call_code.done`),
 * and at `output_item.done` / in the terminal `output` (status `completed` unless the item says
 * otherwise). Argument and code deltas are not reported one by one: the input shows once complete.
 * Arguments are kept as the model wrote them, valid JSON or not: they are shown, never run.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object (output item shapes)
 * @see https://platform.openai.com/docs/api-reference/responses-streaming (status events)
 */
import type { ToolFields, ToolReports } from './tool-reports.ts';
import { asArray, asCount, asRecord, asString, isRecord, type WireRecord } from './wire-json.ts';

type Mapper = (item: WireRecord) => Omit<ToolFields, 'itemType' | 'status' | 'callId'>;

const text = (value: unknown): string => asString(value) ?? '';
const lines = (values: readonly string[]): string => values.filter((v) => v !== '').join('\n');
const strings = (value: unknown): string[] =>
	(asArray(value) ?? []).filter((entry): entry is string => typeof entry === 'string');

/** A value shown as text: a string as it is, anything else as JSON (`''` for none). */
function shown(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value;
	return JSON.stringify(value);
}

function webSearchInput(action: WireRecord | undefined): string {
	if (action === undefined) return '';
	switch (action['type']) {
		case 'open_page':
			return text(action['url']);
		case 'find':
		case 'find_in_page': {
			const pattern = text(action['pattern']);
			const url = text(action['url']);
			return pattern === '' || url === '' ? pattern || url : `${pattern} — ${url}`;
		}
		default: {
			const query = text(action['query']);
			return query === '' ? lines(strings(action['queries'])) : query;
		}
	}
}

function webSearchSources(action: WireRecord | undefined): string | undefined {
	const sources = action === undefined ? undefined : asArray(action['sources']);
	if (sources === undefined) return undefined;
	return lines(sources.map((source) => (isRecord(source) ? text(source['url']) : '')));
}

function fileSearchResults(value: unknown): string | undefined {
	const results = asArray(value);
	if (results === undefined) return undefined;
	return results
		.map((result) => {
			if (!isRecord(result)) return '';
			const name = text(result['filename']) || text(result['file_id']);
			const passage = text(result['text']);
			return passage === '' ? name : `${name}\n${passage}`;
		})
		.filter((entry) => entry !== '')
		.join('\n\n');
}

function codeOutputs(value: unknown): string | undefined {
	const outputs = asArray(value);
	if (outputs === undefined) return undefined;
	return lines(
		outputs.map((output) => {
			if (!isRecord(output)) return '';
			if (output['type'] === 'logs') return text(output['logs']);
			if (output['type'] === 'image') return '[image]';
			return '';
		})
	);
}

function shellOutputs(value: unknown): string | undefined {
	const outputs = asArray(value);
	if (outputs === undefined) return undefined;
	return lines(
		outputs.map((output) => {
			if (!isRecord(output)) return '';
			const outcome = asRecord(output['outcome']);
			const exit = outcome === undefined ? undefined : asCount(outcome['exit_code']);
			return lines([
				text(output['stdout']).trimEnd(),
				text(output['stderr']).trimEnd(),
				outcome?.['type'] === 'timeout' ? 'timed out' : '',
				exit === undefined || exit === 0 ? '' : `exit code ${exit}`
			]);
		})
	);
}

function mcpName(item: WireRecord): string {
	const label = text(item['server_label']);
	const name = text(item['name']);
	return label === '' || name === '' ? label || name : `${label}.${name}`;
}

function mcpError(value: unknown): string {
	const error = asRecord(value);
	if (error !== undefined) return text(error['message']) || JSON.stringify(error);
	return shown(value);
}

function withOutput(output: string | undefined): { output?: string } {
	return output === undefined || output === '' ? {} : { output };
}

function patchInput(operation: WireRecord | undefined): string {
	if (operation === undefined) return '';
	const what = [text(operation['type']), text(operation['path'])].filter((v) => v !== '').join(' ');
	return lines([what, text(operation['diff'])]);
}

const TOOL_ITEMS: ReadonlyMap<string, Mapper> = new Map<string, Mapper>([
	[
		'function_call',
		(item) => ({ name: text(item['name']), input: text(item['arguments']), server: false })
	],
	[
		'custom_tool_call',
		(item) => ({ name: text(item['name']), input: text(item['input']), server: false })
	],
	[
		'web_search_call',
		(item) => {
			const action = asRecord(item['action']);
			return {
				name: 'web_search',
				input: webSearchInput(action),
				...withOutput(webSearchSources(action)),
				server: true
			};
		}
	],
	[
		'file_search_call',
		(item) => ({
			name: 'file_search',
			input: lines(strings(item['queries'])),
			...withOutput(fileSearchResults(item['results'])),
			server: true
		})
	],
	[
		'code_interpreter_call',
		(item) => ({
			name: 'code_interpreter',
			input: text(item['code']),
			...withOutput(codeOutputs(item['outputs'])),
			server: true
		})
	],
	[
		'image_generation_call',
		(item) => ({ name: 'image_generation', input: text(item['revised_prompt']), server: true })
	],
	[
		'mcp_call',
		(item) => ({
			name: mcpName(item),
			input: text(item['arguments']),
			...withOutput(item['error'] == null ? shown(item['output']) : mcpError(item['error'])),
			server: true
		})
	],
	[
		'mcp_list_tools',
		(item) => {
			const tools = asArray(item['tools']) ?? [];
			const names = tools.map((tool) => (isRecord(tool) ? text(tool['name']) : ''));
			const error = item['error'] == null ? '' : mcpError(item['error']);
			return {
				name: text(item['server_label']),
				input: '',
				...withOutput(error || lines(names)),
				server: true
			};
		}
	],
	[
		'mcp_approval_request',
		(item) => ({ name: mcpName(item), input: text(item['arguments']), server: true })
	],
	[
		'local_shell_call',
		(item) => {
			const action = asRecord(item['action']);
			const command = action === undefined ? [] : strings(action['command']);
			return { name: 'local_shell', input: command.join(' '), server: false };
		}
	],
	[
		'shell_call',
		(item) => {
			const action = asRecord(item['action']);
			const commands = action === undefined ? [] : strings(action['commands']);
			return { name: 'shell', input: lines(commands), server: false };
		}
	],
	[
		'shell_call_output',
		(item) => ({
			name: 'shell',
			input: '',
			...withOutput(shellOutputs(item['output'])),
			server: false
		})
	],
	[
		'apply_patch_call',
		(item) => ({
			name: 'apply_patch',
			input: patchInput(asRecord(item['operation'])),
			server: false
		})
	],
	[
		'tool_search_call',
		(item) => ({
			name: 'tool_search',
			input: shown(item['arguments']),
			server: item['execution'] !== 'client'
		})
	],
	[
		'tool_search_output',
		(item) => {
			const tools = asArray(item['tools']) ?? [];
			const names = tools.map((tool) => (isRecord(tool) ? text(tool['name']) : ''));
			return {
				name: 'tool_search',
				input: '',
				...withOutput(lines(names)),
				server: item['execution'] !== 'client'
			};
		}
	],
	['program', (item) => ({ name: 'program', input: text(item['code']), server: true })],
	[
		'program_output',
		(item) => ({ name: 'program', input: '', ...withOutput(shown(item['result'])), server: true })
	]
]);

/** A newer `*_call` / `*_output` item: its name from the type, input the arguments or action. */
const genericItem: Mapper = (item) => {
	const type = text(item['type']);
	const name = text(item['name']) || type.replace(/_(call|output)$/, '');
	const input = shown(item['arguments'] ?? item['input'] ?? item['action']);
	const execution = item['execution'];
	const server =
		execution === 'server' || (execution !== 'client' && asString(item['call_id']) === undefined);
	return { name, input, ...withOutput(shown(item['output'] ?? item['result'])), server };
};

function mapperOf(type: unknown): Mapper | undefined {
	if (typeof type !== 'string') return undefined;
	const known = TOOL_ITEMS.get(type);
	if (known !== undefined) return known;
	return type.endsWith('_call') || type.endsWith('_output') ? genericItem : undefined;
}

/**
 * `response.<item type>.<status>` events: the status they set. Argument and code `.done` events:
 * the field that carries the complete input.
 */
const STATUS_EVENTS: ReadonlyMap<string, string> = new Map(
	[
		['web_search_call', ['in_progress', 'searching', 'completed']],
		['file_search_call', ['in_progress', 'searching', 'completed']],
		['code_interpreter_call', ['in_progress', 'interpreting', 'completed']],
		['image_generation_call', ['in_progress', 'generating', 'completed']],
		['mcp_call', ['in_progress', 'completed', 'failed']],
		['mcp_list_tools', ['in_progress', 'completed', 'failed']]
	].flatMap(([item, statuses]) =>
		(statuses as string[]).map(
			(status) => [`response.${item as string}.${status}`, status] as const
		)
	)
);

const INPUT_EVENTS: ReadonlyMap<string, string> = new Map([
	['response.function_call_arguments.done', 'arguments'],
	['response.custom_tool_call_input.done', 'input'],
	['response.mcp_call_arguments.done', 'arguments'],
	['response.code_interpreter_call_code.done', 'code']
]);

export interface ResponsesTools {
	/** An output item: at `output_item.added` (`final` false) or complete (`final` true). */
	item(index: number, item: WireRecord, final: boolean): void;
	/** Any event the reducer does not handle itself: the tool status and input events. */
	event(value: WireRecord, type: string): void;
}

export function createResponsesTools(reports: ToolReports): ResponsesTools {
	return {
		item(index, item, final) {
			const type = item['type'];
			const mapper = mapperOf(type);
			if (mapper === undefined || typeof type !== 'string') return;
			const status = asString(item['status']) ?? '';
			const failed = item['error'] != null && status === '';
			reports.report(
				index,
				{
					itemType: type,
					callId: text(item['call_id']),
					...mapper(item),
					status: failed ? 'failed' : status || (final ? 'completed' : 'in_progress')
				},
				final
			);
		},
		event(value, type) {
			const status = STATUS_EVENTS.get(type);
			if (status !== undefined) {
				return reports.status(asCount(value['output_index']) ?? 0, status);
			}
			const field = INPUT_EVENTS.get(type);
			if (field !== undefined) {
				const input = asString(value[field]);
				if (input !== undefined) reports.input(asCount(value['output_index']) ?? 0, input);
			}
		}
	};
}
