/**
 * The history a route accepts, checked on the request body as JSON — independently of the
 * builders, so tests can run it on any body, and every builder runs it before a request leaves
 * (docs/history.md). It rejects what the services refuse with a 400:
 *
 * Messages (Anthropic Messages API, "messages" parameter): at least one message, the first from
 * the user, roles alternating, no empty content and no empty text block, thinking blocks only in
 * assistant messages, every `tool_use` answered by a `tool_result` with its id at the start of the
 * next user message, no `tool_result` without its `tool_use`; the last message is the user's,
 * unless it is an assistant prefill (text only, not ending in whitespace).
 *
 * Responses (`input` with `store: false`): at least one item, the first a user message, never two
 * user messages in a row, every `function_call` / `custom_tool_call` followed by its output (same
 * `call_id`) before the next user message, no output without its call, a `reasoning` item
 * followed by a message or a call of the same turn, no item `id` (unknown to the server), no empty
 * message content; the last item is a user message or a tool output.
 */
import { RequestBuildError } from './request-types.ts';
import type { RouteKind } from './route-kind.ts';

/** What a client tool call this client never ran is answered with. */
export const TOOL_NOT_RUN = 'Not run: this client has no such tool.';

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isJson) : []);

function refuse(message: string): never {
	throw new RequestBuildError('invalid_history', `The conversation cannot be sent: ${message}`);
}

/** Throws RequestBuildError(`invalid_history`) when `body` holds a history the route refuses. */
export function validateHistory(route: RouteKind, body: unknown): void {
	if (!isJson(body)) refuse('the request body is not an object.');
	if (route === 'messages') validateMessages(list(body['messages']));
	else validateResponses(list(body['input']));
}

function validateMessages(messages: Json[]): void {
	if (messages.length === 0) refuse('it has no messages.');
	if (messages[0]?.['role'] !== 'user') refuse('it starts with an answer, not a prompt.');
	let open: string[] = [];
	messages.forEach((message, index) => {
		const role = message['role'];
		if (role !== 'user' && role !== 'assistant') refuse(`message ${index + 1} has no role.`);
		if (index > 0 && messages[index - 1]?.['role'] === role) {
			refuse(`messages ${index} and ${index + 1} are both from the ${String(role)}.`);
		}
		const content = list(message['content']);
		if (content.length === 0) refuse(`message ${index + 1} is empty.`);
		const results = content.filter((block) => block['type'] === 'tool_result');
		if (role === 'user') {
			const answered = results.map((block) => String(block['tool_use_id']));
			if (open.some((id) => !answered.includes(id))) {
				refuse(`a tool call of message ${index} has no result in the message after it.`);
			}
			if (answered.some((id) => !open.includes(id))) {
				refuse(`message ${index + 1} answers a tool call that was not made.`);
			}
			if (content.slice(0, results.length).some((block) => block['type'] !== 'tool_result')) {
				refuse(`the tool results of message ${index + 1} do not come first.`);
			}
		} else if (results.length > 0) {
			refuse(`answer ${index + 1} holds a tool result.`);
		}
		for (const block of content) {
			const text = block['text'];
			if (block['type'] === 'text' && (typeof text !== 'string' || text.trim() === '')) {
				refuse(`message ${index + 1} has an empty text block.`);
			}
			if (
				role === 'user' &&
				(block['type'] === 'thinking' || block['type'] === 'redacted_thinking')
			) {
				refuse(`prompt ${index + 1} holds thinking.`);
			}
		}
		open =
			role === 'assistant'
				? content
						.filter((block) => block['type'] === 'tool_use')
						.map((block) => String(block['id']))
				: [];
	});
	const last = messages.at(-1);
	if (last?.['role'] === 'assistant') {
		const content = list(last['content']);
		const text = content.at(-1);
		const prefill =
			content.every((block) => block['type'] === 'text' || block['type'] === 'thinking') &&
			text?.['type'] === 'text' &&
			!/\s$/.test(String(text['text']));
		if (!prefill) refuse('it ends with an answer that cannot be continued.');
	}
}

const CALLS: Readonly<Record<string, string>> = {
	function_call: 'function_call_output',
	custom_tool_call: 'custom_tool_call_output'
};
const OUTPUTS = new Set(Object.values(CALLS));

function validateResponses(input: Json[]): void {
	if (input.length === 0) refuse('it has no input.');
	const first = input[0];
	if (first?.['type'] !== 'message' || first['role'] !== 'user') {
		refuse('it starts with an answer, not a prompt.');
	}
	const open = new Map<string, string>();
	const answered = new Set<string>();
	input.forEach((item, index) => {
		const type = item['type'];
		if ('id' in item) refuse(`item ${index + 1} carries a server id.`);
		if (type === 'message') {
			if (list(item['content']).length === 0) refuse(`message ${index + 1} is empty.`);
			if (item['role'] === 'user') {
				if (open.size > 0) refuse(`a tool call before item ${index + 1} has no output.`);
				const before = input[index - 1];
				if (before?.['type'] === 'message' && before['role'] === 'user') {
					refuse(`items ${index} and ${index + 1} are both prompts.`);
				}
			}
		} else if (typeof type === 'string' && type in CALLS) {
			open.set(String(item['call_id']), CALLS[type] ?? '');
		} else if (typeof type === 'string' && OUTPUTS.has(type)) {
			const id = String(item['call_id']);
			if (open.get(id) !== type) refuse(`item ${index + 1} answers a tool call that was not made.`);
			open.delete(id);
			answered.add(id);
		} else if (type === 'reasoning') {
			const next = input[index + 1];
			const follows =
				next !== undefined &&
				(next['type'] === 'reasoning' ||
					(next['type'] === 'message' && next['role'] === 'assistant') ||
					(typeof next['type'] === 'string' && next['type'] in CALLS));
			if (!follows) refuse(`reasoning item ${index + 1} is not followed by what it led to.`);
		}
	});
	if (open.size > 0) refuse('a tool call has no output.');
	const last = input.at(-1);
	const endsWell =
		(last?.['type'] === 'message' && last['role'] === 'user') ||
		(typeof last?.['type'] === 'string' && OUTPUTS.has(last['type']));
	if (!endsWell) refuse('it ends with an answer, not a prompt.');
}
