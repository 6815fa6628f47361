/**
 * What the request builders take (domain types, camelCase) and what they give back. No credential,
 * account, version or session goes in: those headers are added at send, from one table
 * (src/lib/gateway/gateway-headers.ts).
 */
import type { Conversation } from './conversation.ts';

/**
 * What a model accepts, from configuration:
 * - `thinking`: `adaptive-only` — thinks adaptively, rejects `{type:"disabled"}` and `enabled`
 *   budgets (Messages); `enabled` — takes manual thinking with `budget_tokens`; `off` — no thinking
 *   or reasoning parameters at all. On Responses routes any value but `off` means the model takes
 *   `reasoning` settings.
 * - `budgetTokens`: the thinking budget to use when a request names none.
 * - `encryptedReasoning`: the model accepts `reasoning.encrypted_content` (include + items).
 */
export interface ModelCapabilities {
	thinking: 'adaptive-only' | 'enabled' | 'off';
	budgetTokens?: number;
	encryptedReasoning: boolean;
}

export type ReasoningEffort = 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';
export type ReasoningSummary = 'auto' | 'concise' | 'detailed';

/** The person's reasoning choice for this request; absent means "the model's default". */
export interface ReasoningSettings {
	/** `false` asks for no thinking where the model allows it. */
	enabled?: boolean;
	effort?: ReasoningEffort;
	/** Responses routes: the reasoning summary to stream. */
	summary?: ReasoningSummary;
	/** Messages, manual thinking: overrides the model's `budgetTokens`. */
	budgetTokens?: number;
}

export interface ImageGenerationSettings {
	outputFormat: 'png' | 'webp' | 'jpeg';
	/** Progressive previews to stream, 0–3. */
	partialImages?: 0 | 1 | 2 | 3;
}

interface RequestCommon {
	/** Gateway base URL, without a trailing slash. */
	baseUrl: string;
	model: string;
	capabilities: ModelCapabilities;
	conversation: Conversation;
	stream: boolean;
	reasoning?: ReasoningSettings;
	/** Declares the route's web search tool (Responses `web_search`, Messages `web_search_20250305`). */
	webSearch?: boolean;
}

export interface ResponsesRequestInput extends RequestCommon {
	imageGeneration?: ImageGenerationSettings;
	/** Usually the conversation id. */
	promptCacheKey?: string;
	maxOutputTokens?: number;
}

export interface BackendRequestInput extends RequestCommon {
	/** The path segment of `{base}/backend-api/<area>/responses`, e.g. `codex`. */
	area: string;
	imageGeneration?: ImageGenerationSettings;
	promptCacheKey?: string;
}

export interface MessagesRequestInput extends RequestCommon {
	/** Default {@link DEFAULT_MAX_TOKENS}. */
	maxTokens?: number;
	anthropicBeta?: readonly string[];
}

export type TurnRequestInput =
	| ({ route: 'responses' } & ResponsesRequestInput)
	| ({ route: 'backend' } & BackendRequestInput)
	| ({ route: 'messages' } & MessagesRequestInput);

/** URL, body, and the headers that describe the body: never a credential (see above). */
export interface WireRequest {
	url: string;
	headers: Record<string, string>;
	body: string;
}

export const DEFAULT_MAX_TOKENS = 8192;

/**
 * Requests the builder refuses to produce because the gateway would reject them:
 * - `thinking_budget_unavailable`: manual thinking needs 1024 ≤ budget < max_tokens, impossible
 *   when `maxTokens` ≤ 1024 (a budget outside the range is clamped into it, not refused);
 * - `invalid_max_tokens`: not a positive integer;
 * - `instructions_required`: the backend route rejects a request without instructions;
 * - `invalid_header`: a header name that is not an HTTP token, or a value with CR, LF or NUL;
 * - `invalid_history`: the history, as built, is one the route would refuse (history-validator.ts).
 */
export type RequestBuildErrorCode =
	| 'thinking_budget_unavailable'
	| 'invalid_max_tokens'
	| 'instructions_required'
	| 'invalid_header'
	| 'invalid_history';

export class RequestBuildError extends Error {
	override readonly name = 'RequestBuildError';
	readonly code: RequestBuildErrorCode;

	constructor(code: RequestBuildErrorCode, message: string) {
		super(message);
		this.code = code;
	}
}
