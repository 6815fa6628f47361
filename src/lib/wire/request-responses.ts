/**
 * Conversation → a Responses API request (`responses` route; the body is shared with `backend`),
 * as a Codex-style client sends it (docs/reference/wire.md, "Responses request"):
 * - `store: false` and the whole history in `input`; no item ever carries a server id;
 * - user turns: their files (`input_image` / `input_file`, data URLs), then `input_text`;
 *   assistant turns: their reasoning items, an `output_text` message, and each client tool call
 *   with an output saying it was not run; shaped into a history the route accepts and checked
 *   (history-validator.ts) before it leaves;
 * - reasoning items (with `encrypted_content`) and `include: ["reasoning.encrypted_content"]` only
 *   for models with `encryptedReasoning`; without it, stored reasoning is not sent at all;
 * - `reasoning: {effort, summary}` only for models that reason and when the request asks;
 * - `image_generation` tool with `output_format` (+ `partial_images`) and the `web_search` tool
 *   when asked, with `tool_choice: "auto"`, `parallel_tool_calls: false`.
 */
import type { AssistantTurn, ConversationTurn, UserTurn } from './conversation.ts';
import { TOOL_NOT_RUN, validateHistory } from './history-validator.ts';
import { baseHeaders } from './request-headers.ts';
import type { ResponsesRequestInput, WireRequest } from './request-types.ts';
import type {
	ResponsesInputItem,
	ResponsesMessageContent,
	ResponsesRequestBody,
	ResponsesTool
} from './wire-requests.ts';

/** What the Responses body needs; both Responses routes provide it. */
export type ResponsesBodyInput = Omit<ResponsesRequestInput, 'baseUrl'>;

/** A user turn's content: its text, then its files. */
function userContent(turn: UserTurn): ResponsesMessageContent[] {
	const content: ResponsesMessageContent[] = [];
	if (turn.text.trim() !== '') content.push({ type: 'input_text', text: turn.text });
	for (const file of turn.attachments ?? []) {
		const url = `data:${file.mimeType};base64,${file.base64}`;
		content.push(
			file.kind === 'pdf'
				? { type: 'input_file', filename: file.name, file_data: url }
				: { type: 'input_image', image_url: url }
		);
	}
	return content;
}

/** Two prompts sent as one: their texts joined by a blank line, then all their files. */
function mergedContent(
	first: readonly ResponsesMessageContent[],
	second: readonly ResponsesMessageContent[]
): ResponsesMessageContent[] {
	const all = [...first, ...second];
	const texts = all.flatMap((part) => (part.type === 'input_text' ? [part.text] : []));
	const files = all.filter((part) => part.type !== 'input_text');
	return [
		...(texts.length === 0 ? [] : [{ type: 'input_text' as const, text: texts.join('\n\n') }]),
		...files
	];
}

/**
 * An assistant turn's items: its reasoning (when sent back encrypted), its text, and each client
 * tool call with the output saying it was not run. Server tool items (web search, code, images,
 * MCP) need server ids with `store: false`, so they stay out: the text carries what they gave.
 * Reasoning goes only with something after it (a reasoning item alone is refused).
 */
function assistantItems(turn: AssistantTurn, encryptedReasoning: boolean): ResponsesInputItem[] {
	const after: ResponsesInputItem[] = [];
	if (turn.text.trim() !== '') {
		after.push({
			type: 'message',
			role: 'assistant',
			content: [{ type: 'output_text', text: turn.text }]
		});
	}
	for (const tool of turn.tools ?? []) {
		if (tool.server || tool.callId === '') continue;
		if (tool.itemType === 'function_call') {
			after.push(
				{ type: 'function_call', call_id: tool.callId, name: tool.name, arguments: tool.input },
				{ type: 'function_call_output', call_id: tool.callId, output: TOOL_NOT_RUN }
			);
		} else if (tool.itemType === 'custom_tool_call') {
			after.push(
				{ type: 'custom_tool_call', call_id: tool.callId, name: tool.name, input: tool.input },
				{ type: 'custom_tool_call_output', call_id: tool.callId, output: TOOL_NOT_RUN }
			);
		}
	}
	if (after.length === 0 || !encryptedReasoning) return after;
	const reasoning: ResponsesInputItem[] = [];
	for (const part of turn.reasoning ?? []) {
		if (part.type !== 'summary' || part.encryptedContent === undefined) continue;
		reasoning.push({
			type: 'reasoning',
			summary: part.summary.map((text) => ({ type: 'summary_text', text })),
			encrypted_content: part.encryptedContent
		});
	}
	return [...reasoning, ...after];
}

/**
 * The history as the route accepts it: answers with nothing to send back are left out, prompts
 * left next to each other become one message (nothing typed or attached is dropped), and it
 * starts with a prompt.
 */
function historyItems(
	turns: readonly ConversationTurn[],
	encrypted: boolean
): ResponsesInputItem[] {
	const items: ResponsesInputItem[] = [];
	for (const turn of turns) {
		if (turn.role === 'assistant') {
			if (items.length > 0) items.push(...assistantItems(turn, encrypted));
			continue;
		}
		const content = userContent(turn);
		if (content.length === 0) continue;
		const last = items.at(-1);
		if (last?.type === 'message' && last.role === 'user') {
			last.content = mergedContent(last.content, content);
		} else items.push({ type: 'message', role: 'user', content });
	}
	return items;
}

export function responsesBody(input: ResponsesBodyInput): ResponsesRequestBody {
	const { capabilities, reasoning, imageGeneration } = input;
	const tools: ResponsesTool[] = [];
	if (imageGeneration !== undefined) {
		tools.push({
			type: 'image_generation',
			output_format: imageGeneration.outputFormat,
			...(imageGeneration.partialImages === undefined
				? {}
				: { partial_images: imageGeneration.partialImages })
		});
	}
	if (input.webSearch === true) tools.push({ type: 'web_search' });
	const encrypted = capabilities.encryptedReasoning;
	const reasons =
		capabilities.thinking !== 'off' && reasoning !== undefined && reasoning.enabled !== false;
	return {
		model: input.model,
		instructions: input.conversation.instructions,
		input: historyItems(input.conversation.turns, encrypted),
		...(tools.length === 0 ? {} : { tools, tool_choice: 'auto', parallel_tool_calls: false }),
		...(reasons
			? {
					reasoning: {
						...(reasoning.effort === undefined ? {} : { effort: reasoning.effort }),
						...(reasoning.summary === undefined ? {} : { summary: reasoning.summary })
					}
				}
			: {}),
		store: false,
		stream: input.stream,
		...(encrypted ? { include: ['reasoning.encrypted_content'] } : {}),
		...(input.promptCacheKey === undefined ? {} : { prompt_cache_key: input.promptCacheKey }),
		...(input.maxOutputTokens === undefined ? {} : { max_output_tokens: input.maxOutputTokens })
	};
}

export function buildResponsesRequest(input: ResponsesRequestInput): WireRequest {
	const body = responsesBody(input);
	validateHistory('responses', body);
	return {
		url: `${input.baseUrl}/v1/responses`,
		headers: baseHeaders(input.stream),
		body: JSON.stringify(body)
	};
}
