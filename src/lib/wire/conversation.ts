/**
 * The conversation as this app holds it (domain types, camelCase), independent of any route's wire
 * format. The request builders turn it into a route's body; the stream reducers hand back the
 * assistant's reasoning parts so that the next request can carry them.
 *
 * Nothing here holds a server-side item id: with `store: false` the whole history is re-sent each
 * turn and ids must never go back (docs/reference/wire.md, "Responses request").
 */

/** An image the person attached (or an image shown back to the model), base64 without a data: prefix. */
export interface ImageInput {
	mimeType: string;
	base64: string;
}

/**
 * Reasoning an assistant turn produced, kept verbatim so it can be sent back:
 * - `summary`: a Responses reasoning item: its summary texts and, for models that support it,
 *   the opaque `encrypted_content`;
 * - `thinking`: a Messages thinking block with its `signature` (both must go back unchanged);
 * - `redacted_thinking`: a Messages redacted thinking block (opaque `data`).
 */
export type ReasoningPart =
	| { type: 'summary'; summary: readonly string[]; encryptedContent?: string }
	| { type: 'thinking'; thinking: string; signature: string }
	| { type: 'redacted_thinking'; data: string };

export interface UserTurn {
	role: 'user';
	text: string;
	images?: readonly ImageInput[];
}

export interface AssistantTurn {
	role: 'assistant';
	text: string;
	/** In the order the model produced them, before the text. */
	reasoning?: readonly ReasoningPart[];
}

export type ConversationTurn = UserTurn | AssistantTurn;

export interface Conversation {
	/** The system prompt: `instructions` on Responses routes, `system` on Messages. */
	instructions: string;
	turns: readonly ConversationTurn[];
}

/** A tool call the model made (client tools, and server tools reported in the stream). */
export interface ToolCall {
	/** The call id to answer with (`call_id` / `tool_use.id`). */
	callId: string;
	name: string;
	/** Parsed JSON arguments, or the free-form text input of a custom tool. */
	input: unknown;
	/** Run by the provider (server_tool_use, mcp_tool_use), not by this client. */
	server: boolean;
}
