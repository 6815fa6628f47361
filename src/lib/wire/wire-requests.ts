/**
 * Request bodies as the wire has them (snake_case), per docs/reference/wire.md. Only what this
 * client sends is modelled; the builders produce exactly these shapes.
 */

export type ResponsesMessageContent =
	| { type: 'input_text'; text: string }
	| { type: 'input_image'; image_url: string }
	| { type: 'input_file'; filename: string; file_data: string }
	| { type: 'output_text'; text: string };

export interface ResponsesMessageItem {
	type: 'message';
	role: 'user' | 'assistant';
	content: ResponsesMessageContent[];
}

/** Sent back without `id`: with `store: false` item ids are unknown to the server. */
export interface ResponsesReasoningItem {
	type: 'reasoning';
	summary: { type: 'summary_text'; text: string }[];
	encrypted_content: string;
}

/** A client tool call the model made, sent back with its output (the call was not run). */
export type ResponsesToolCallItem =
	| { type: 'function_call'; call_id: string; name: string; arguments: string }
	| { type: 'function_call_output'; call_id: string; output: string }
	| { type: 'custom_tool_call'; call_id: string; name: string; input: string }
	| { type: 'custom_tool_call_output'; call_id: string; output: string };

export type ResponsesInputItem =
	ResponsesMessageItem | ResponsesReasoningItem | ResponsesToolCallItem;

export type ResponsesTool =
	| { type: 'image_generation'; output_format: 'png' | 'webp' | 'jpeg'; partial_images?: number }
	| { type: 'web_search' };

export interface ResponsesRequestBody {
	model: string;
	instructions: string;
	input: ResponsesInputItem[];
	tools?: ResponsesTool[];
	tool_choice?: 'auto';
	parallel_tool_calls?: boolean;
	reasoning?: { effort?: string; summary?: string };
	store: false;
	stream: boolean;
	include?: 'reasoning.encrypted_content'[];
	prompt_cache_key?: string;
	max_output_tokens?: number;
}

export type MessagesContentBlock =
	| { type: 'text'; text: string }
	| { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }
	| {
			type: 'document';
			source: { type: 'base64'; media_type: 'application/pdf'; data: string };
			title?: string;
	  }
	| { type: 'thinking'; thinking: string; signature: string }
	| { type: 'redacted_thinking'; data: string }
	| { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
	| { type: 'tool_result'; tool_use_id: string; content: string; is_error: true };

export interface MessagesWebSearchTool {
	type: 'web_search_20250305';
	name: 'web_search';
	max_uses: number;
}

export interface MessagesMessage {
	role: 'user' | 'assistant';
	content: MessagesContentBlock[];
}

export type MessagesThinking =
	{ type: 'adaptive' } | { type: 'enabled'; budget_tokens: number } | { type: 'disabled' };

export type MessagesEffort = 'low' | 'medium' | 'high';

export interface MessagesRequestBody {
	model: string;
	max_tokens: number;
	messages: MessagesMessage[];
	system?: string;
	stream: boolean;
	thinking?: MessagesThinking;
	output_config?: { effort: MessagesEffort };
	tools?: MessagesWebSearchTool[];
}
