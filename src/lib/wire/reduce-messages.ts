/**
 * Anthropic Messages stream events → TurnEvents (docs/reference/wire.md, "Messages request and
 * stream"): `message_start` → per block `content_block_start` → `content_block_delta`* →
 * `content_block_stop` → `message_delta{stop_reason, usage}` → `message_stop`.
 *
 * - `text_delta` → text, `thinking_delta` → reasoning (in their canonical text, read without
 *   `JSON.parse`: messages-canonical-delta.ts); a thinking block's `signature_delta` is kept
 *   and the block is emitted whole at its stop (`reasoning_part`), as are redacted thinking blocks.
 * - Tool-use blocks and server tool result blocks are reported as tool activity at their start and
 *   stop (messages-tools.ts); `input_json_delta` pieces are joined, kept as written.
 * - A text block's `citations` and each `citations_delta` are sources (citation-reports.ts).
 * - `ping` and unknown blocks or deltas are ignored.
 * - Usage: the input count from `message_start.message.usage`, then `message_delta.usage`
 *   (cumulative; later wins). message_start's `output_tokens` is a placeholder (1), not the
 *   answer's count: an answer stopped or cut before `message_delta` has no output count.
 * - A repeated `message_start` for the open message (same id) is ignored; a `message_start` with a
 *   different id while a message is open means two answers were spliced into one stream: the turn
 *   fails as `malformed_response`, keeping what the first message streamed.
 */
import { createCitationReports } from './citation-reports.ts';
import { addDelta, createDeltaTrack, type DeltaTrack } from './delta-track.ts';
import { readCanonicalDelta } from './messages-canonical-delta.ts';
import { endOfMessage } from './messages-stop.ts';
import { createMessagesTools } from './messages-tools.ts';
import type { ProtocolReducer, TurnSink } from './protocol.ts';
import { badEvent, unreadableBody } from './stream-failures.ts';
import { createToolReports } from './tool-reports.ts';
import type { TurnUsage } from './turn-events.ts';
import { usageOf } from './usage.ts';
import { asCount, asRecord, asString, type WireRecord } from './wire-json.ts';

type BlockKind = 'text' | 'thinking' | 'redacted_thinking' | 'tool' | 'other';

interface BlockState {
	kind: BlockKind;
	/** Text-run group of a text block (delta-track.ts). */
	group: number;
	/** Thinking text, in pieces. */
	chunks: string[];
	signature: string;
	data: string;
}

const KNOWN = new Set([
	'message_start',
	'content_block_start',
	'content_block_delta',
	'content_block_stop',
	'message_delta',
	'message_stop'
]);

function kindOf(type: unknown): BlockKind {
	if (type === 'text' || type === 'thinking' || type === 'redacted_thinking') return type;
	return 'other';
}

/** What the per-event path reads and writes (protocol.ts: a record and module functions). */
interface Deltas {
	readonly text: DeltaTrack;
	readonly reasoning: DeltaTrack;
	readonly blocks: Map<number, BlockState>;
	/** The text-run group of the latest text block; deltas of an unknown block join it. */
	textGroup: number;
}

function textDelta(deltas: Deltas, index: number, piece: string): void {
	const group = deltas.blocks.get(index)?.group ?? deltas.textGroup;
	addDelta(deltas.text, index, group, piece, 'text');
}

function thinkingDelta(deltas: Deltas, index: number, piece: string): void {
	if (piece === '') return;
	deltas.blocks.get(index)?.chunks.push(piece);
	addDelta(deltas.reasoning, index, index, piece, 'reasoning');
}

/** A text or thinking delta read from its canonical text (messages-canonical-delta.ts). */
function canonicalDelta(deltas: Deltas, data: string): boolean {
	const delta = readCanonicalDelta(data);
	if (delta === undefined) return false;
	if (delta.kind === 'text') textDelta(deltas, delta.index, delta.text);
	else thinkingDelta(deltas, delta.index, delta.text);
	return true;
}

