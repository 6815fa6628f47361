/**
 * The normalized result of one streamed turn, whatever the route: a `TurnEvent` union that a
 * consumer can render as it arrives, and the `Turn` they fold into (docs/ARCHITECTURE.md,
 * Contracts).
 *
 * Invariants every reducer keeps:
 * - exactly one `end` event, always the last one; nothing is emitted after it;
 * - `Turn` is the fold of the events (turn-builder.ts): `text` is every `text` and `refusal` delta in
 *   order, `reasoning` every `reasoning` delta, `images` every final `image`, `tools` the latest
 *   `tool` event per key, `citations` every `citation` once per URL, `usage` the merge of every
 *   `usage` event, `status`/`failure` from `end`;
 * - a refusal is output text the person must see, so it is part of `Turn.text`; its own event type
 *   lets a renderer style it.
 */
import type { Failure } from '../failure/index.ts';
import type { Citation, ReasoningPart, ToolActivity } from './conversation.ts';

export type TurnStatus = 'completed' | 'incomplete' | 'failed' | 'interrupted' | 'cancelled';

export interface TurnImage {
	mimeType: string;
	base64: string;
}

export interface TurnUsage {
	inputTokens?: number;
	outputTokens?: number;
}

export interface Turn {
	status: TurnStatus;
	text: string;
	reasoning: string;
	images: TurnImage[];
	/** Each tool item once, in the order they started, as last reported. */
	tools: ToolActivity[];
	/** Each cited source once (by URL), in the order first cited. */
	citations: Citation[];
	failure?: Failure;
	usage?: TurnUsage;
}

/** How the turn ended. `incomplete` names the gateway's reason (`max_output_tokens`, `max_tokens`, …). */
export type TurnEnd =
	| { type: 'end'; status: 'completed' }
	| { type: 'end'; status: 'incomplete'; reason: string }
	| { type: 'end'; status: 'failed' | 'interrupted'; failure: Failure }
	| { type: 'end'; status: 'cancelled' };

export type TurnEvent =
	| { type: 'text'; delta: string }
	| { type: 'reasoning'; delta: string }
	| { type: 'refusal'; delta: string }
	/** A progressive preview of an image still being generated; `index` counts previews per image. */
	| { type: 'image_partial'; index: number; image: TurnImage }
	| { type: 'image'; image: TurnImage }
	/** A tool item started or changed; it replaces the earlier activity with the same `key`. */
	| { type: 'tool'; tool: ToolActivity }
	/** A source the text cites, emitted the first time its URL is cited (the Turn keeps each URL once). */
	| { type: 'citation'; citation: Citation }
	/** A reasoning item or thinking block, complete, to be stored with the turn and sent back. */
	| { type: 'reasoning_part'; part: ReasoningPart }
	| { type: 'usage'; usage: TurnUsage }
	| TurnEnd;

export type TurnEventListener = (event: TurnEvent) => void;
