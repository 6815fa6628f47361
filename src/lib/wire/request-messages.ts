/**
 * Conversation → an Anthropic Messages request, `{base}/v1/messages` (docs/reference/wire.md,
 * "Messages request and stream"): optional `anthropic-beta`; body `{model, max_tokens, messages,
 * system?, stream, thinking?}`. `anthropic-version` and the credentials are the gateway header
 * table's, added at send (src/lib/gateway/gateway-headers.ts).
 *
 * History goes back as the API demands: thinking blocks unchanged (text and signature) and before
 * the text of their turn; empty text blocks, and thinking blocks with empty thinking or an empty
 * signature (a 400 "each thinking block must contain thinking"), are left out, as are turns left
 * with no content. Images go before the text of a user turn.
 */
import type { ConversationTurn } from './conversation.ts';
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

function turnMessage(turn: ConversationTurn, keepThinking: boolean): MessagesMessage[] {
	const content: MessagesContentBlock[] = [];
	if (turn.role === 'user') {
		for (const image of turn.images ?? []) {
			content.push({
				type: 'image',
				source: { type: 'base64', media_type: image.mimeType, data: image.base64 }
			});
		}
	} else if (keepThinking) {
		for (const part of turn.reasoning ?? []) {
			if (part.type === 'thinking' && part.thinking !== '' && part.signature !== '') {
				content.push({ type: 'thinking', thinking: part.thinking, signature: part.signature });
			} else if (part.type === 'redacted_thinking' && part.data !== '') {
				content.push({ type: 'redacted_thinking', data: part.data });
			}
		}
	}
	if (turn.text !== '') content.push({ type: 'text', text: turn.text });
	return content.length === 0 ? [] : [{ role: turn.role, content }];
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
		messages: input.conversation.turns.flatMap((turn) => turnMessage(turn, keepThinking)),
		...(system === '' ? {} : { system }),
		stream: input.stream,
		...thinking
	};
}

export function buildMessagesRequest(input: MessagesRequestInput): WireRequest {
	const headers = baseHeaders(input.stream);
	if (input.anthropicBeta !== undefined && input.anthropicBeta.length > 0) {
		setHeader(headers, 'anthropic-beta', input.anthropicBeta.join(','));
	}
	return {
		url: `${input.baseUrl}/v1/messages`,
		headers,
		body: JSON.stringify(messagesBody(input))
	};
}
