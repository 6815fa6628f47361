/**
 * How a turn's events change the answer on screen: cleared for a new attempt, then one streamed
 * event at a time. Pure: each returns the answer as it is now (the session replaces the message;
 * messages are never changed in place). Text and reasoning deltas go to the turn's
 * `StreamingText` instead, and leave the message as it is: no new message per token.
 */
import { assertNever } from '../failure/assert-never.ts';
import type { StreamingText } from '../render/streaming-text.svelte.ts';
import type { ToolActivity, TurnEvent, TurnUsage } from '../wire/index.ts';
import { storedImage, type ChatMessage } from './chat-message.ts';

/** What an attempt adds to an answer beyond its text: a new attempt starts without any of it. */
const ATTEMPT_FIELDS = [
	'partialImage',
	'refused',
	'incompleteReason',
	'usage',
	'reasoningParts',
	'tools',
	'citations',
	'failure',
	'retryNote'
] as const satisfies readonly (keyof ChatMessage)[];

/**
 * Back to an empty streaming answer, for a new attempt (position, id and flags kept); `answer`
 * itself when it is one already (a first attempt), so that nothing on screen is redrawn. An
 * attempt `carryingOn` from the partial text (Continue) keeps what that text came with.
 */
export function resetAnswer(answer: ChatMessage, carryingOn = false): ChatMessage {
	const empty =
		answer.text === '' &&
		answer.reasoning === '' &&
		answer.status === 'streaming' &&
		answer.images.length === 0 &&
		ATTEMPT_FIELDS.every((field) => answer[field] === undefined);
	if (empty) return answer;
	const kept: ChatMessage = { ...answer };
	for (const field of ATTEMPT_FIELDS)
		// Continuing, the searches and sources the partial text came with stay.
		if (!carryingOn || (field !== 'tools' && field !== 'citations')) delete kept[field];
	return { ...kept, text: '', reasoning: '', status: 'streaming', images: [] };
}

/**
 * Folds one streamed event into the answer: the same object when only `live` changed (text,
 * reasoning), a new one otherwise.
 */
export function applyEvent(
	answer: ChatMessage,
	live: StreamingText,
	event: TurnEvent
): ChatMessage {
	switch (event.type) {
		case 'text':
			live.append('text', event.delta);
			return answer;
		case 'refusal':
			live.append('text', event.delta);
			return answer.refused === true ? answer : { ...answer, refused: true };
		case 'reasoning':
			live.append('reasoning', event.delta);
			return answer;
		case 'image_partial': {
			const image = storedImage(event.image);
			return image === null ? answer : { ...answer, partialImage: image };
		}
		case 'image': {
			const image = storedImage(event.image);
			const { partialImage, ...rest } = answer;
			return image === null ? rest : { ...rest, images: [...answer.images, image] };
		}
		case 'usage':
			return { ...answer, usage: { ...answer.usage, ...event.usage } };
		case 'end':
			return event.status === 'incomplete' ? { ...answer, incompleteReason: event.reason } : answer;
		case 'reasoning_part':
			// Sent back with the next request (thinking signatures, encrypted reasoning).
			return { ...answer, reasoningParts: [...(answer.reasoningParts ?? []), event.part] };
		case 'tool':
			return { ...answer, tools: withTool(answer.tools ?? [], event.tool) };
		case 'citation': {
			const known = answer.citations ?? [];
			if (known.some((citation) => citation.url === event.citation.url)) return answer;
			return { ...answer, citations: [...known, event.citation] };
		}
		default:
			return assertNever(event, 'turn event');
	}
}

/**
 * How a continuing request's events read in the answer they carry on (Continue), whose partial
 * text is `partialLength` long: its usage (cumulative, later wins) added to what the partial cost,
 * leaving out a count either request never gave (a part cut before its message_delta) rather
 * than making one up; its tools placed after the partial's (keys after theirs, offsets from the
 * answer's start). Other events read as they are.
 */
export function continuedEvents(
	answer: ChatMessage,
	partialLength: number
): (event: TurnEvent) => TurnEvent {
	const earlier = answer.usage;
	const keyBase = Math.max(-1, ...(answer.tools ?? []).map((tool) => tool.key)) + 1;
	let sofar: TurnUsage = {};
	return (event) => {
		if (event.type === 'tool') {
			const { tool } = event;
			const placed = { key: tool.key + keyBase, textOffset: tool.textOffset + partialLength };
			return { type: 'tool', tool: { ...tool, ...placed } };
		}
		if (event.type !== 'usage') return event;
		sofar = { ...sofar, ...event.usage };
		const usage: TurnUsage = {};
		for (const count of ['inputTokens', 'outputTokens'] as const) {
			const before = earlier?.[count];
			const now = sofar[count];
			if (before !== undefined && now !== undefined) usage[count] = before + now;
		}
		return { type: 'usage', usage };
	};
}

/** The tool list with `tool` in place of the earlier report of the same item, or added last. */
function withTool(tools: readonly ToolActivity[], tool: ToolActivity): ToolActivity[] {
	const index = tools.findIndex((known) => known.key === tool.key);
	if (index === -1) return [...tools, tool];
	return tools.map((known, position) => (position === index ? tool : known));
}
