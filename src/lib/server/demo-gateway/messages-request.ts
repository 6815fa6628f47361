/**
 * Reads a Messages request (`/v1/messages`) the way the service does: the parts the demo acts on
 * (model, stream, last user text and its images and PDFs, thinking, a prefill to continue from)
 * and the refusals the service answers with, its wording kept, so that a client which would fail
 * against it fails here too.
 */
import { attachmentOf, decodeBase64, IMAGE_MEDIA_TYPES, type Attachment } from './attachments.ts';
import { checkMessagesHistory } from './history.ts';
import {
	anthropicError,
	contentText,
	declaresWebSearch,
	isObject,
	MAX_MODEL_CHARS,
	parseScenario,
	type DemoRequest,
	type JsonObject,
	type RequestRejection
} from './request.ts';

/** First bytes of each image type the Messages API checks a base64 image against. */
function matchesImageType(mediaType: string, data: Buffer): boolean {
	switch (mediaType) {
		case 'image/png':
			return data.subarray(0, 4).toString('hex') === '89504e47';
		case 'image/jpeg':
			return data.subarray(0, 3).toString('hex') === 'ffd8ff';
		case 'image/gif':
			return data.subarray(0, 4).toString('latin1') === 'GIF8';
		case 'image/webp':
			return (
				data.subarray(0, 4).toString('latin1') === 'RIFF' &&
				data.subarray(8, 12).toString('latin1') === 'WEBP'
			);
		default:
			return false;
	}
}

/** The `image` and `document` blocks of one Messages user message, checked like the API does. */
function messagesAttachments(
	content: unknown,
	messageIndex: number
): Attachment[] | RequestRejection {
	if (!Array.isArray(content)) return [];
	const attachments: Attachment[] = [];
	for (const [blockIndex, block] of content.entries()) {
		if (!isObject(block) || (block['type'] !== 'image' && block['type'] !== 'document')) continue;
		const kind = block['type'];
		const source = block['source'];
		if (!isObject(source) || source['type'] !== 'base64') continue; // url/file/text: not decoded
		const at = `messages.${messageIndex}.content.${blockIndex}.${kind}.source.base64`;
		const mediaType = source['media_type'];
		if (kind === 'image' && !(IMAGE_MEDIA_TYPES as readonly unknown[]).includes(mediaType)) {
			return anthropicError(
				`${at}.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`
			);
		}
		if (kind === 'document' && mediaType !== 'application/pdf') {
			return anthropicError(`${at}.media_type: Input should be 'application/pdf'`);
		}
		const data = typeof source['data'] === 'string' ? decodeBase64(source['data']) : null;
		if (data === null || data.length === 0) {
			return anthropicError(`${at}.data: The ${kind} data is not valid base64`);
		}
		if (kind === 'image' && !matchesImageType(String(mediaType), data)) {
			return anthropicError(
				`messages.${messageIndex}.content.${blockIndex}.image.source.base64.data: Image does not match the provided media type ${String(mediaType)}`
			);
		}
		if (kind === 'document' && data.subarray(0, 5).toString('latin1') !== '%PDF-') {
			return anthropicError(
				`messages.${messageIndex}.content.${blockIndex}.document.source.base64.data: The PDF specified was not valid.`
			);
		}
		const title = block['title'];
		const name =
			typeof title === 'string' && title !== ''
				? title
				: `${kind === 'image' ? 'image' : 'document'} ${attachments.length + 1}`;
		attachments.push(attachmentOf(name, String(mediaType), data));
	}
	return attachments;
}

/**
 * Models the demo treats as adaptive-thinking-only, like the newest Messages models, which also
 * refuse any prefill (a final assistant message).
 */
export const ADAPTIVE_ONLY_MODELS = new Set(['demo-adaptive']);

/** The type of a message's first content block (a string content is one text block). */
function firstBlockType(content: unknown): string {
	if (!Array.isArray(content)) return 'text';
	const first: unknown = content[0];
	return isObject(first) && typeof first['type'] === 'string' ? first['type'] : 'text';
}

/**
 * Checks a final assistant message the way the Messages API does before continuing from it, and
 * gives its text, or the API's refusal (its wording kept exactly, "preceeding" included).
 */
