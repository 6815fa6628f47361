/**
 * Responses API stream events → TurnEvents, for the `responses` and `backend` routes
 * (docs/reference/wire.md, "Responses stream").
 *
 * - Text, refusal and reasoning-summary deltas stream as they come; parts are keyed by
 *   `(output_index, content_index | summary_index)`, never by `item_id` (relays rotate item ids).
 * - `.done` events, `content_part.done`, `output_item.done` and the terminal response's `output`
 *   settle each part (delta-track.ts), emit each finished image and reasoning item once per output
 *   index. The terminal `output` is matched to output indexes by item id.
 * - Tool items (function, custom, web search, file search, code interpreter, MCP, shell, …) are
 *   reported from `output_item.added` on, through their status and input `.done` events, to their
 *   complete item (responses-tools.ts, tool-reports.ts). `url_citation` annotations, from
 *   `output_text.annotation.added` and from the finished parts, are sources (citation-reports.ts).
 * - `response.completed` → completed; `response.incomplete` → incomplete with
 *   `incomplete_details.reason`; `response.failed` → failed via classifyStreamError. Usage comes
 *   from the terminal response.
 * - Every other kind (created, in_progress, argument and code deltas, audio, …) is ignored.
 */
import { classifyStreamError } from '../failure/index.ts';
import { createCitationReports } from './citation-reports.ts';
import { addDelta, createDeltaTrack, settleDelta, type DeltaKind } from './delta-track.ts';
import { imageMimeType } from './image-mime.ts';
import type { ProtocolReducer, TurnSink } from './protocol.ts';
import { PART_STRIDE, settleOutputItem } from './responses-items.ts';
import { createResponsesTools } from './responses-tools.ts';
import { badEvent } from './stream-failures.ts';
import { createToolReports } from './tool-reports.ts';
import { usageOf } from './usage.ts';
import { asArray, asCount, asRecord, asString, isRecord, type WireRecord } from './wire-json.ts';

/** Reasoning text parts (`reasoning_text`) are keyed above the summary parts of the same item. */
const REASONING_TEXT_OFFSET = 1 << 15;

const KNOWN = new Set([
	'response.output_text.delta',
	'response.output_text.done',
	'response.refusal.delta',
	'response.refusal.done',
	'response.content_part.done',
	'response.reasoning_summary_text.delta',
	'response.reasoning_summary_text.done',
	'response.reasoning_summary_part.done',
	'response.reasoning_text.delta',
	'response.reasoning_text.done',
	'response.image_generation_call.partial_image',
	'response.output_item.added',
	'response.output_item.done',
	'response.completed',
	'response.incomplete',
	'response.failed'
]);

