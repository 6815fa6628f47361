/**
 * Reads a demo-gateway request body the way the real services do: the parts the demo acts on
 * (model, stream, last user text, tools, reasoning/thinking, encrypted reasoning, a Messages
 * prefill), and the validation errors the real services answer with, so that a client which would
 * fail against them fails here too.
 */
import type { RouteKind } from '../../wire/route-kind.ts';
import {
	attachmentOf,
	decodeBase64,
	decodeDataUrl,
	IMAGE_MEDIA_TYPES,
	type Attachment
} from './attachments.ts';
import { isDemoEncryptedReasoning } from './encrypted-reasoning.ts';
import { checkMessagesHistory, checkToolOutputs } from './history.ts';

/** `#scenario:<name>[:<arg>][:once|:twice]`, e.g. `#scenario:cut:5:once`. */
export interface ScenarioToken {
	name: string;
	/** The optional `:<arg>` after the name, e.g. `#scenario:stall:5`. */
	arg: string | null;
	/**
	 * `:once` (1) or `:twice` (2): play it for the first requests with this prompt only
	 * (OnceScenarios); `null`: every time.
	 */
	plays: number | null;
}

export interface ImageToolRequest {
	outputFormat: 'png' | 'webp' | 'jpeg';
	partialImages: number;
}

export interface DemoRequest {
	route: RouteKind;
	model: string;
	stream: boolean;
	prompt: string;
	scenario: ScenarioToken | null;
	reasoning: boolean;
	imageTool: ImageToolRequest | null;
	inputChars: number;
	maxTokens: number | null;
	/**
	 * Responses routes: the request asks for encrypted reasoning (`include` has
	 * `reasoning.encrypted_content`) or sends some back (`encrypted_content` in an input item).
	 */
	encryptedReasoning: boolean;
	/**
	 * The first input item whose `encrypted_content` the demo did not make (its id), or null. The
	 * real service refuses it (`invalid_encrypted_content`) unless the model refuses encrypted
	 * reasoning altogether first (`demo-no-encrypted`).
	 */
	unverifiedReasoning: string | null;
	/**
	 * Responses routes: `include` has `reasoning.encrypted_content`, so reasoning items carry an
	 * `encrypted_content` token (encrypted-reasoning.ts).
	 */
	encryptedInclude: boolean;
	/** The request declares the provider's web search tool: the answer searches first. */
	webSearchTool: boolean;
	/** The images and PDFs of the latest user message, in order. */
	attachments: Attachment[];
	/**
	 * The request ends with the output of a client-side tool call (a `function_call_output`, a
	 * `tool_result`): the model's turn after a tool, so a tool scenario answers in text this time.
	 */
	afterToolOutput: boolean;
	/**
	 * Messages: the text of a final assistant message (a prefill) the answer continues from; null
	 * when the last message is the user's.
	 */
	prefill: string | null;
}

/** A request the real service would refuse: status and the body shape that service uses. */
export interface RequestRejection {
	status: number;
	body: unknown;
}

/**
 * `#scenario:<name>[:<arg>][:once|:twice]`. An argument is never the word `once` or `twice`
 * itself, so `#scenario:stall:once` is `stall` played once, not `stall` with the argument "once".
 */
const SCENARIO_TOKEN =
	/#scenario:([a-z0-9-]+)(?::(?!(?:once|twice)(?![A-Za-z0-9._-]))([A-Za-z0-9._-]+))?(?::(once|twice)(?![A-Za-z0-9._-]))?/;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text of a content value: a string, or the text parts of a content array (any API's part names). */
function contentText(content: unknown): string {
	if (typeof content === 'string') return content;
	if (!Array.isArray(content)) return '';
	return content
		.map((part) => (isObject(part) && typeof part['text'] === 'string' ? part['text'] : ''))
		.join('');
}

export function openAiError(
	message: string,
	param: string | null,
	code: string | null,
	status = 400
): RequestRejection {
	return {
		status,
		body: { error: { message, type: 'invalid_request_error', param, code } }
	};
}

/** The Messages API's error body; the handler adds its `request_id`. */
export function anthropicError(message: string): RequestRejection {
	return {
		status: 400,
		body: { type: 'error', error: { type: 'invalid_request_error', message } }
	};
}

const RESPONSES_WEB_SEARCH = new Set(['web_search', 'web_search_preview', 'web_search_2025_08_26']);

