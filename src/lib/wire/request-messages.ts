/**
 * Conversation → an Anthropic Messages request, `{base}/v1/messages` (docs/reference/wire.md,
 * "Messages request and stream"): optional `anthropic-beta`; body `{model, max_tokens, messages,
 * system?, stream, thinking?}`. `anthropic-version` and the credentials are the gateway header
 * table's, added at send (src/lib/gateway/gateway-headers.ts).
 *
 * History goes back as the API demands: thinking blocks unchanged (text and signature) and before
 * the text of their turn; empty text blocks, and thinking blocks with empty thinking or an empty
 * signature (a 400 "each thinking block must contain thinking"), are left out, as are turns left
 * with no content. Images and PDFs (`image` / `document` blocks) go before the text of a prompt;
 * client tool calls go back answered (historyMessages), and the result is checked
 * (history-validator.ts) before it leaves. `webSearch` declares `web_search_20250305`.
 */
import type { AssistantTurn, ConversationTurn, UserTurn } from './conversation.ts';
import { TOOL_NOT_RUN, validateHistory } from './history-validator.ts';
import { thinkingParams } from './messages-thinking.ts';
import { baseHeaders, setHeader } from './request-headers.ts';
import {
	DEFAULT_MAX_TOKENS,
	RequestBuildError,
	type MessagesRequestInput,
	type WireRequest
} from './request-types.ts';
import type {
	MessagesContentBlock,
	MessagesMessage,
	MessagesRequestBody
} from './wire-requests.ts';

function userBlocks(turn: UserTurn): MessagesContentBlock[] {
	const content: MessagesContentBlock[] = [];
	for (const file of turn.attachments ?? []) {
		content.push(
			file.kind === 'pdf'
				? {
						type: 'document',
						source: { type: 'base64', media_type: 'application/pdf', data: file.base64 },
						...(file.name === '' ? {} : { title: file.name })
					}
				: {
						type: 'image',
						source: { type: 'base64', media_type: file.mimeType, data: file.base64 }
					}
		);
	}
	if (turn.text.trim() !== '') content.push({ type: 'text', text: turn.text });
	return content;
}

/** Two prompts sent as one: their files, then their texts joined by a blank line. */
function mergedPrompt(
	first: readonly MessagesContentBlock[],
	second: readonly MessagesContentBlock[]
): MessagesContentBlock[] {
	const all = [...first, ...second];
	const texts = all.flatMap((block) => (block.type === 'text' ? [block.text] : []));
	const files = all.filter((block) => block.type !== 'text');
	return [
		...files,
		...(texts.length === 0 ? [] : [{ type: 'text' as const, text: texts.join('\n\n') }])
	];
}

/** A tool input as the API takes it back: a JSON object (anything else becomes `{}`). */
function toolInput(text: string): Record<string, unknown> {
	try {
		const value: unknown = JSON.parse(text);
		return typeof value === 'object' && value !== null && !Array.isArray(value)
			? (value as Record<string, unknown>)
			: {};
	} catch {
		return {};
	}
}

/**
 * An assistant turn's blocks: thinking (unchanged, when kept), text, and each client `tool_use`.
 * Server tool blocks and their results carry encrypted content this client does not keep, so
 * they stay out; the text carries what they gave.
 */
function assistantBlocks(turn: AssistantTurn, keepThinking: boolean): MessagesContentBlock[] {
	const after: MessagesContentBlock[] = [];
	if (turn.text.trim() !== '') after.push({ type: 'text', text: turn.text });
	for (const tool of turn.tools ?? []) {
		if (tool.itemType !== 'tool_use' || tool.server || tool.callId === '') continue;
		after.push({
			type: 'tool_use',
			id: tool.callId,
			name: tool.name,
			input: toolInput(tool.input)
		});
	}
	if (after.length === 0 || !keepThinking) return after;
	const thinking: MessagesContentBlock[] = [];
	for (const part of turn.reasoning ?? []) {
		if (part.type === 'thinking' && part.thinking !== '' && part.signature !== '') {
			thinking.push({ type: 'thinking', thinking: part.thinking, signature: part.signature });
		} else if (part.type === 'redacted_thinking' && part.data !== '') {
			thinking.push({ type: 'redacted_thinking', data: part.data });
		}
	}
	return [...thinking, ...after];
}

/**
 * The history as the API accepts it: it starts with a prompt, roles alternate (prompts left next
 * to each other become one message, answers too), and every `tool_use` is answered by a
 * `tool_result` (the call was not run) at the start of the next prompt — or, with no prompt after
 * it, left out.
 */
function historyMessages(
	turns: readonly ConversationTurn[],
	keepThinking: boolean
): MessagesMessage[] {
	const messages: MessagesMessage[] = [];
	for (const turn of turns) {
		const content = turn.role === 'user' ? userBlocks(turn) : assistantBlocks(turn, keepThinking);
		if (content.length === 0 || (messages.length === 0 && turn.role === 'assistant')) continue;
		const last = messages.at(-1);
		if (last?.role !== turn.role) messages.push({ role: turn.role, content });
		else if (turn.role === 'assistant') last.content.push(...content);
		else last.content = mergedPrompt(last.content, content);
	}
	messages.forEach((message, index) => {
		if (message.role !== 'assistant') return;
		const calls = message.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
		if (calls.length === 0) return;
		const next = messages[index + 1];
		if (next === undefined) {
			message.content = message.content.filter((block) => block.type !== 'tool_use');
			return;
		}
		const results: MessagesContentBlock[] = calls.map((id) => ({
			type: 'tool_result',
			tool_use_id: id,
			content: TOOL_NOT_RUN,
			is_error: true
		}));
		next.content = [...results, ...next.content];
	});
	return messages.filter((message) => message.content.length > 0);
}

export function messagesBody(input: MessagesRequestInput): MessagesRequestBody {
	const maxTokens = input.maxTokens ?? DEFAULT_MAX_TOKENS;
	if (!Number.isInteger(maxTokens) || maxTokens < 1) {
		throw new RequestBuildError('invalid_max_tokens', 'max_tokens must be a positive integer.');
	}
	const { keepThinking, ...thinking } = thinkingParams(
		input.capabilities,
		input.reasoning,
		maxTokens
	);
	const system = input.conversation.instructions;
	return {
		model: input.model,
		max_tokens: maxTokens,
		messages: historyMessages(input.conversation.turns, keepThinking),
		...(system === '' ? {} : { system }),
		stream: input.stream,
		...thinking,
		...(input.webSearch === true
			? { tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 5 }] }
			: {})
	};
}

export function buildMessagesRequest(input: MessagesRequestInput): WireRequest {
	const headers = baseHeaders(input.stream);
	if (input.anthropicBeta !== undefined && input.anthropicBeta.length > 0) {
		setHeader(headers, 'anthropic-beta', input.anthropicBeta.join(','));
	}
	const body = messagesBody(input);
	validateHistory('messages', body);
	return {
		url: `${input.baseUrl}/v1/messages`,
		headers,
		body: JSON.stringify(body)
	};
}