function readPrefill(
	model: string,
	index: number,
	message: JsonObject,
	thinking: boolean
): string | RequestRejection {
	const text = contentText(message['content']);
	if (/\s$/u.test(text)) {
		return anthropicError('messages: final assistant content cannot end with trailing whitespace');
	}
	if (ADAPTIVE_ONLY_MODELS.has(model)) {
		return anthropicError(
			'This model does not support assistant message prefill. The conversation must end with a user message.'
		);
	}
	const first = firstBlockType(message['content']);
	if (thinking && first !== 'thinking' && first !== 'redacted_thinking') {
		return anthropicError(
			`messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${first}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`
		);
	}
	return text;
}

export function readMessages(body: JsonObject): DemoRequest | RequestRejection {
	const model = body['model'];
	if (typeof model !== 'string' || model === '') return anthropicError('model: Field required');
	if (model.length > MAX_MODEL_CHARS)
		return anthropicError(`model: String should have at most ${MAX_MODEL_CHARS} characters`);
	const maxTokens = body['max_tokens'];
	if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1) {
		return anthropicError('max_tokens: Field required');
	}
	const messages = body['messages'];
	if (!Array.isArray(messages) || messages.length === 0) {
		return anthropicError('messages: at least one message is required');
	}
	const history = checkMessagesHistory(messages);
	if (history !== null) return anthropicError(history);
	let prompt = '';
	let attachments: Attachment[] = [];
	let inputChars = typeof body['system'] === 'string' ? body['system'].length : 0;
	for (const [index, message] of messages.entries()) {
		if (!isObject(message)) return anthropicError(`messages.${index}: Input should be an object`);
		const content = message['content'];
		if (Array.isArray(content)) {
			for (const [blockIndex, block] of content.entries()) {
				if (isObject(block) && block['type'] === 'thinking' && !block['thinking']) {
					return anthropicError(
						`messages.${index}.content.${blockIndex}.thinking: each thinking block must contain thinking`
					);
				}
			}
		}
		const text = contentText(content);
		inputChars += text.length;
		const onlyToolResults =
			Array.isArray(content) &&
			content.every((block) => isObject(block) && block['type'] === 'tool_result');
		if (message['role'] === 'user' && !onlyToolResults) {
			prompt = text;
			const found = messagesAttachments(content, index);
			if (!Array.isArray(found)) return found;
			attachments = found;
		}
	}
	const thinking = body['thinking'];
	let reasoning = false;
	if (isObject(thinking)) {
		const type = thinking['type'];
		if (type === 'disabled' && ADAPTIVE_ONLY_MODELS.has(model)) {
			return anthropicError(
				'"thinking.type.disabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.'
			);
		}
		if (type === 'enabled') {
			if (ADAPTIVE_ONLY_MODELS.has(model)) {
				return anthropicError(
					'"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.'
				);
			}
			const budget = thinking['budget_tokens'];
			if (typeof budget !== 'number') {
				return anthropicError('thinking.enabled.budget_tokens: Field required');
			}
			if (budget < 1024) {
				return anthropicError(
					'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024'
				);
			}
			if (budget >= maxTokens) {
				return anthropicError('`max_tokens` must be greater than `thinking.budget_tokens`.');
			}
		}
		reasoning = type === 'enabled' || type === 'adaptive';
	} else if (ADAPTIVE_ONLY_MODELS.has(model)) {
		reasoning = true; // adaptive is the default when unspecified
	}
	const last: unknown = messages.at(-1);
	let prefill: string | null = null;
	if (isObject(last) && last['role'] === 'assistant') {
		const read = readPrefill(model, messages.length - 1, last, reasoning);
		if (typeof read !== 'string') return read;
		prefill = read;
	}
	return {
		route: 'messages',
		model,
		stream: body['stream'] === true,
		prompt,
		scenario: parseScenario(prompt),
		reasoning,
		imageTool: null,
		inputChars,
		maxTokens,
		encryptedReasoning: false,
		unverifiedReasoning: null,
		encryptedInclude: false,
		webSearchTool: declaresWebSearch(body['tools'], 'messages'),
		attachments,
		afterToolOutput: isObject(last) && last['role'] === 'user' && hasToolResult(last['content']),
		prefill
	};
}

function hasToolResult(content: unknown): boolean {
	return Array.isArray(content) && content.some((b) => isObject(b) && b['type'] === 'tool_result');
}