function declaresWebSearch(tools: unknown, route: RouteKind): boolean {
	if (!Array.isArray(tools)) return false;
	return tools.some((tool) => {
		if (!isObject(tool) || typeof tool['type'] !== 'string') return false;
		return route === 'messages'
			? tool['type'].startsWith('web_search_')
			: RESPONSES_WEB_SEARCH.has(tool['type']);
	});
}

/**
 * The images and files of one Responses user message, refused like the API refuses a malformed
 * data URL or a type it does not read.
 */
function responsesAttachments(
	content: unknown,
	itemIndex: number
): Attachment[] | RequestRejection {
	if (!Array.isArray(content)) return [];
	const attachments: Attachment[] = [];
	for (const [partIndex, part] of content.entries()) {
		if (!isObject(part)) continue;
		const at = `input[${itemIndex}].content[${partIndex}]`;
		if (part['type'] === 'input_image' && typeof part['image_url'] === 'string') {
			if (!part['image_url'].startsWith('data:')) continue; // a URL: nothing is fetched
			const decoded = decodeDataUrl(part['image_url']);
			if (decoded === null) {
				return openAiError(
					`Invalid '${at}.image_url'. Expected a base64-encoded data URL with an image MIME type (e.g. 'data:image/png;base64,aW1nIGJ5dGVzIGhlcmU='), but got an invalid value.`,
					`${at}.image_url`,
					'invalid_value'
				);
			}
			if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(decoded.mediaType)) {
				return openAiError(
					"You uploaded an unsupported image. Please make sure your image has of one the following formats: ['png', 'jpeg', 'gif', 'webp'].",
					`${at}.image_url`,
					'invalid_image_format'
				);
			}
			const name = `image ${attachments.length + 1}`;
			attachments.push(attachmentOf(name, decoded.mediaType, decoded.data));
		} else if (part['type'] === 'input_file' && typeof part['file_data'] === 'string') {
			const decoded = decodeDataUrl(part['file_data']);
			if (decoded === null) {
				return openAiError(
					`Invalid '${at}.file_data'. Expected a base64-encoded data URL (e.g. 'data:application/pdf;base64,…'), but got an invalid value.`,
					`${at}.file_data`,
					'invalid_value'
				);
			}
			const filename =
				typeof part['filename'] === 'string' && part['filename'] !== ''
					? part['filename']
					: `file ${attachments.length + 1}`;
			if (decoded.mediaType !== 'application/pdf' && !decoded.mediaType.startsWith('text/')) {
				return openAiError(
					`Invalid input: Expected file type to be a supported format: .pdf but got ${decoded.mediaType}.`,
					`${at}.file_data`,
					'unsupported_file'
				);
			}
			attachments.push(attachmentOf(filename, decoded.mediaType, decoded.data));
		}
	}
	return attachments;
}

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

function imageTool(tools: unknown): ImageToolRequest | null {
	if (!Array.isArray(tools)) return null;
	const tool: unknown = tools.find((t) => isObject(t) && t['type'] === 'image_generation');
	if (!isObject(tool)) return null;
	const format = tool['output_format'];
	const partial = tool['partial_images'];
	return {
		outputFormat: format === 'webp' || format === 'jpeg' ? format : 'png',
		partialImages: typeof partial === 'number' ? Math.max(0, Math.min(3, Math.trunc(partial))) : 0
	};
}

/**
 * Longest model id the demo takes. Every answer repeats the id (in its text and in each response
 * object), so a longer one is refused rather than copied into an answer of its size.
 */
const MAX_MODEL_CHARS = 256;

