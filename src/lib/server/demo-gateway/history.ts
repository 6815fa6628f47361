/**
 * The history checks the real services make before answering, so that a client which sends a
 * conversation they would refuse (a tool call left unanswered, roles out of order, an empty text
 * block) is refused by the demo too, with the services' own wording.
 */

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const CALL_OUTPUTS: Readonly<Record<string, { output: string; noun: string }>> = {
	function_call: { output: 'function_call_output', noun: 'function call' },
	custom_tool_call: { output: 'custom_tool_call_output', noun: 'custom tool call' }
};

/**
 * Responses `input`: every `function_call` / `custom_tool_call` needs its output item (same
 * `call_id`) somewhere in the input. Returns the API's message for the first one without, or null.
 */
export function checkToolOutputs(input: readonly unknown[]): string | null {
	const outputs = new Set<string>();
	for (const item of input) {
		if (isObject(item) && typeof item['call_id'] === 'string' && typeof item['type'] === 'string')
			if (item['type'].endsWith('_output')) outputs.add(`${item['type']}:${item['call_id']}`);
	}
	for (const item of input) {
		if (!isObject(item) || typeof item['type'] !== 'string') continue;
		const pair = CALL_OUTPUTS[item['type']];
		const callId = item['call_id'];
		if (pair === undefined || typeof callId !== 'string') continue;
		if (!outputs.has(`${pair.output}:${callId}`))
			return `No tool output found for ${pair.noun} ${callId}.`;
	}
	return null;
}

/** The `type`d blocks of a message's content (a string content is one text block). */
function blocksOf(content: unknown): JsonObject[] {
	if (typeof content === 'string') return [{ type: 'text', text: content }];
	return Array.isArray(content) ? content.filter(isObject) : [];
}

/**
 * Messages `messages`: the first is the user's, roles alternate, text blocks are not empty, and
 * every `tool_use` of an assistant message is answered by a `tool_result` at the start of the next
 * message (and every `tool_result` answers one). Returns the API's message, or null.
 */
export function checkMessagesHistory(messages: readonly unknown[]): string | null {
	let previousRole: unknown = null;
	for (const [index, message] of messages.entries()) {
		if (!isObject(message)) return `messages.${index}: Input should be an object`;
		const role = message['role'];
		if (role !== 'user' && role !== 'assistant') {
			return `messages.${index}.role: Input should be 'user' or 'assistant'`;
		}
		if (index === 0 && role !== 'user') return 'messages: first message must use the "user" role';
		if (role === previousRole) {
			return `messages: roles must alternate between "user" and "assistant", but found multiple "${role}" roles in a row`;
		}
		previousRole = role;
		const isFinalAssistant = index === messages.length - 1 && role === 'assistant';
		const blocks = blocksOf(message['content']);
		if (blocks.length === 0 && !isFinalAssistant) {
			return `messages.${index}: all messages must have non-empty content except for the optional final assistant message`;
		}
		for (const block of blocks) {
			if (block['type'] !== 'text' || typeof block['text'] !== 'string') continue;
			if (block['text'] === '' && !(isFinalAssistant && blocks.length === 1)) {
				return 'messages: text content blocks must be non-empty';
			}
			if (block['text'].trim() === '' && !isFinalAssistant) {
				return 'messages: text content blocks must contain non-whitespace text';
			}
		}
		const unanswered = unansweredToolUses(messages, index, blocks);
		if (unanswered !== null) return unanswered;
	}
	return null;
}

function unansweredToolUses(
	messages: readonly unknown[],
	index: number,
	blocks: readonly JsonObject[]
): string | null {
	const message = messages[index];
	if (!isObject(message)) return null;
	if (message['role'] === 'user') {
		// Every tool_result answers a tool_use of the message before.
		const before = messages[index - 1];
		const asked = new Set(
			blocksOf(isObject(before) ? before['content'] : [])
				.filter((block) => block['type'] === 'tool_use')
				.map((block) => block['id'])
		);
		for (const [blockIndex, block] of blocks.entries()) {
			if (block['type'] === 'tool_result' && !asked.has(block['tool_use_id'])) {
				return `messages.${index}.content.${blockIndex}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(block['tool_use_id'])}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
			}
		}
		return null;
	}
	const ids = blocks
		.filter((block) => block['type'] === 'tool_use')
		.map((block) => String(block['id']));
	if (ids.length === 0 || index === messages.length - 1) return null;
	const next = messages[index + 1];
	const answered = new Set<unknown>();
	for (const block of blocksOf(isObject(next) ? next['content'] : [])) {
		if (block['type'] !== 'tool_result') break; // results come first, before any text
		answered.add(block['tool_use_id']);
	}
	const missing = ids.filter((id) => !answered.has(id));
	if (missing.length === 0) return null;
	return `messages.${index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
}