export function createResponsesReducer(sink: TurnSink): ProtocolReducer {
	const text = createDeltaTrack('text', sink.output);
	const reasoning = createDeltaTrack('reasoning', sink.output);
	const settled = new Set<number>();
	const tools = createResponsesTools(createToolReports(sink));
	const citations = createCitationReports(sink);
	const items = { sink, text, reasoning, settled, tools, citations };
	const itemIndexes = new Map<string, number>();
	let announced = false;

	function malformed(type: string): void {
		sink.end({
			type: 'end',
			status: 'failed',
			failure: badEvent(type, 'shape')
		});
	}

	function textDelta(value: WireRecord, type: string, kind: DeltaKind): void {
		const delta = asString(value['delta']);
		if (delta === undefined) return malformed(type);
		const item = asCount(value['output_index']) ?? 0;
		addDelta(text, item * PART_STRIDE + (asCount(value['content_index']) ?? 0), item, delta, kind);
	}

	function textDone(value: WireRecord, full: string | undefined, kind: DeltaKind): void {
		if (full === undefined) return;
		const item = asCount(value['output_index']) ?? 0;
		settleDelta(
			text,
			item * PART_STRIDE + (asCount(value['content_index']) ?? 0),
			item,
			full,
			kind
		);
	}

	function reasoningKey(value: WireRecord, type: string): number {
		const item = asCount(value['output_index']) ?? 0;
		return type.startsWith('response.reasoning_text')
			? item * PART_STRIDE + REASONING_TEXT_OFFSET + (asCount(value['content_index']) ?? 0)
			: item * PART_STRIDE + (asCount(value['summary_index']) ?? 0);
	}

	function reasoningDelta(value: WireRecord, type: string): void {
		const delta = asString(value['delta']);
		if (delta === undefined) return malformed(type);
		const key = reasoningKey(value, type);
		addDelta(reasoning, key, key, delta, 'reasoning');
	}

	function reasoningDone(value: WireRecord, type: string, full: string | undefined): void {
		if (full === undefined) return;
		const key = reasoningKey(value, type);
		settleDelta(reasoning, key, key, full, 'reasoning');
	}

	function partialImage(value: WireRecord): void {
		const base64 = asString(value['partial_image_b64']);
		if (base64 === undefined || base64 === '') return;
		sink.emit({
			type: 'image_partial',
			index: asCount(value['partial_image_index']) ?? 0,
			image: { mimeType: imageMimeType(asString(value['output_format']), base64), base64 }
		});
	}

	/**
	 * The terminal response's `output` settles what the stream left unfinished. Its positions need
	 * not be the stream's `output_index` (relays drop items), so an entry is matched by the item id
	 * the stream announced, and by position only when the stream announced no items at all.
	 */
	function settleFinalOutput(output: readonly unknown[]): void {
		output.forEach((item, position) => {
			const id = isRecord(item) ? asString(item['id']) : undefined;
			const index = id === undefined ? undefined : itemIndexes.get(id);
			if (index !== undefined) settleOutputItem(items, index, item);
			else if (!announced) settleOutputItem(items, position, item);
		});
	}

	function announce(value: WireRecord, final: boolean): void {
		announced = true;
		const item = asRecord(value['item']);
		if (item === undefined) return;
		const index = asCount(value['output_index']) ?? 0;
		const id = asString(item['id']);
		if (id !== undefined) itemIndexes.set(id, index);
		if (!final) tools.item(index, item, false);
	}

	function terminal(value: WireRecord, type: string): void {
		const response = asRecord(value['response']);
		const output = response === undefined ? undefined : asArray(response['output']);
		if (output !== undefined) settleFinalOutput(output);
		if (sink.output.done) return;
		const usage = usageOf(response === undefined ? undefined : asRecord(response['usage']));
		if (usage !== undefined) sink.emit({ type: 'usage', usage });
		if (type === 'response.completed') return sink.end({ type: 'end', status: 'completed' });
		if (type === 'response.incomplete') {
			const details = response === undefined ? undefined : asRecord(response['incomplete_details']);
			const reason = details === undefined ? undefined : asString(details['reason']);
			return sink.end({ type: 'end', status: 'incomplete', reason: reason ?? 'unknown' });
		}
		sink.end({ type: 'end', status: 'failed', failure: classifyStreamError(value, sink.context) });
	}

	return {
		knows: (type) => KNOWN.has(type),
		payload(value, type) {
			switch (type) {
				case 'response.output_text.delta':
					return textDelta(value, type, 'text');
				case 'response.refusal.delta':
					return textDelta(value, type, 'refusal');
				case 'response.output_text.done':
					return textDone(value, asString(value['text']), 'text');
				case 'response.refusal.done':
					return textDone(value, asString(value['refusal']), 'refusal');
				case 'response.content_part.done': {
					const part = asRecord(value['part']);
					if (part === undefined) return;
					if (part['type'] === 'refusal') {
						return textDone(value, asString(part['refusal']), 'refusal');
					}
					textDone(value, asString(part['text']), 'text');
					return citations.annotations(part['annotations']);
				}
				case 'response.output_text.annotation.added':
					return citations.annotation(value['annotation']);
				case 'response.reasoning_summary_text.delta':
				case 'response.reasoning_text.delta':
					return reasoningDelta(value, type);
				case 'response.reasoning_summary_text.done':
				case 'response.reasoning_text.done':
					return reasoningDone(value, type, asString(value['text']));
				case 'response.reasoning_summary_part.done': {
					const part = asRecord(value['part']);
					return reasoningDone(
						value,
						type,
						part === undefined ? undefined : asString(part['text'])
					);
				}
				case 'response.image_generation_call.partial_image':
					return partialImage(value);
				case 'response.output_item.added':
					return announce(value, false);
				case 'response.output_item.done':
					announce(value, true);
					return settleOutputItem(items, asCount(value['output_index']) ?? 0, value['item']);
				case 'response.completed':
				case 'response.incomplete':
				case 'response.failed':
					return terminal(value, type);
				default:
					return tools.event(value, type);
			}
		}
	};
}
