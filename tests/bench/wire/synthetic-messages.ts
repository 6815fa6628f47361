/**
 * A seeded synthetic Anthropic Messages stream of `events` events, shaped like the API's (recorded
 * streams in ../shared/corpus are the model): `message_start` with the full usage object, `ping`, a
 * thinking block (`thinking_delta`s, one `signature_delta`), a text block with `text_delta`s of one
 * word each (multibyte words mixed in), the stops, `message_delta` with the stop reason and usage,
 * `message_stop`. A text delta is about 110 bytes framed: the small-event case, where the cost per
 * event rather than per byte decides the throughput.
 */
import { mulberry32 } from './prng.ts';
import type { SyntheticStream } from './synthetic-stream.ts';
import { WORDS } from './synthetic-stream.ts';

const MESSAGE_ID = 'msg_01QC4g3HwBThD4BaNtBckFDJ';
const SIGNATURE =
	'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds2TdtYYTY3wK5mFVLyZn8ToWkMyBI3QJhSLmvIMC4MPuqDY2ckIwTwLL8GpCRtNo8IIMkvSmZxcX9qFHGUCjtsD5SVXVKfdKxW6ZdKB3SMX4ZOyf9BvhFzSWmdnO4KbTr2';

export function syntheticMessagesStream(events: number, seed: number): SyntheticStream {
	const random = mulberry32(seed);
	const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
	const frames: string[] = [];
	const push = (payload: Record<string, unknown> & { type: string }): void => {
		frames.push(`event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`);
	};
	push({
		type: 'message_start',
		message: {
			model: 'claude-sonnet-4-5-20250929',
			id: MESSAGE_ID,
			type: 'message',
			role: 'assistant',
			content: [],
			stop_reason: null,
			stop_sequence: null,
			usage: {
				input_tokens: 1200,
				cache_creation_input_tokens: 0,
				cache_read_input_tokens: 0,
				cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
				output_tokens: 1,
				service_tier: 'standard'
			}
		}
	});
	push({ type: 'ping' });

	const fixed = 9;
	const thinkingDeltas = Math.floor((events - fixed) * 0.05);
	const textDeltas = events - fixed - thinkingDeltas;
	const thinking: string[] = [];
	push({
		type: 'content_block_start',
		index: 0,
		content_block: { type: 'thinking', thinking: '', signature: '' }
	});
	for (let index = 0; index < thinkingDeltas; index++) {
		const delta = `${pick(WORDS)} `;
		thinking.push(delta);
		push({
			type: 'content_block_delta',
			index: 0,
			delta: { type: 'thinking_delta', thinking: delta }
		});
	}
	push({
		type: 'content_block_delta',
		index: 0,
		delta: { type: 'signature_delta', signature: SIGNATURE }
	});
	push({ type: 'content_block_stop', index: 0 });
	push({ type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } });
	const answer: string[] = [];
	for (let index = 0; index < textDeltas; index++) {
		const delta = `${random() < 0.1 ? '\n' : ' '}${pick(WORDS)}`;
		answer.push(delta);
		push({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: delta } });
	}
	push({ type: 'content_block_stop', index: 1 });
	push({
		type: 'message_delta',
		delta: { stop_reason: 'end_turn', stop_sequence: null },
		usage: {
			input_tokens: 1200,
			cache_creation_input_tokens: 0,
			cache_read_input_tokens: 0,
			output_tokens: events
		}
	});
	push({ type: 'message_stop' });
	const text = frames.join('');
	return {
		text,
		bytes: new TextEncoder().encode(text),
		events: frames.length,
		answer: answer.join(''),
		reasoning: thinking.join('')
	};
}
