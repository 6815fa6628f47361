/**
 * Conversation → a request for the hosted backend route, `{base}/backend-api/<area>/responses`:
 * the Responses body with what the backend insists on (docs/reference/wire.md) — `instructions`
 * present and non-empty, `store: false`, no `system`-role items (the conversation has none: its
 * system prompt is `instructions`), no `max_output_tokens` — and the client headers: Bearer access
 * token, the account header (name from configuration), `version`, `originator`, `session_id` and
 * `session-id` (nginx drops underscore headers unless configured), `accept: text/event-stream` when
 * streaming.
 */
import { baseHeaders, setHeader } from './request-headers.ts';
import { responsesBody } from './request-responses.ts';
import { RequestBuildError, type BackendRequestInput, type WireRequest } from './request-types.ts';

export function buildBackendRequest(input: BackendRequestInput): WireRequest {
	if (input.conversation.instructions.trim() === '') {
		throw new RequestBuildError(
			'instructions_required',
			'The backend route needs instructions (a system prompt).'
		);
	}
	const headers = baseHeaders(input.stream);
	setHeader(headers, 'authorization', `Bearer ${input.accessToken}`);
	setHeader(headers, input.account.header, input.account.id);
	setHeader(headers, 'version', input.client.version);
	setHeader(headers, 'originator', input.client.originator);
	setHeader(headers, 'session_id', input.sessionId);
	setHeader(headers, 'session-id', input.sessionId);
	return {
		url: `${input.baseUrl}/backend-api/${encodeURIComponent(input.area)}/responses`,
		headers,
		body: JSON.stringify(responsesBody(input))
	};
}
