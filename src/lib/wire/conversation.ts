/**
 * The conversation as this app holds it (domain types, camelCase), independent of any route's wire
 * format. The request builders turn it into a route's body; the stream reducers hand back the
 * assistant's reasoning parts so that the next request can carry them.
 *
 * Nothing here holds a server-side item id: with `store: false` the whole history is re-sent each
 * turn and ids must never go back (docs/reference/wire.md, "Responses request").
 */

/**
 * A file the person attached to a prompt (or a generated image sent back as input), base64 without
 * a `data:` prefix. Images go as `input_image` / `image`, PDFs as `input_file` / `document`.
 */
export interface Attachment {
	kind: 'image' | 'pdf';
	/** `image/png`, `image/jpeg`, `image/webp`, `image/gif` or `application/pdf`. */
	mimeType: string;
	/** The file's name as the person chose it (`input_file.filename`, a document's `title`). */
	name: string;
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
	attachments?: readonly Attachment[];
}

export interface AssistantTurn {
	role: 'assistant';
	text: string;
	/** In the order the model produced them, before the text. */
	reasoning?: readonly ReasoningPart[];
	/** The turn's tool items, in the order they started (sent back as each route expects). */
	tools?: readonly ToolActivity[];
}

export type ConversationTurn = UserTurn | AssistantTurn;

export interface Conversation {
	/** The system prompt: `instructions` on Responses routes, `system` on Messages. */
	instructions: string;
	turns: readonly ConversationTurn[];
}

/**
 * One tool item of an assistant turn, as shown and as sent back:
 * - Responses: `function_call`, `custom_tool_call`, `web_search_call`, `file_search_call`,
 *   `code_interpreter_call`, `mcp_call`, `local_shell_call`, `image_generation_call`, … (the item's
 *   `type`);
 * - Messages: `tool_use`, `server_tool_use`, `mcp_tool_use`, and result blocks such as
 *   `web_search_tool_result`, `code_execution_tool_result`, `mcp_tool_result` (the block's `type`).
 *
 * A reducer emits an activity when its item starts and again whenever it changes (status, input,
 * result); the one with the same `key` replaces the earlier.
 */
export interface ToolActivity {
	/** Stable within a turn: the output index (Responses) or the content block index (Messages). */
	key: number;
	/** The item or block type, as the wire names it. */
	itemType: string;
	/** `call_id` / `tool_use.id`; for a Messages result block, the `tool_use_id` it answers. */
	callId: string;
	/** The function or tool name; for items that name no tool, the kind (`web_search`, …). */
	name: string;
	/**
	 * What the tool was given, as text: JSON arguments as the model wrote them, a custom tool's
	 * free-form input, a web search's query, the code a code interpreter ran, a shell command.
	 */
	input: string;
	/**
	 * The item's status: the wire's (`in_progress`, `searching`, `interpreting`, `completed`,
	 * `failed`, `incomplete`, …), or `completed` at a Messages block's stop (`error` for a result
	 * block that carries an error).
	 */
	status: string;
	/** The result as text, where the stream carries one (code output, search results, MCP output). */
	output?: string;
	/** Run by the provider (server tools), not by this client. */
	server: boolean;
	/** Characters of the answer's text that came before this item (where it sits in the answer). */
	textOffset: number;
}

/** A source the answer cites: a Responses `url_citation` annotation or a Messages text citation. */
export interface Citation {
	url: string;
	title: string;
	/** The passage cited, where the route gives one (Messages `cited_text`). */
	citedText?: string;
}
