/**
 * The wire layer: pure protocol code (no fetch, no DOM, no Svelte). Request builders per route
 * kind, and the stream pipeline bytes → TurnEvents → Turn (docs/ARCHITECTURE.md, Contracts).
 */
export { ROUTE_KINDS, type RouteKind } from './route-kind.ts';

export type {
	Turn,
	TurnEvent,
	TurnEventListener,
	TurnImage,
	TurnStatus,
	TurnUsage
} from './turn-events.ts';
export { collectTurn } from './collect-turn.ts';
export { readTurn, type ReadTurnOptions } from './read-turn.ts';
export { createTurnReducer } from './turn-reducer.ts';
export { createTurnBuilder } from './turn-builder.ts';
export { parseTurnJson } from './parse-turn-json.ts';
export { DEFAULT_MAX_EVENT_SIZE } from './limits.ts';

export type {
	Attachment,
	Citation,
	Conversation,
	ConversationTurn,
	ReasoningPart,
	ToolActivity
} from './conversation.ts';
export {
	RequestBuildError,
	type BackendRequestInput,
	type MessagesRequestInput,
	type ModelCapabilities,
	type ReasoningEffort,
	type ReasoningSettings,
	type ResponsesRequestInput,
	type TurnRequestInput,
	type WireRequest
} from './request-types.ts';
export { buildTurnRequest } from './build-request.ts';
export { buildResponsesRequest } from './request-responses.ts';
export { buildBackendRequest } from './request-backend.ts';
export { buildMessagesRequest } from './request-messages.ts';
export { TOOL_NOT_RUN, validateHistory } from './history-validator.ts';
