/**
 * The Responses API event sequence for one demo turn, in the order the hosted API sends it
 * (docs/reference/wire.md, "Responses stream"): created → in_progress → reasoning item →
 * image_generation_call item → message item → terminal event. `sequence_number` is assigned when
 * the events are framed, so scenarios can cut or replace the tail and numbering stays gapless.
 *
 * The events are made one at a time as they are taken (a generator), so a long answer is never
 * held as tens of thousands of event objects; no event is changed after it is yielded.
 */
import { randomBytes } from 'node:crypto';
import { firstTokens, tokens } from './answer.ts';
import { makeEncryptedReasoning } from './encrypted-reasoning.ts';
import { DEMO_IMAGE_SIZE } from './png.ts';
import { responsesToolItem } from './responses-tool-items.ts';
import type { AnswerSegment, ToolActivity } from './tool-activity.ts';

export type WireEvent = { type: string } & Record<string, unknown>;

export interface TurnContent {
	text: string;
	reasoning: string | null;
	refusal: string | null;
	/** base64 PNGs: the partial images, then the final one. */
	image: { partials: string[]; final: string; outputFormat: 'png' } | null;
	/** Stop after this many text tokens with `response.incomplete` (max_output_tokens). */
	incompleteAfterTokens: number | null;
	/** A tool the model uses before answering; a `function-call` is the whole answer. */
	tool: ToolActivity | null;
	/** Reasoning items carry an `encrypted_content` token (Responses `include`). */
	encryptedReasoning: boolean;
}

/** The stretches of `content.text` and the search results they cite (web search answers). */
export function answerSegments(content: TurnContent): AnswerSegment[] {
	return content.tool?.kind === 'web-search'
		? content.tool.segments
		: [{ text: content.text, source: null }];
}

const id = (prefix: string): string => `${prefix}_${randomBytes(16).toString('hex')}`;

/** Rough token estimate (4 characters a token), for the usage numbers. */
export const estimateTokens = (chars: number): number => Math.max(1, Math.ceil(chars / 4));

/** The turn's events; returns the terminal response object (the body of a non-streaming answer). */
export function* responsesTurn(
	model: string,
	inputChars: number,
	content: TurnContent
): Generator<WireEvent, Record<string, unknown>> {
	const responseId = id('resp');
	const createdAt = Math.floor(Date.now() / 1000);
	const base = {
		id: responseId,
		object: 'response',
		created_at: createdAt,
		status: 'in_progress',
		background: false,
		error: null,
		incomplete_details: null,
		model,
		output: [] as unknown[],
		parallel_tool_calls: false,
		store: false,
		usage: null
	};
	yield { type: 'response.created', response: { ...base } };
	yield { type: 'response.in_progress', response: { ...base } };
	const output: Record<string, unknown>[] = [];
	let reasoningTokens = 0;

	if (content.reasoning !== null) {
		const itemId = id('rs');
		const outputIndex = output.length;
		const text = content.reasoning;
		yield {
			type: 'response.output_item.added',
			output_index: outputIndex,
			item: { id: itemId, type: 'reasoning', summary: [] }
		};
		yield {
			type: 'response.reasoning_summary_part.added',
			item_id: itemId,
			output_index: outputIndex,
			summary_index: 0,
			part: { type: 'summary_text', text: '' }
		};
		for (const delta of tokens(text)) {
			yield {
				type: 'response.reasoning_summary_text.delta',
				item_id: itemId,
				output_index: outputIndex,
				summary_index: 0,
				delta
			};
		}
		const summary = [{ type: 'summary_text', text }];
		yield {
			type: 'response.reasoning_summary_text.done',
			item_id: itemId,
			output_index: outputIndex,
			summary_index: 0,
			text
		};
		yield {
			type: 'response.reasoning_summary_part.done',
			item_id: itemId,
			output_index: outputIndex,
			summary_index: 0,
			part: summary[0]
		};
		const item = {
			id: itemId,
			type: 'reasoning',
			summary,
			...(content.encryptedReasoning ? { encrypted_content: makeEncryptedReasoning() } : {})
		};
		yield { type: 'response.output_item.done', output_index: outputIndex, item };
		output.push(item);
		reasoningTokens = estimateTokens(text.length);
	}

	if (content.image !== null) {
		const itemId = id('ig');
		const outputIndex = output.length;
		yield {
			type: 'response.output_item.added',
			output_index: outputIndex,
			item: { id: itemId, type: 'image_generation_call', status: 'in_progress' }
		};
		yield {
			type: 'response.image_generation_call.in_progress',
			output_index: outputIndex,
			item_id: itemId
		};
		yield {
			type: 'response.image_generation_call.generating',
			output_index: outputIndex,
			item_id: itemId
		};
		for (const [index, partial] of content.image.partials.entries()) {
			yield {
				type: 'response.image_generation_call.partial_image',
				output_index: outputIndex,
				item_id: itemId,
				partial_image_index: index,
				partial_image_b64: partial
			};
		}
		const item = {
			id: itemId,
			type: 'image_generation_call',
			status: 'completed',
			background: 'opaque',
			output_format: content.image.outputFormat,
			quality: 'low',
			size: `${DEMO_IMAGE_SIZE}x${DEMO_IMAGE_SIZE}`,
			result: content.image.final
		};
		yield {
			type: 'response.image_generation_call.completed',
			output_index: outputIndex,
			item_id: itemId
		};
		yield { type: 'response.output_item.done', output_index: outputIndex, item };
		output.push(item);
	}

	if (content.tool !== null) {
		const tool = responsesToolItem(content.tool, output.length);
		yield* tool.events;
		output.push(tool.item);
	}

	let outputTokens = reasoningTokens;
	let incomplete = false;
	if (content.tool?.kind !== 'function-call') {
		const message = yield* messageItem(content, output.length);
		output.push(message.item);
		outputTokens += estimateTokens(message.text.length);
		incomplete = message.incomplete;
	}

	const inputTokens = estimateTokens(inputChars);
	const response = {
		...base,
		status: incomplete ? 'incomplete' : 'completed',
		incomplete_details: incomplete ? { reason: 'max_output_tokens' } : null,
		output,
		usage: {
			input_tokens: inputTokens,
			input_tokens_details: { cached_tokens: 0 },
			output_tokens: outputTokens,
			output_tokens_details: { reasoning_tokens: reasoningTokens },
			total_tokens: inputTokens + outputTokens
		}
	};
	yield { type: incomplete ? 'response.incomplete' : 'response.completed', response };
	return response;
}

