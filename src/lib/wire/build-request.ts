/**
 * Conversation → the HTTP request for a route kind. `buildTurnRequest` picks the route's builder
 * (request-responses.ts, request-backend.ts, request-messages.ts).
 */
import { buildBackendRequest } from './request-backend.ts';
import { buildMessagesRequest } from './request-messages.ts';
import { buildResponsesRequest } from './request-responses.ts';
import type { TurnRequestInput, WireRequest } from './request-types.ts';

export type { WireRequest } from './request-types.ts';

export function buildTurnRequest(input: TurnRequestInput): WireRequest {
	switch (input.route) {
		case 'responses':
			return buildResponsesRequest(input);
		case 'backend':
			return buildBackendRequest(input);
		case 'messages':
			return buildMessagesRequest(input);
	}
}
