/**
 * A finished Responses output item (`response.output_item.done`, or an entry of the terminal
 * response's `output`) → the TurnEvents it completes. Each output index is settled once: its final
 * image or reasoning item is emitted the first time it is seen complete. Message and reasoning
 * texts are settled against what streamed (delta-track.ts), and tool items against what was
 * reported (tool-reports.ts), both idempotent; a message's `url_citation` annotations are sources
 * (citation-reports.ts, each URL once).
 */
import type { CitationReports } from './citation-reports.ts';
import { settleDelta, type DeltaTrack } from './delta-track.ts';
import { imageMimeType } from './image-mime.ts';
import type { TurnSink } from './protocol.ts';
import type { ResponsesTools } from './responses-tools.ts';
import { asArray, isRecord, asString, type WireRecord } from './wire-json.ts';

/** Part keys: `output_index * PART_STRIDE + content_index` (or `summary_index`). */
export const PART_STRIDE = 1 << 16;

export interface ItemState {
	sink: TurnSink;
	text: DeltaTrack;
	reasoning: DeltaTrack;
	/** Output indexes whose image or reasoning item was already emitted. */
	settled: Set<number>;
	tools: ResponsesTools;
	citations: CitationReports;
}

export function settleOutputItem(state: ItemState, index: number, item: unknown): void {
	if (state.sink.output.done || !isRecord(item)) return;
	switch (item['type']) {
		case 'message':
			return settleMessage(state, index, item);
		case 'reasoning':
			return settleReasoning(state, index, item);
		case 'image_generation_call':
			state.tools.item(index, item, true);
			return settleImage(state, index, item);
		default:
			return state.tools.item(index, item, true);
	}
}

function settleMessage(state: ItemState, index: number, item: WireRecord): void {
	asArray(item['content'])?.forEach((part, contentIndex) => {
		if (!isRecord(part)) return;
		const key = index * PART_STRIDE + contentIndex;
		if (part['type'] === 'output_text') {
			const full = asString(part['text']);
			if (full !== undefined) settleDelta(state.text, key, index, full, 'text');
			state.citations.annotations(part['annotations']);
		} else if (part['type'] === 'refusal') {
			const full = asString(part['refusal']);
			if (full !== undefined) settleDelta(state.text, key, index, full, 'refusal');
		}
	});
}

function summaryTexts(item: WireRecord): string[] {
	const texts: string[] = [];
	for (const entry of asArray(item['summary']) ?? []) {
		const text = isRecord(entry) ? asString(entry['text']) : undefined;
		if (text !== undefined) texts.push(text);
	}
	return texts;
}

function settleReasoning(state: ItemState, index: number, item: WireRecord): void {
	const summary = summaryTexts(item);
	summary.forEach((text, summaryIndex) => {
		const key = index * PART_STRIDE + summaryIndex;
		settleDelta(state.reasoning, key, key, text, 'reasoning');
	});
	if (state.settled.has(index)) return;
	state.settled.add(index);
	const encryptedContent = asString(item['encrypted_content']);
	state.sink.emit({
		type: 'reasoning_part',
		part: {
			type: 'summary',
			summary,
			...(encryptedContent === undefined || encryptedContent === '' ? {} : { encryptedContent })
		}
	});
}

function settleImage(state: ItemState, index: number, item: WireRecord): void {
	const base64 = asString(item['result']);
	if (base64 === undefined || base64 === '' || state.settled.has(index)) return;
	state.settled.add(index);
	const mimeType = imageMimeType(asString(item['output_format']), base64);
	state.sink.emit({ type: 'image', image: { mimeType, base64 } });
}