/**
 * The assistant message item's events; a web search answer's `url_citation` annotations are
 * announced as the text they cover is streamed. Returns the item.
 */
function* messageItem(
	content: TurnContent,
	outputIndex: number
): Generator<WireEvent, { item: Record<string, unknown>; text: string; incomplete: boolean }> {
	const messageId = id('msg');
	const isRefusal = content.refusal !== null;
	const said = firstTokens(content.refusal ?? content.text, content.incompleteAfterTokens);
	const finalText = said.text;
	const incomplete = said.cut;
	// Where each cited stretch ends in the text, and its annotation.
	const annotations: { end: number; annotation: Record<string, unknown> }[] = [];
	let offset = 0;
	for (const segment of isRefusal ? [] : answerSegments(content)) {
		const start = offset;
		offset += segment.text.length;
		if (segment.source === null || offset > finalText.length) continue;
		annotations.push({
			end: offset,
			annotation: {
				type: 'url_citation',
				start_index: start,
				end_index: offset,
				url: segment.source.url,
				title: segment.source.title
			}
		});
	}
	const done = annotations.map((entry) => entry.annotation);
	const emptyPart = isRefusal
		? { type: 'refusal', refusal: '' }
		: { type: 'output_text', annotations: [], logprobs: [], text: '' };
	const donePart = isRefusal
		? { type: 'refusal', refusal: finalText }
		: { type: 'output_text', annotations: done, logprobs: [], text: finalText };
	const messageBase = { id: messageId, type: 'message', role: 'assistant' };
	yield {
		type: 'response.output_item.added',
		output_index: outputIndex,
		item: { ...messageBase, status: 'in_progress', content: [] }
	};
	yield {
		type: 'response.content_part.added',
		item_id: messageId,
		output_index: outputIndex,
		content_index: 0,
		part: emptyPart
	};
	const where = { item_id: messageId, output_index: outputIndex, content_index: 0 };
	let streamed = 0;
	let announced = 0;
	for (const delta of tokens(finalText)) {
		yield isRefusal
			? { type: 'response.refusal.delta', ...where, delta }
			: { type: 'response.output_text.delta', ...where, delta, logprobs: [] };
		streamed += delta.length;
		while (announced < annotations.length && (annotations[announced]?.end ?? 0) <= streamed) {
			yield {
				type: 'response.output_text.annotation.added',
				...where,
				annotation_index: announced,
				annotation: annotations[announced]?.annotation
			};
			announced++;
		}
	}
	yield isRefusal
		? { type: 'response.refusal.done', ...where, refusal: finalText }
		: { type: 'response.output_text.done', ...where, text: finalText, logprobs: [] };
	yield { type: 'response.content_part.done', ...where, part: donePart };
	const item = {
		...messageBase,
		status: incomplete ? 'incomplete' : 'completed',
		content: [donePart]
	};
	yield { type: 'response.output_item.done', output_index: outputIndex, item };
	return { item, text: finalText, incomplete };
}

/** The `response.failed` event a gateway sends when the upstream fails after the stream started. */
export function responsesFailedEvent(
	model: string,
	code = 'upstream_error',
	message = code === 'insufficient_quota'
		? 'You exceeded your current quota, please check your plan and billing details.'
		: 'Upstream request failed',
	responseId = id('resp')
): WireEvent {
	return {
		type: 'response.failed',
		response: {
			id: responseId,
			object: 'response',
			model,
			status: 'failed',
			output: [],
			error: { code, message }
		}
	};
}

/** The first-party `error` event (nested), as sent before a stream is abandoned. */
export function responsesErrorEvent(): WireEvent {
	return {
		type: 'error',
		error: {
			type: 'insufficient_quota',
			code: 'insufficient_quota',
			message: 'You exceeded your current quota, please check your plan and billing details.',
			param: null
		}
	};
}
