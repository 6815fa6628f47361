/**
 * A Messages server tool result block's `content` as text a person can read (docs/tool-activity.md):
 * - web search: one line per result, `title — url`;
 * - web fetch: `title — url` of the fetched page;
 * - code execution and bash code execution: stdout, then stderr, then `return code N` when not 0;
 * - text editor code execution: a viewed file's content, `created` / `updated`, or the edited lines;
 * - MCP: the text blocks of the result, joined by blank lines;
 * - tool search: the names of the tools found, one per line;
 * - an `*_error` content object: its `error_code`;
 * - anything else: its `text` when it has one, else its JSON.
 *
 * Encrypted fields (`encrypted_content`, `encrypted_index`) are never shown.
 *
 * @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/web-search-tool
 * @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/web-fetch-tool
 * @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/code-execution-tool
 * @see https://docs.claude.com/en/docs/agents-and-tools/mcp-connector
 * @see https://docs.claude.com/en/docs/agents-and-tools/tool-use/tool-search-tool
 */
import { asArray, asRecord, asString, isRecord, type WireRecord } from './wire-json.ts';

const text = (value: unknown): string => asString(value) ?? '';
const lines = (values: readonly string[]): string => values.filter((v) => v !== '').join('\n');

/** True when the result reports a failure: an `*_error` content object, or `is_error: true`. */
export function resultFailed(block: WireRecord): boolean {
	if (block['is_error'] === true) return true;
	const content = asRecord(block['content']);
	const type = content === undefined ? undefined : asString(content['type']);
	return type !== undefined && type.endsWith('_error');
}

function titled(title: string, url: string): string {
	return title === '' || url === '' ? title || url : `${title} — ${url}`;
}

function searchResults(content: readonly unknown[]): string {
	return lines(
		content.map((result) =>
			isRecord(result) ? titled(text(result['title']), text(result['url'])) : ''
		)
	);
}

function fetched(content: WireRecord): string {
	const document = asRecord(content['content']);
	const title = document === undefined ? '' : text(document['title']);
	return titled(title, text(content['url']));
}

function execution(content: WireRecord): string {
	const code = content['return_code'];
	return lines([
		text(content['stdout']).trimEnd(),
		text(content['stderr']).trimEnd(),
		typeof code === 'number' && code !== 0 ? `return code ${code}` : ''
	]);
}

function textEditor(content: WireRecord): string {
	switch (content['type']) {
		case 'text_editor_code_execution_view_result':
			return text(content['content']);
		case 'text_editor_code_execution_create_result':
			return content['is_file_update'] === true ? 'updated' : 'created';
		case 'text_editor_code_execution_str_replace_result':
			return lines((asArray(content['lines']) ?? []).map(text));
		default:
			return '';
	}
}

function textBlocks(content: readonly unknown[]): string {
	return content
		.map((block) => (isRecord(block) && block['type'] === 'text' ? text(block['text']) : ''))
		.filter((piece) => piece !== '')
		.join('\n\n');
}

function toolReferences(content: WireRecord): string {
	const references = asArray(content['tool_references']) ?? [];
	return lines(references.map((ref) => (isRecord(ref) ? text(ref['tool_name']) : '')));
}

function other(content: unknown): string {
	if (typeof content === 'string') return content;
	if (content === undefined || content === null) return '';
	const record = asRecord(content);
	if (record !== undefined && typeof record['text'] === 'string') return record['text'];
	const list = asArray(content);
	if (list !== undefined) {
		const joined = textBlocks(list);
		if (joined !== '') return joined;
	}
	return JSON.stringify(content, (key, value: unknown) =>
		key.startsWith('encrypted_') ? undefined : value
	);
}

export function resultOutput(type: string, content: unknown): string {
	const record = asRecord(content);
	const contentType = record === undefined ? undefined : asString(record['type']);
	if (record !== undefined && contentType !== undefined && contentType.endsWith('_error')) {
		return text(record['error_code']) || contentType;
	}
	const list = asArray(content);
	switch (type) {
		case 'web_search_tool_result':
			return list === undefined ? other(content) : searchResults(list);
		case 'web_fetch_tool_result':
			return record === undefined ? other(content) : fetched(record);
		case 'code_execution_tool_result':
		case 'bash_code_execution_tool_result':
			return record === undefined ? other(content) : execution(record);
		case 'text_editor_code_execution_tool_result':
			return record === undefined ? other(content) : textEditor(record) || other(content);
		case 'mcp_tool_result':
			return list === undefined ? other(content) : textBlocks(list);
		case 'tool_search_tool_result':
			return record === undefined ? other(content) : toolReferences(record);
		default:
			return other(content);
	}
}
