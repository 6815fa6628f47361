/**
 * Conversation → the HTTP request for a route kind. `buildTurnRequest` picks the route's builder
 * (request-responses.ts, request-backend.ts, request-messages.ts). `buildRequest` is the earlier,
 * text-only entry point, kept as a thin wrapper: streaming, a model without reasoning parameters,
 * Bearer auth on every route, no backend account/session headers.
 */
import { buildBackendRequest } from './request-backend.ts';
import { buildMessagesRequest } from './request-messages.ts';
import { buildResponsesRequest, responsesBody } from './request-responses.ts';
import { baseHeaders, setHeader } from './request-headers.ts';
import type { ModelCapabilities, TurnRequestInput, WireRequest } from './request-types.ts';
import type { RouteKind } from './route-kind.ts';

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

export interface ChatTurn {
	role: 'user' | 'assistant';
	text: string;
}

export interface RequestInput {
	route: RouteKind;
	/** Gateway base URL, without a trailing slash. */
	baseUrl: string;
	area: string;
	model: string;
	turns: readonly ChatTurn[];
	instructions: string;
	apiKey?: string;
	maxTokens?: number;
}

const TEXT_ONLY: ModelCapabilities = { thinking: 'off', encryptedReasoning: false };

export function buildRequest(input: RequestInput): WireRequest {
	const common = {
		baseUrl: input.baseUrl,
		model: input.model,
		capabilities: TEXT_ONLY,
		conversation: { instructions: input.instructions, turns: input.turns },
		stream: true
	};
	const key = input.apiKey ?? '';
	switch (input.route) {
		case 'responses':
			return buildResponsesRequest({ ...common, apiKey: key });
		case 'messages':
			return buildMessagesRequest({
				...common,
				...(input.maxTokens === undefined ? {} : { maxTokens: input.maxTokens }),
				credential: { scheme: 'bearer', value: key }
			});
		case 'backend': {
			const headers = baseHeaders(true);
			if (key !== '') setHeader(headers, 'authorization', `Bearer ${key}`);
			return {
				url: `${input.baseUrl}/backend-api/${input.area}/responses`,
				headers,
				body: JSON.stringify(responsesBody(common))
			};
		}
	}
}