export function createMessagesReducer(sink: TurnSink): ProtocolReducer {
	const deltas: Deltas = {
		text: createDeltaTrack('text', sink.output),
		reasoning: createDeltaTrack('reasoning', sink.output),
		blocks: new Map(),
		textGroup: 0
	};
	const { blocks } = deltas;
	const tools = createMessagesTools(createToolReports(sink));
	const citations = createCitationReports(sink);
	let messageId: string | undefined;
	let started = false;
	let lastStartedText = true;
	let stopReason: string | undefined;

	function usage(value: TurnUsage | undefined): void {
		if (value !== undefined) sink.emit({ type: 'usage', usage: value });
	}

	function messageStart(value: WireRecord): void {
		const message = asRecord(value['message']);
		const id = message === undefined ? undefined : asString(message['id']);
		if (started) {
			if (id === undefined || messageId === undefined || id === messageId) return;
			return sink.end({
				type: 'end',
				status: 'failed',
				failure: unreadableBody('second_answer', JSON.stringify(value))
			});
		}
		started = true;
		messageId = id;
		const start = usageOf(message === undefined ? undefined : asRecord(message['usage']));
		usage(start?.inputTokens === undefined ? undefined : { inputTokens: start.inputTokens });
	}

	function blockStart(value: WireRecord): void {
		const index = asCount(value['index']) ?? 0;
		const block = asRecord(value['content_block']) ?? {};
		const kind = tools.start(index, block) ? 'tool' : kindOf(block['type']);
		if (kind === 'text' && !lastStartedText) deltas.textGroup++;
		lastStartedText = kind === 'text';
		const state: BlockState = {
			kind,
			group: deltas.textGroup,
			chunks: [],
			signature: asString(block['signature']) ?? '',
			data: asString(block['data']) ?? ''
		};
		blocks.set(index, state);
		if (kind === 'text') {
			textDelta(deltas, index, asString(block['text']) ?? '');
			citations.locations(block['citations']);
		}
		if (kind === 'thinking') thinkingDelta(deltas, index, asString(block['thinking']) ?? '');
	}

	function blockDelta(value: WireRecord): void {
		const index = asCount(value['index']) ?? 0;
		const delta = asRecord(value['delta']);
		if (delta === undefined) return malformed('content_block_delta');
		switch (delta['type']) {
			case 'text_delta': {
				const piece = asString(delta['text']);
				if (piece === undefined) return malformed('text_delta');
				return textDelta(deltas, index, piece);
			}
			case 'thinking_delta': {
				const piece = asString(delta['thinking']);
				if (piece === undefined) return malformed('thinking_delta');
				return thinkingDelta(deltas, index, piece);
			}
			case 'signature_delta': {
				const state = blocks.get(index);
				if (state !== undefined) state.signature += asString(delta['signature']) ?? '';
				return;
			}
			case 'input_json_delta':
				return tools.input(index, asString(delta['partial_json']) ?? '');
			case 'citations_delta':
				return citations.location(delta['citation']);
			default:
				return;
		}
	}

	function blockStop(value: WireRecord): void {
		const index = asCount(value['index']) ?? 0;
		const state = blocks.get(index);
		blocks.delete(index);
		if (state === undefined) return;
		switch (state.kind) {
			case 'thinking':
				return sink.emit({
					type: 'reasoning_part',
					part: { type: 'thinking', thinking: state.chunks.join(''), signature: state.signature }
				});
			case 'redacted_thinking':
				return sink.emit({
					type: 'reasoning_part',
					part: { type: 'redacted_thinking', data: state.data }
				});
			case 'tool':
				return tools.stop(index);
			case 'text':
			case 'other':
				return;
		}
	}

	function malformed(what: string): void {
		sink.end({
			type: 'end',
			status: 'failed',
			failure: badEvent(what, 'shape')
		});
	}

	return {
		knows: (type) => KNOWN.has(type),
		canonical: (data) => canonicalDelta(deltas, data),
		payload(value, type) {
			switch (type) {
				case 'content_block_delta':
					return blockDelta(value);
				case 'content_block_start':
					return blockStart(value);
				case 'content_block_stop':
					return blockStop(value);
				case 'message_start':
					return messageStart(value);
				case 'message_delta': {
					const delta = asRecord(value['delta']);
					const reason = delta === undefined ? undefined : asString(delta['stop_reason']);
					if (reason !== undefined) stopReason = reason;
					return usage(usageOf(asRecord(value['usage'])));
				}
				case 'message_stop':
					return sink.end(endOfMessage(stopReason, sink.context));
				default:
					return;
			}
		}
	};
}
