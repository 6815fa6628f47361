/**
 * A non-streaming answer (`stream: false`) → the same Turn a stream would give, by replaying the
 * body as the events that would have streamed it through the same reducers:
 * - Responses (`responses`, `backend`): the response object is the terminal event's `response`;
 *   its `status` picks the event (`completed`, `incomplete`, `failed`; `cancelled` → cancelled; a
 *   response still `queued`/`in_progress` → interrupted). A missing status counts as completed.
 * - Messages: the message object becomes `message_start`, one start/stop pair per content block
 *   (with the block's full text, thinking, signature or tool input), `message_delta` (with the
 *   message's usage), `message_stop`.
 * - An error body (`{"error":…}`, `{"type":"error",…}`) → failed via classifyStreamError;
 *   anything else → `malformed_response`.
 */
import { classifyStreamError, type ClassifyContext } from '../failure/index.ts';
import type { RouteKind } from './route-kind.ts';
import { streamInterrupted, unreadableBody } from './stream-failures.ts';
import { createTurnCore, type TurnCore } from './turn-core.ts';
import type { Turn } from './turn-events.ts';
import { asArray, isRecord, parseJson, asString, type WireRecord } from './wire-json.ts';

const RESPONSE_EVENT: ReadonlyMap<string, string> = new Map([
	['completed', 'response.completed'],
	['incomplete', 'response.incomplete'],
	['failed', 'response.failed']
]);

function replayResponse(core: TurnCore, response: WireRecord): void {
	asArray(response['output'])?.forEach((item, index) => {
		const type = 'response.output_item.done';
		core.payload({ type, output_index: index, item }, type);
	});
	const status = asString(response['status']) ?? 'completed';
	const type = RESPONSE_EVENT.get(status);
	if (type !== undefined) return core.payload({ type, response }, type);
	if (status === 'cancelled') return core.finish({ type: 'end', status: 'cancelled' });
	core.fail(streamInterrupted(), 'interrupted');
}

function replayMessage(core: TurnCore, message: WireRecord): void {
	core.payload({ type: 'message_start', message: { ...message, content: [] } }, 'message_start');
	asArray(message['content'])?.forEach((block, index) => {
		core.payload(
			{ type: 'content_block_start', index, content_block: block },
			'content_block_start'
		);
		core.payload({ type: 'content_block_stop', index }, 'content_block_stop');
	});
	const delta = { stop_reason: message['stop_reason'] ?? null };
	// The whole message's usage, where a stream's final count is (message_start's is not one).
	core.payload({ type: 'message_delta', delta, usage: message['usage'] }, 'message_delta');
	core.payload({ type: 'message_stop' }, 'message_stop');
}

function isErrorBody(value: WireRecord): boolean {
	return value['type'] === 'error' || (value['error'] !== undefined && value['error'] !== null);
}

export function parseTurnJson(route: RouteKind, text: string, context: ClassifyContext = {}): Turn {
	const core = createTurnCore(route, { context, maxEventChars: Number.POSITIVE_INFINITY });
	const parsed = parseJson(text);
	const value = parsed?.value;
	if (!isRecord(value)) {
		core.fail(unreadableBody('not_object', text));
		return core.turn();
	}
	if (route === 'messages') {
		if (value['type'] === 'message') replayMessage(core, value);
		else if (isErrorBody(value)) core.fail(classifyStreamError(value, { route, ...context }));
	} else if (value['object'] === 'response' || Array.isArray(value['output'])) {
		replayResponse(core, value);
	} else if (isErrorBody(value)) {
		core.fail(classifyStreamError(value, { route, ...context }));
	}
	if (!core.done) {
		core.fail(unreadableBody('json_shape', text));
	}
	return core.turn();
}
