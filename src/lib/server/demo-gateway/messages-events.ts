/**
 * The Anthropic Messages event sequence for one demo turn (docs/reference/wire.md, "Messages
 * request and stream"): message_start → ping → thinking block (thinking_delta*, signature_delta) →
 * text block (text_delta*) → message_delta{stop_reason, usage} → message_stop.
 */
import { randomBytes } from 'node:crypto';
import { tokenize } from './answer.ts';
import { estimateTokens, type TurnContent, type WireEvent } from './responses-events.ts';

export interface MessagesTurn {
	events: WireEvent[];
	/** The complete message object (the body of a non-streaming answer). */
	message: Record<string, unknown>;
}

export function buildMessagesTurn(
	model: string,
	inputChars: number,
	content: TurnContent
): MessagesTurn {
	const messageId = `msg_${randomBytes(12).toString('hex')}`;
	const inputTokens = estimateTokens(inputChars);
	const events: WireEvent[] = [
		{
			type: 'message_start',
			message: {
				id: messageId,
				type: 'message',
				role: 'assistant',
				model,
				content: [],
				stop_reason: null,
				stop_sequence: null,
				usage: {
					input_tokens: inputTokens,
					cache_creation_input_tokens: 0,
					cache_read_input_tokens: 0,
					output_tokens: 1
				}
			}
		},
		{ type: 'ping' }
	];
	const blocks: Record<string, unknown>[] = [];
	let outputChars = 0;

	if (content.reasoning !== null) {
		const index = blocks.length;
		const signature = randomBytes(48).toString('base64');
		events.push({
			type: 'content_block_start',
			index,
			content_block: { type: 'thinking', thinking: '', signature: '' }
		});
		for (const thinking of tokenize(content.reasoning)) {
			events.push({
				type: 'content_block_delta',
				index,
				delta: { type: 'thinking_delta', thinking }
			});
		}
		events.push(
			{ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature } },
			{ type: 'content_block_stop', index }
		);
		blocks.push({ type: 'thinking', thinking: content.reasoning, signature });
		outputChars += content.reasoning.length;
	}

	const index = blocks.length;
	const tokens = tokenize(content.refusal ?? content.text);
	const sent = tokens.slice(0, content.incompleteAfterTokens ?? tokens.length);
	const text = sent.join('');
	events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
	for (const delta of sent) {
		events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: delta } });
	}
	events.push({ type: 'content_block_stop', index });
	blocks.push({ type: 'text', text });
	outputChars += text.length;

	const stopReason =
		content.refusal !== null ? 'refusal' : sent.length < tokens.length ? 'max_tokens' : 'end_turn';
	const outputTokens = estimateTokens(outputChars);
	events.push(
		{
			type: 'message_delta',
			delta: { stop_reason: stopReason, stop_sequence: null },
			usage: { output_tokens: outputTokens }
		},
		{ type: 'message_stop' }
	);
	const message = {
		id: messageId,
		type: 'message',
		role: 'assistant',
		model,
		content: blocks,
		stop_reason: stopReason,
		stop_sequence: null,
		usage: { input_tokens: inputTokens, output_tokens: outputTokens }
	};
	return { events, message };
}

/** Anthropic's in-stream error event (`event: error`). */
export function messagesErrorEvent(type: string, message: string): WireEvent {
	return { type: 'error', error: { type, message } };
}
