/**
 * The three request/stream families a gateway can speak (see docs/reference/wire.md):
 * - `responses`: `{base}/v1/responses`, Responses API;
 * - `backend`: `{base}/backend-api/<area>/responses`, Responses API plus account/session headers;
 * - `messages`: `{base}/v1/messages`, Anthropic Messages API.
 */
export type RouteKind = 'responses' | 'messages' | 'backend';

export const ROUTE_KINDS: readonly RouteKind[] = ['responses', 'messages', 'backend'];