function readResponses(route: RouteKind, body: JsonObject): DemoRequest | RequestRejection {
	const model = body['model'];
	if (typeof model !== 'string' || model === '') {
		return openAiError(
			"Missing required parameter: 'model'.",
			'model',
			'missing_required_parameter'
		);
	}
	if (model.length > MAX_MODEL_CHARS) {
		return openAiError(
			`Invalid 'model': string too long. Expected a string with maximum length ${MAX_MODEL_CHARS}, but got a string with length ${model.length} instead.`,
			'model',
			'string_above_max_length'
		);
	}
	const previous = body['previous_response_id'];
	if (typeof previous === 'string' && previous !== '') {
		// The demo keeps nothing, so no earlier response can be found (as with `store: false`).
		return openAiError(
			`Previous response with id '${previous}' not found.`,
			'previous_response_id',
			'previous_response_not_found',
			404
		);
	}
	const input = body['input'];
	let prompt = '';
	let inputChars = 0;
	let instructionsInInput = false;
	let attachments: Attachment[] = [];
	const include = body['include'];
	const encryptedInclude =
		Array.isArray(include) && include.includes('reasoning.encrypted_content');
	let encryptedReasoning = encryptedInclude;
	let unverifiedReasoning: string | null = null;
	if (typeof input === 'string') {
		prompt = input;
		inputChars = input.length;
	} else if (Array.isArray(input)) {
		for (const [index, item] of input.entries()) {
			if (!isObject(item)) continue;
			// Only a reference names a stored item; an input item's own `id` is the client's.
			if (item['type'] === 'item_reference' && body['store'] === false) {
				return openAiError(
					`Item with id '${String(item['id'])}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`,
					'input',
					null,
					404
				);
			}
			if (item['type'] === 'item_reference') {
				return openAiError(`Item with id '${String(item['id'])}' not found.`, 'input', null, 404);
			}
			if (typeof item['encrypted_content'] === 'string') {
				encryptedReasoning = true;
				if (unverifiedReasoning === null && !isDemoEncryptedReasoning(item['encrypted_content']))
					unverifiedReasoning = typeof item['id'] === 'string' ? item['id'] : `input[${index}]`;
			}
			const text = contentText(item['content']);
			inputChars += text.length;
			if (item['role'] === 'developer' || item['role'] === 'system') instructionsInInput = true;
			if (item['role'] === 'user') {
				prompt = text;
				const found = responsesAttachments(item['content'], index);
				if (!Array.isArray(found)) return found;
				attachments = found;
			}
		}
		const unanswered = checkToolOutputs(input);
		if (unanswered !== null) return openAiError(unanswered, 'input', null);
	} else {
		return openAiError(
			"Missing required parameter: 'input'.",
			'input',
			'missing_required_parameter'
		);
	}
	if (route === 'backend') {
		// Codex sends its instructions as a developer message in `input`; that counts too.
		const instructions = body['instructions'];
		if ((typeof instructions !== 'string' || instructions === '') && !instructionsInInput) {
			return { status: 400, body: { detail: 'Instructions are required' } };
		}
		if (body['store'] !== false) {
			return { status: 400, body: { detail: 'Store must be set to false' } };
		}
	}
	const reasoning = body['reasoning'];
	const maxTokens = body['max_output_tokens'];
	return {
		route,
		model,
		stream: body['stream'] === true,
		prompt,
		scenario: parseScenario(prompt),
		reasoning:
			isObject(reasoning) && reasoning['summary'] !== undefined && reasoning['summary'] !== null,
		imageTool: imageTool(body['tools']),
		inputChars,
		maxTokens: typeof maxTokens === 'number' ? maxTokens : null,
		encryptedReasoning,
		unverifiedReasoning,
		encryptedInclude,
		webSearchTool: declaresWebSearch(body['tools'], route),
		attachments,
		afterToolOutput:
			Array.isArray(input) &&
			isObject(input.at(-1)) &&
			String((input.at(-1) as JsonObject)['type']).endsWith('_output'),
		prefill: null
	};
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

function readMessages(body: JsonObject): DemoRequest | RequestRejection {
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

/**
 * The scenario the prompt asks for: its last `#scenario:` token, so that a turn carrying an earlier
 * unanswered prompt too (the client joins them) plays the newest one.
 */
export function parseScenario(prompt: string): ScenarioToken | null {
	const match = [...prompt.matchAll(new RegExp(SCENARIO_TOKEN, 'g'))].at(-1);
	if (match === undefined || match[1] === undefined) return null;
	const plays = match[3] === 'once' ? 1 : match[3] === 'twice' ? 2 : null;
	return { name: match[1], arg: match[2] ?? null, plays };
}

/** The refusal of an `encrypted_content` the demo did not make. */
export function unverifiedReasoningRejection(itemId: string): RequestRejection {
	return openAiError(
		`The encrypted content for item ${itemId} could not be verified.`,
		null,
		'invalid_encrypted_content'
	);
}

export function isRejection(value: DemoRequest | RequestRejection): value is RequestRejection {
	return 'status' in value;
}

export function readDemoRequest(route: RouteKind, text: string): DemoRequest | RequestRejection {
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch {
		return route === 'messages'
			? anthropicError('There was an error parsing the body of your request: invalid JSON')
			: openAiError(
					"We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
					null,
					null
				);
	}
	if (!isObject(body)) {
		return route === 'messages'
			? anthropicError('Input should be an object')
			: openAiError('The request body must be a JSON object.', null, null);
	}
	return route === 'messages' ? readMessages(body) : readResponses(route, body);
}
