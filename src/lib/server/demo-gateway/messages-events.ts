/**
 * The Anthropic Messages event sequence for one demo turn (docs/reference/wire.md, "Messages
 * request and stream"): message_start → ping → thinking block (thinking_delta*, signature_delta) →
 * text block (text_delta*) → message_delta{stop_reason, usage} → message_stop.
 *
 * The events are made one at a time as they are taken (a generator), like the Responses ones.
 */
import { randomBytes } from 'node:crypto';
import { firstTokens, tokenize, tokens } from './answer.ts';
import {
	answerSegments,
	estimateTokens,
	type TurnContent,
	type WireEvent
} from './responses-events.ts';
import type { ToolActivity } from './tool-activity.ts';

const toolId = (prefix: string): string => `${prefix}_01${randomBytes(11).toString('hex')}`;

/**
 * The blocks of the demo's tool activity and their events (appended to `events`), as the API
 * streams them: a `tool_use` / `server_tool_use` block's input arrives as `input_json_delta`s; a
 * server tool's result block arrives whole in its `content_block_start`.
 * @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/web-search-tool
 * @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/code-execution-tool
 */
function toolBlocks(tool: ToolActivity, first: number, events: WireEvent[]): unknown[] {
	const inputBlock = (
		block: Record<string, unknown>,
		input: Record<string, unknown>,
		index: number
	): unknown => {
		events.push({ type: 'content_block_start', index, content_block: { ...block, input: {} } });
		for (const partial_json of tokenize(JSON.stringify(input))) {
			events.push({
				type: 'content_block_delta',
				index,
				delta: { type: 'input_json_delta', partial_json }
			});
		}
		events.push({ type: 'content_block_stop', index });
		return { ...block, input };
	};
	const wholeBlock = (block: Record<string, unknown>, index: number): unknown => {
		events.push(
			{ type: 'content_block_start', index, content_block: block },
			{ type: 'content_block_stop', index }
		);
		return block;
	};
	switch (tool.kind) {
		case 'function-call':
			return [
				inputBlock(
					{ type: 'tool_use', id: toolId('toolu'), name: tool.name },
					JSON.parse(tool.arguments) as Record<string, unknown>,
					first
				)
			];
		case 'web-search': {
			const id = toolId('srvtoolu');
			return [
				inputBlock(
					{ type: 'server_tool_use', id, name: 'web_search' },
					{ query: tool.query },
					first
				),
				wholeBlock(
					{
						type: 'web_search_tool_result',
						tool_use_id: id,
						content: tool.results.map((result) => ({
							type: 'web_search_result',
							url: result.url,
							title: result.title,
							encrypted_content: randomBytes(48).toString('base64'),
							page_age: result.pageAge
						}))
					},
					first + 1
				)
			];
		}
		case 'code': {
			const id = toolId('srvtoolu');
			return [
				inputBlock(
					{ type: 'server_tool_use', id, name: 'code_execution' },
					{ code: tool.code },
					first
				),
				wholeBlock(
					{
						type: 'code_execution_tool_result',
						tool_use_id: id,
						content: {
							type: 'code_execution_result',
							stdout: tool.stdout,
							stderr: '',
							return_code: 0,
							content: []
						}
					},
					first + 1
				)
			];
		}
	}
}

/** The turn's events; returns the complete message object (the body of a non-streaming answer). */
export function* messagesTurn(
	model: string,
	inputChars: number,
	content: TurnContent
): Generator<WireEvent, Record<string, unknown>> {
	const messageId = `msg_${randomBytes(12).toString('hex')}`;
	const inputTokens = estimateTokens(inputChars);
	yield {
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
	};
	yield { type: 'ping' };
	const blocks: Record<string, unknown>[] = [];
	let outputChars = 0;

	if (content.reasoning !== null) {
		const index = blocks.length;
		const signature = randomBytes(48).toString('base64');
		yield {
			type: 'content_block_start',
			index,
			content_block: { type: 'thinking', thinking: '', signature: '' }
		};
		for (const thinking of tokens(content.reasoning)) {
			yield {
				type: 'content_block_delta',
				index,
				delta: { type: 'thinking_delta', thinking }
			};
		}
		yield { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature } };
		yield { type: 'content_block_stop', index };
		blocks.push({ type: 'thinking', thinking: content.reasoning, signature });
		outputChars += content.reasoning.length;
	}

	if (content.tool !== null) {
		const toolEvents: WireEvent[] = [];
		blocks.push(
			...(toolBlocks(content.tool, blocks.length, toolEvents) as Record<string, unknown>[])
		);
		yield* toolEvents;
	}

	const said = firstTokens(content.refusal ?? content.text, content.incompleteAfterTokens);
	const text = said.text;
	if (content.tool?.kind !== 'function-call') {
		// One text block per cited stretch, as the API splits a web search answer; each citation
		// arrives as a citations_delta before the text it covers.
		let left = text.length;
		const segments = content.refusal === null ? answerSegments(content) : [{ text, source: null }];
		for (const segment of segments) {
			if (left <= 0) break;
			const part = segment.text.slice(0, left);
			left -= part.length;
			const index = blocks.length;
			const citations =
				segment.source === null
					? null
					: [
							{
								type: 'web_search_result_location',
								url: segment.source.url,
								title: segment.source.title,
								cited_text: segment.source.citedText,
								encrypted_index: randomBytes(24).toString('base64')
							}
						];
			yield {
				type: 'content_block_start',
				index,
				content_block:
					citations === null
						? { type: 'text', text: '' }
						: { type: 'text', text: '', citations: [] }
			};
			for (const citation of citations ?? []) {
				yield {
					type: 'content_block_delta',
					index,
					delta: { type: 'citations_delta', citation }
				};
			}
			for (const delta of tokens(part)) {
				yield {
					type: 'content_block_delta',
					index,
					delta: { type: 'text_delta', text: delta }
				};
			}
			yield { type: 'content_block_stop', index };
			blocks.push(
				citations === null ? { type: 'text', text: part } : { type: 'text', text: part, citations }
			);
		}
		outputChars += text.length;
	}

	const stopReason =
		content.tool?.kind === 'function-call'
			? 'tool_use'
			: content.refusal !== null
				? 'refusal'
				: said.cut
					? 'max_tokens'
					: 'end_turn';
	const serverToolUse =
		content.tool?.kind === 'web-search' ? { server_tool_use: { web_search_requests: 1 } } : {};
	const outputTokens = estimateTokens(outputChars);
	yield {
		type: 'message_delta',
		delta: { stop_reason: stopReason, stop_sequence: null },
		usage: { output_tokens: outputTokens, ...serverToolUse }
	};
	yield { type: 'message_stop' };
	const message = {
		id: messageId,
		type: 'message',
		role: 'assistant',
		model,
		content: blocks,
		stop_reason: stopReason,
		stop_sequence: null,
		usage: { input_tokens: inputTokens, output_tokens: outputTokens, ...serverToolUse }
	};
	return message;
}

/** Anthropic's in-stream error event (`event: error`). */
export function messagesErrorEvent(type: string, message: string): WireEvent {
	return { type: 'error', error: { type, message } };
}
