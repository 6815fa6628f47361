/**
 * The Responses API output items of the demo's tool activity, with the streaming events the API
 * sends for each (https://platform.openai.com/docs/api-reference/responses-streaming):
 * - `function_call`: output_item.added → function_call_arguments.delta* → .done → output_item.done;
 * - `web_search_call`: output_item.added → web_search_call.in_progress → .searching → .completed →
 *   output_item.done (with its `action`);
 * - `code_interpreter_call`: output_item.added → code_interpreter_call.in_progress →
 *   code_interpreter_call_code.delta* → code_interpreter_call_code.done → .interpreting →
 *   .completed → output_item.done (with its `outputs`).
 */
import { randomBytes } from 'node:crypto';
import { tokenize } from './answer.ts';
import type { ToolActivity } from './tool-activity.ts';

type WireEvent = { type: string } & Record<string, unknown>;

const id = (prefix: string): string => `${prefix}_${randomBytes(16).toString('hex')}`;

export function responsesToolItem(
	tool: ToolActivity,
	outputIndex: number
): { events: WireEvent[]; item: Record<string, unknown> } {
	const where = { output_index: outputIndex };
	switch (tool.kind) {
		case 'function-call': {
			const itemId = id('fc');
			const base = { id: itemId, type: 'function_call', call_id: id('call'), name: tool.name };
			const item = { ...base, arguments: tool.arguments, status: 'completed' };
			return {
				item,
				events: [
					{
						type: 'response.output_item.added',
						...where,
						item: { ...base, arguments: '', status: 'in_progress' }
					},
					...tokenize(tool.arguments).map((delta) => ({
						type: 'response.function_call_arguments.delta',
						item_id: itemId,
						...where,
						delta
					})),
					{
						type: 'response.function_call_arguments.done',
						item_id: itemId,
						...where,
						name: tool.name,
						arguments: tool.arguments
					},
					{ type: 'response.output_item.done', ...where, item }
				]
			};
		}
		case 'web-search': {
			const itemId = id('ws');
			const item = {
				id: itemId,
				type: 'web_search_call',
				status: 'completed',
				action: {
					type: 'search',
					query: tool.query,
					sources: tool.results.map((result) => ({ type: 'url', url: result.url }))
				}
			};
			const status = (name: string): WireEvent => ({
				type: `response.web_search_call.${name}`,
				...where,
				item_id: itemId
			});
			return {
				item,
				events: [
					{
						type: 'response.output_item.added',
						...where,
						item: { id: itemId, type: 'web_search_call', status: 'in_progress' }
					},
					status('in_progress'),
					status('searching'),
					status('completed'),
					{ type: 'response.output_item.done', ...where, item }
				]
			};
		}
		case 'code': {
			const itemId = id('ci');
			const containerId = id('cntr');
			const base = { id: itemId, type: 'code_interpreter_call', container_id: containerId };
			const item = {
				...base,
				status: 'completed',
				code: tool.code,
				outputs: [{ type: 'logs', logs: tool.stdout }]
			};
			const status = (name: string): WireEvent => ({
				type: `response.code_interpreter_call.${name}`,
				...where,
				item_id: itemId
			});
			return {
				item,
				events: [
					{
						type: 'response.output_item.added',
						...where,
						item: { ...base, status: 'in_progress', code: '', outputs: null }
					},
					status('in_progress'),
					...tokenize(tool.code).map((delta) => ({
						type: 'response.code_interpreter_call_code.delta',
						...where,
						item_id: itemId,
						delta
					})),
					{
						type: 'response.code_interpreter_call_code.done',
						...where,
						item_id: itemId,
						code: tool.code
					},
					status('interpreting'),
					status('completed'),
					{ type: 'response.output_item.done', ...where, item }
				]
			};
		}
	}
}
