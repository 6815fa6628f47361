/**
 * How a Messages turn ended, from `message_delta.delta.stop_reason` (docs/reference/wire.md):
 * - `end_turn`, `stop_sequence`, `tool_use` (and none at all) → completed;
 * - `max_tokens`, `pause_turn` (a server tool loop paused; continuing needs a new request) and
 *   `refusal` (streaming classifiers stopped the answer; what arrived may be partial) → incomplete,
 *   with the stop reason as the reason: not failures (docs/reference/failures.md);
 * - `model_context_window_exceeded` → failed as `context_too_large`, through the failure classifier,
 *   because the remedy is the taxonomy's (compact and retry), and the partial answer is kept;
 * - any other reason a newer API may add → completed (the message did stop normally).
 */
import { classifyStreamError, type ClassifyContext } from '../failure/index.ts';
import type { TurnEnd } from './turn-events.ts';

export function endOfMessage(stopReason: string | undefined, context: ClassifyContext): TurnEnd {
	switch (stopReason) {
		case 'max_tokens':
		case 'pause_turn':
		case 'refusal':
			return { type: 'end', status: 'incomplete', reason: stopReason };
		case 'model_context_window_exceeded':
			return {
				type: 'end',
				status: 'failed',
				failure: classifyStreamError(
					{
						type: 'error',
						error: {
							type: stopReason,
							message: "The conversation no longer fits in the model's context window."
						}
					},
					context
				)
			};
		case undefined:
		default:
			return { type: 'end', status: 'completed' };
	}
}
