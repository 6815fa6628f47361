/**
 * A seeded synthetic Responses stream of `events` events, shaped like the hosted API's: created,
 * in_progress, a reasoning item with summary deltas, a message item with text deltas (multibyte
 * words mixed in), the `.done` events, and `response.completed` with the full output. Each delta
 * event carries what real ones do (`sequence_number`, `item_id`, indices, `logprobs`,
 * `obfuscation`), about 250 bytes framed.
 */
import { mulberry32 } from './prng.ts';

/** Words of the synthetic answers: ASCII, accented, CJK, Hangul, emoji, punctuation. */
export const WORDS = [
	'the',
	'stream',
	'of',
	'tokens',
	'arrives',
	'quickly',
	'and',
	'each',
	'delta',
	'is',
	'small',
	'Lisbon',
	'river',
	'café',
	'naïve',
	'Ærøskøbing',
	'漢字',
	'東京',
	'かな',
	'한글',
	'😀',
	'🎉',
	'—',
	'renderer',
	'markdown',
	'function',
	'return',
	'value',
	'context',
	'window',
	'gateway',
	'answer'
];
const MESSAGE_ID = 'msg_68f0c1a2b3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f50';
const REASONING_ID = 'rs_68f0c1a2b3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f51';
const RESPONSE_ID = 'resp_68f0c1a2b3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f52';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface SyntheticStream {
	text: string;
	bytes: Uint8Array;
	events: number;
	/** The answer text the stream carries. */
	answer: string;
	/** The reasoning summary it carries. */
	reasoning: string;
}

export function syntheticResponsesStream(events: number, seed: number): SyntheticStream {
	const random = mulberry32(seed);
	const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
	const token = (): string => Array.from({ length: 12 }, () => pick([...ALPHABET])).join('');
	const frames: string[] = [];
	let sequence = 0;
	const push = (payload: Record<string, unknown> & { type: string }): void => {
		const { type, ...rest } = payload;
		frames.push(
			`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...rest })}\n\n`
		);
	};
	const base = {
		id: RESPONSE_ID,
		object: 'response',
		created_at: 1760000000,
		model: 'gpt-5.1-codex',
		store: false
	};
	push({
		type: 'response.created',
		response: { ...base, status: 'in_progress', output: [], usage: null }
	});
	push({
		type: 'response.in_progress',
		response: { ...base, status: 'in_progress', output: [], usage: null }
	});

	const tail = 9;
	const reasoningDeltas = Math.floor((events - tail - 4) * 0.05);
	const textDeltas = events - tail - 4 - reasoningDeltas;
	const summary: string[] = [];
	push({
		type: 'response.output_item.added',
		output_index: 0,
		item: { id: REASONING_ID, type: 'reasoning', summary: [] }
	});
	for (let index = 0; index < reasoningDeltas; index++) {
		const delta = `${pick(WORDS)} `;
		summary.push(delta);
		push({
			type: 'response.reasoning_summary_text.delta',
			item_id: REASONING_ID,
			output_index: 0,
			summary_index: 0,
			delta,
			obfuscation: token()
		});
	}
	push({
		type: 'response.output_item.added',
		output_index: 1,
		item: { id: MESSAGE_ID, type: 'message', status: 'in_progress', role: 'assistant', content: [] }
	});
	const answer: string[] = [];
	for (let index = 0; index < textDeltas; index++) {
		const delta = `${random() < 0.1 ? '\n' : ' '}${pick(WORDS)}`;
		answer.push(delta);
		push({
			type: 'response.output_text.delta',
			item_id: MESSAGE_ID,
			output_index: 1,
			content_index: 0,
			delta,
			logprobs: [],
			obfuscation: token()
		});
	}
	const summaryText = summary.join('');
	const answerText = answer.join('');
	const part = { type: 'output_text', annotations: [], logprobs: [], text: answerText };
	const reasoningItem = {
		id: REASONING_ID,
		type: 'reasoning',
		summary: [{ type: 'summary_text', text: summaryText }]
	};
	const messageItem = {
		id: MESSAGE_ID,
		type: 'message',
		status: 'completed',
		role: 'assistant',
		content: [part]
	};
	push({
		type: 'response.reasoning_summary_text.done',
		item_id: REASONING_ID,
		output_index: 0,
		summary_index: 0,
		text: summaryText
	});
	push({
		type: 'response.reasoning_summary_part.done',
		item_id: REASONING_ID,
		output_index: 0,
		summary_index: 0,
		part: { type: 'summary_text', text: summaryText }
	});
	push({ type: 'response.output_item.done', output_index: 0, item: reasoningItem });
	push({
		type: 'response.output_text.done',
		item_id: MESSAGE_ID,
		output_index: 1,
		content_index: 0,
		text: answerText,
		logprobs: []
	});
	push({
		type: 'response.content_part.done',
		item_id: MESSAGE_ID,
		output_index: 1,
		content_index: 0,
		part
	});
	push({ type: 'response.output_item.done', output_index: 1, item: messageItem });
	push({
		type: 'response.output_text.annotation.added',
		item_id: MESSAGE_ID,
		output_index: 1,
		content_index: 0,
		annotation_index: 0,
		annotation: {
			type: 'url_citation',
			url: 'https://example.com',
			title: 'Example',
			start_index: 0,
			end_index: 4
		}
	});
	push({
		type: 'response.in_progress',
		response: { ...base, status: 'in_progress', output: [], usage: null }
	});
	push({
		type: 'response.completed',
		response: {
			...base,
			status: 'completed',
			output: [reasoningItem, messageItem],
			usage: { input_tokens: 1200, output_tokens: events, total_tokens: 1200 + events }
		}
	});
	const text = frames.join('');
	return {
		text,
		bytes: new TextEncoder().encode(text),
		events: frames.length,
		answer: answerText,
		reasoning: summaryText
	};
}

/** Chunks of uniformly random size in 1 B–16 KB, like network reads. */
export function randomChunks(bytes: Uint8Array, seed: number, max = 16 * 1024): Uint8Array[] {
	const random = mulberry32(seed);
	const chunks: Uint8Array[] = [];
	for (let at = 0; at < bytes.length;) {
		const size = 1 + Math.floor(random() * max);
		chunks.push(bytes.subarray(at, at + size));
		at += size;
	}
	return chunks;
}
