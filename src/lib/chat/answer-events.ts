/**
 * How a turn's events change the answer on screen: cleared for a new attempt, then one streamed
 * event at a time. Text and reasoning deltas go to the answer's `StreamingText`, not to the
 * message's reactive state (see chat-session.svelte.ts).
 */
import { assertNever } from '../failure/index.ts';
import type { StreamingText } from '../render/streaming-text.svelte.ts';
import type { TurnEvent } from '../wire/index.ts';
import { storedImage, type ChatMessage } from './chat-message.ts';

/** Back to an empty streaming answer, for a new attempt. */
export function resetAnswer(answer: ChatMessage): void {
	answer.text = '';
	answer.reasoning = '';
	answer.status = 'streaming';
	answer.images = [];
	delete answer.partialImage;
	delete answer.refused;
	delete answer.incompleteReason;
	delete answer.usage;
	delete answer.reasoningParts;
	delete answer.failure;
	delete answer.retryNote;
}

/**
 * Folds one streamed event into the answer on screen. Text and reasoning deltas go to `live`, not
 * to the message's reactive state: no proxied write per token (the renderer listens to `live`).
 */
export function applyEvent(answer: ChatMessage, live: StreamingText, event: TurnEvent): void {
	switch (event.type) {
		case 'text':
			live.append('text', event.delta);
			return;
		case 'refusal':
			if (answer.refused !== true) answer.refused = true;
			live.append('text', event.delta);
			return;
		case 'reasoning':
			live.append('reasoning', event.delta);
			return;
		case 'image_partial': {
			const image = storedImage(event.image);
			if (image !== null) answer.partialImage = image;
			return;
		}
		case 'image': {
			const image = storedImage(event.image);
			if (image !== null) answer.images.push(image);
			delete answer.partialImage;
			return;
		}
		case 'usage':
			answer.usage = { ...answer.usage, ...event.usage };
			return;
		case 'end':
			if (event.status === 'incomplete') answer.incompleteReason = event.reason;
			return;
		case 'reasoning_part':
			// Sent back with the next request (thinking signatures, encrypted reasoning).
			answer.reasoningParts = [...(answer.reasoningParts ?? []), event.part];
			return;
		case 'tool_call':
			// Switchboard declares no client tools; server tools' calls have nothing to show.
			return;
		default:
			assertNever(event, 'turn event');
	}
}
