/**
 * Messages tool blocks → ToolActivity (docs/tool-activity.md, "Messages"), key = content block
 * index:
 * - `tool_use` (run by the client), `server_tool_use` and `mcp_tool_use` (run by the provider):
 *   reported at `content_block_start` (status `in_progress`; input the start `input` as JSON when
 *   it is not the empty placeholder `{}`) and at `content_block_stop` (status `completed`; input the
 *   joined `input_json_delta` pieces exactly as written, or the start `input` as JSON when no delta
 *   came). Input that is not valid JSON is kept as written: it is shown, never run.
 * - result blocks (`web_search_tool_result`, `web_fetch_tool_result`, `code_execution_tool_result`,
 *   `bash_code_execution_tool_result`, `text_editor_code_execution_tool_result`, `mcp_tool_result`,
 *   `tool_search_tool_result`, any `*_tool_result`) arrive whole in their `content_block_start` and
 *   are reported then: callId the `tool_use_id` they answer, name that call's name, status `error`
 *   when the content is an `*_error` object (or `is_error` is true), else `completed`; output the
 *   content as readable text (messages-tool-results.ts).
 *
 * @see https://docs.claude.com/en/docs/build-with-claude/streaming (content blocks, input_json_delta)
 * @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/web-search-tool
 * @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/code-execution-tool
 * @see https://docs.claude.com/en/docs/agents-and-tools/mcp-connector
 */
import { resultOutput, resultFailed } from './messages-tool-results.ts';
import type { ToolReports } from './tool-reports.ts';
import { asString, isRecord, type WireRecord } from './wire-json.ts';

/** Tool-use block types, and whether the provider runs the tool itself. */
const TOOL_USE_BLOCKS: ReadonlyMap<string, boolean> = new Map([
	['tool_use', false],
	['server_tool_use', true],
	['mcp_tool_use', true]
]);

interface OpenCall {
	itemType: string;
	callId: string;
	name: string;
	server: boolean;
	startInput: string;
	pieces: string[];
}

export interface MessagesTools {
	/** A `content_block_start`; true when the block is a tool block (use or result). */
	start(index: number, block: WireRecord): boolean;
	/** An `input_json_delta` piece of an open tool-use block. */
	input(index: number, piece: string): void;
	/** A `content_block_stop` of a tool-use block. */
	stop(index: number): void;
}

/** The start `input` as text: `''` for the empty placeholder the stream fills with deltas. */
function startInputOf(input: unknown): string {
	if (input === undefined || input === null) return '';
	if (isRecord(input) && Object.keys(input).length === 0) return '';
	return typeof input === 'string' ? input : JSON.stringify(input);
}

export function createMessagesTools(reports: ToolReports): MessagesTools {
	const open = new Map<number, OpenCall>();
	/** Tool names by call id, for the result blocks that answer them. */
	const names = new Map<string, string>();

	function useStart(index: number, type: string, block: WireRecord, server: boolean): void {
		const callId = asString(block['id']) ?? '';
		const toolName = asString(block['name']) ?? '';
		const serverName = asString(block['server_name']) ?? '';
		const name = serverName === '' || toolName === '' ? toolName : `${serverName}.${toolName}`;
		names.set(callId, name);
		const call: OpenCall = {
			itemType: type,
			callId,
			name,
			server,
			startInput: startInputOf(block['input']),
			pieces: []
		};
		open.set(index, call);
		reports.report(
			index,
			{ ...fieldsOf(call), input: call.startInput, status: 'in_progress' },
			false
		);
	}

	function fieldsOf(call: OpenCall): {
		itemType: string;
		callId: string;
		name: string;
		server: boolean;
	} {
		return { itemType: call.itemType, callId: call.callId, name: call.name, server: call.server };
	}

	function resultStart(index: number, type: string, block: WireRecord): void {
		const callId = asString(block['tool_use_id']) ?? '';
		const output = resultOutput(type, block['content']);
		reports.report(
			index,
			{
				itemType: type,
				callId,
				name: names.get(callId) ?? type.replace(/_tool_result$/, ''),
				input: '',
				status: resultFailed(block) ? 'error' : 'completed',
				...(output === '' ? {} : { output }),
				server: true
			},
			true
		);
	}

	return {
		start(index, block) {
			const type = block['type'];
			if (typeof type !== 'string') return false;
			const server = TOOL_USE_BLOCKS.get(type);
			if (server !== undefined) useStart(index, type, block, server);
			else if (type.endsWith('_tool_result')) resultStart(index, type, block);
			else return false;
			return true;
		},
		input(index, piece) {
			open.get(index)?.pieces.push(piece);
		},
		stop(index) {
			const call = open.get(index);
			if (call === undefined) return;
			open.delete(index);
			const joined = call.pieces.join('');
			const input = joined !== '' ? joined : call.startInput || '{}';
			reports.report(index, { ...fieldsOf(call), input, status: 'completed' }, true);
		}
	};
}
