/**
 * Conversation → a request for the hosted backend route, `{base}/backend-api/<area>/responses`:
 * the Responses body with what the backend insists on (docs/reference/wire.md) — `instructions`
 * present and non-empty, `store: false`, no `system`-role items (the conversation has none: its
 * system prompt is `instructions`), no `max_output_tokens` — and `accept: text/event-stream` when
 * streaming. The access token, the account header and the client and session headers are the
 * gateway header table's, added at send (src/lib/gateway/gateway-headers.ts).
 */
import { validateHistory } from './history-validator.ts';
import { baseHeaders } from './request-headers.ts';
import { responsesBody } from './request-responses.ts';
import { RequestBuildError, type BackendRequestInput, type WireRequest } from './request-types.ts';

export function buildBackendRequest(input: BackendRequestInput): WireRequest {
	if (input.conversation.instructions.trim() === '') {
		throw new RequestBuildError(
			'instructions_required',
			'The backend route needs instructions (a system prompt).'
		);
	}
	const body = responsesBody(input);
	validateHistory('backend', body);
	return {
		url: `${input.baseUrl}/backend-api/${encodeURIComponent(input.area)}/responses`,
		headers: baseHeaders(input.stream),
		body: JSON.stringify(body)
	};
}
