/**
 * What the demo gateway reads from a request, and the refusals it answers with: the shape of a read
 * request (`DemoRequest`), the real services' error bodies, the `#scenario:` token, and the JSON
 * helpers both readers share. The readers themselves are responses-request.ts and
 * messages-request.ts; read-request.ts picks one by route.
 */
import type { RouteKind } from '../../wire/route-kind.ts';
import type { Attachment } from './attachments.ts';

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

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text of a content value: a string, or the text parts of a content array (any API's part names). */
export function contentText(content: unknown): string {
	if (typeof content === 'string') return content;
	if (!Array.isArray(content)) return '';
	return content
		.map((part) => (isObject(part) && typeof part['text'] === 'string' ? part['text'] : ''))
		.join('');
}

/** The Responses API's error body (every Responses route, the Codex backend's included). */
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

export function declaresWebSearch(tools: unknown, route: RouteKind): boolean {
	if (!Array.isArray(tools)) return false;
	return tools.some((tool) => {
		if (!isObject(tool) || typeof tool['type'] !== 'string') return false;
		return route === 'messages'
			? tool['type'].startsWith('web_search_')
			: RESPONSES_WEB_SEARCH.has(tool['type']);
	});
}

/**
 * Longest model id the demo takes. Every answer repeats the id (in its text and in each response
 * object), so a longer one is refused rather than copied into an answer of its size.
 */
export const MAX_MODEL_CHARS = 256;

/**
 * `#scenario:<name>[:<arg>][:once|:twice]`. An argument is never the word `once` or `twice`
 * itself, so `#scenario:stall:once` is `stall` played once, not `stall` with the argument "once".
 */
const SCENARIO_TOKEN =
	/#scenario:([a-z0-9-]+)(?::(?!(?:once|twice)(?![A-Za-z0-9._-]))([A-Za-z0-9._-]+))?(?::(once|twice)(?![A-Za-z0-9._-]))?/;

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
