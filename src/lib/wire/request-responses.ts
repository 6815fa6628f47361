/**
 * Conversation → a Responses API request (`responses` route; the body is shared with `backend`),
 * as a Codex-style client sends it (docs/reference/wire.md, "Responses request"):
 * - `store: false` and the whole history in `input`; no item ever carries a server id;
 * - user turns: `input_text` + `input_image` (data URL); assistant turns: their reasoning items,
 *   then an `output_text` message. Turns with nothing to say are left out;
 * - reasoning items (with `encrypted_content`) and `include: ["reasoning.encrypted_content"]` only
 *   for models with `encryptedReasoning`; without it, stored reasoning is not sent at all;
 * - `reasoning: {effort, summary}` only for models that reason and when the request asks;
 * - `image_generation` tool with `output_format` (+ `partial_images`), `tool_choice: "auto"`,
 *   `parallel_tool_calls: false`.
 */
import type { ConversationTurn } from './conversation.ts';
import { baseHeaders } from './request-headers.ts';
import type { ResponsesRequestInput, WireRequest } from './request-types.ts';
import type {
	ResponsesInputItem,
	ResponsesMessageContent,
	ResponsesRequestBody
} from './wire-requests.ts';

/** What the Responses body needs; both Responses routes provide it. */
export type ResponsesBodyInput = Omit<ResponsesRequestInput, 'baseUrl'>;

function turnItems(turn: ConversationTurn, encryptedReasoning: boolean): ResponsesInputItem[] {
	if (turn.role === 'user') {
		const content: ResponsesMessageContent[] = [];
		if (turn.text !== '') content.push({ type: 'input_text', text: turn.text });
		for (const image of turn.images ?? []) {
			content.push({
				type: 'input_image',
				image_url: `data:${image.mimeType};base64,${image.base64}`
			});
		}
		return content.length === 0 ? [] : [{ type: 'message', role: 'user', content }];
	}
	const items: ResponsesInputItem[] = [];
	if (encryptedReasoning) {
		for (const part of turn.reasoning ?? []) {
			if (part.type !== 'summary' || part.encryptedContent === undefined) continue;
			items.push({
				type: 'reasoning',
				summary: part.summary.map((text) => ({ type: 'summary_text', text })),
				encrypted_content: part.encryptedContent
			});
		}
	}
	if (turn.text !== '') {
		items.push({
			type: 'message',
			role: 'assistant',
			content: [{ type: 'output_text', text: turn.text }]
		});
	}
	return items;
}

export function responsesBody(input: ResponsesBodyInput): ResponsesRequestBody {
	const { capabilities, reasoning, imageGeneration } = input;
	const encrypted = capabilities.encryptedReasoning;
	const reasons =
		capabilities.thinking !== 'off' && reasoning !== undefined && reasoning.enabled !== false;
	return {
		model: input.model,
		instructions: input.conversation.instructions,
		input: input.conversation.turns.flatMap((turn) => turnItems(turn, encrypted)),
		...(imageGeneration === undefined
			? {}
			: {
					tools: [
						{
							type: 'image_generation',
							output_format: imageGeneration.outputFormat,
							...(imageGeneration.partialImages === undefined
								? {}
								: { partial_images: imageGeneration.partialImages })
						}
					],
					tool_choice: 'auto',
					parallel_tool_calls: false
				}),
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
	return {
		url: `${input.baseUrl}/v1/responses`,
		headers: baseHeaders(input.stream),
		body: JSON.stringify(responsesBody(input))
	};
}
