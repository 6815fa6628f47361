/**
 * Reads a Responses request (`/v1/responses`, and the Codex backend's `/responses`) the way the
 * service does: the parts the demo acts on (model, stream, last user text and its images and
 * files, tools, reasoning summaries, encrypted reasoning) and the refusals the service answers
 * with, so that a client which would fail against it fails here too.
 */
import type { RouteKind } from '../../wire/route-kind.ts';
import { attachmentOf, decodeDataUrl, IMAGE_MEDIA_TYPES, type Attachment } from './attachments.ts';
import { isDemoEncryptedReasoning } from './encrypted-reasoning.ts';
import { checkToolOutputs } from './history.ts';
import {
	contentText,
	declaresWebSearch,
	isObject,
	MAX_MODEL_CHARS,
	openAiError,
	parseScenario,
	type DemoRequest,
	type ImageToolRequest,
	type JsonObject,
	type RequestRejection
} from './request.ts';

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

export function readResponses(route: RouteKind, body: JsonObject): DemoRequest | RequestRejection {
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
