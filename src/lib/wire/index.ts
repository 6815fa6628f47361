/**
 * The wire layer: pure protocol code (no fetch, no DOM, no Svelte). Request builders per route
 * kind, and the stream pipeline bytes → TurnEvents → Turn (shared/DESIGN.md, Contracts).
 */
export { ROUTE_KINDS, type RouteKind } from './route-kind.ts';

export type {
	Turn,
	TurnEnd,
	TurnEvent,
	TurnEventListener,
	TurnImage,
	TurnStatus,
	TurnUsage
} from './turn-events.ts';
export { collectTurn, type CollectTurnOptions } from './collect-turn.ts';
export { readTurn, type ReadTurnOptions } from './read-turn.ts';
export { createTurnReducer, type TurnReducer, type TurnReducerOptions } from './turn-reducer.ts';
export { createTurnBuilder, type TurnBuilder } from './turn-builder.ts';
export { parseTurnJson } from './parse-turn-json.ts';
export {
	DEFAULT_IDLE_TIMEOUT_MS,
	DEFAULT_LIMITS,
	DEFAULT_MAX_EVENT_SIZE,
	type StreamLimits
} from './limits.ts';

export type {
	AssistantTurn,
	Conversation,
	ConversationTurn,
	ImageInput,
	ReasoningPart,
	ToolCall,
	UserTurn
} from './conversation.ts';
export {
	DEFAULT_MAX_TOKENS,
	RequestBuildError,
	type BackendRequestInput,
	type ImageGenerationSettings,
	type MessagesRequestInput,
	type ModelCapabilities,
	type ReasoningEffort,
	type ReasoningSettings,
	type ReasoningSummary,
	type RequestBuildErrorCode,
	type ResponsesRequestInput,
	type TurnRequestInput,
	type WireRequest
} from './request-types.ts';
export { buildTurnRequest } from './build-request.ts';
export { buildResponsesRequest } from './request-responses.ts';
export { buildBackendRequest } from './request-backend.ts';
export { buildMessagesRequest, ANTHROPIC_VERSION } from './request-messages.ts';
export { DEFAULT_THINKING_BUDGET, MIN_THINKING_BUDGET } from './messages-thinking.ts';
