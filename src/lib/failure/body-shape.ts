import { plainText } from './text.ts';

/**
 * The outer shape of an error body, as listed in docs/reference/failures.md ("Body shapes"):
 * - `empty`: nothing but whitespace;
 * - `json`: one JSON value (the nested/flat/typed/problem/detail forms are told apart in fields.ts);
 * - `json_sse`: a JSON value followed directly by SSE text (seen from a relay on 502);
 * - `sse`: event-stream text whose first parseable `data:` line is JSON;
 * - `html`: a markup page (nginx, Cloudflare); only its `<title>`/`<h1>` text is kept;
 * - `text`: anything else, read as plain text.
 */
export type BodyShape = 'empty' | 'json' | 'json_sse' | 'sse' | 'html' | 'text';

export interface ParsedBody {
	shape: BodyShape;
	/** The parsed JSON value, for `json`, `json_sse` and `sse`. */
	json?: unknown;
	/** Plain text fit for a message: the page title for `html`, the first line for `text`. */
	text: string;
}

/** Bodies are parsed from at most this many characters; a longer one is only kept in `raw`. */
const PARSE_CAP = 1 << 20;
/** Markup is searched for a title in at most this many characters. */
const HTML_SCAN_CAP = 65536;

export function parseBody(body: string): ParsedBody {
	const trimmed = (body.length > PARSE_CAP ? body.slice(0, PARSE_CAP) : body)
		.replace(/^\ufeff/, '')
		.trim();
	if (trimmed === '') return { shape: 'empty', text: '' };

	const first = trimmed[0];
	if (first === '{' || first === '[' || first === '"') {
		const whole = tryJson(trimmed);
		if (whole.ok) return { shape: 'json', json: whole.value, text: '' };
		const prefix = leadingJsonValue(trimmed);
		if (prefix !== undefined) return { shape: 'json_sse', json: prefix, text: '' };
	}
	if (/^(?:event|data|id|retry)\s*:/i.test(trimmed)) {
		const data = firstSseJson(trimmed);
		if (data !== undefined) return { shape: 'sse', json: data, text: '' };
	}
	if (looksLikeHtml(trimmed)) return { shape: 'html', text: htmlHeadline(trimmed) };
	return { shape: 'text', text: firstLine(trimmed) };
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: JSON.parse(text) as unknown };
	} catch {
		return { ok: false };
	}
}

/**
 * The first complete JSON object or array at the start of `text`, when more text follows it.
 * Scans brackets outside string literals (honouring `\` escapes) to find where the value ends.
 */
export function leadingJsonValue(text: string): unknown {
	let depth = 0;
	let inString = false;
	let escaped = false;
	for (let index = 0; index < text.length; index += 1) {
		const char = text[index];
		if (inString) {
			if (escaped) escaped = false;
			else if (char === '\\') escaped = true;
			else if (char === '"') inString = false;
			continue;
		}
		if (char === '"') inString = true;
		else if (char === '{' || char === '[') depth += 1;
		else if (char === '}' || char === ']') {
			depth -= 1;
			if (depth === 0) {
				const parsed = tryJson(text.slice(0, index + 1));
				return parsed.ok ? parsed.value : undefined;
			}
			if (depth < 0) return undefined;
		}
	}
	return undefined;
}

/** The first `data:` line (WHATWG HTML §9.2.6 field syntax) that parses as a JSON object. */
function firstSseJson(text: string): unknown {
	for (const line of text.split(/\r\n|\r|\n/)) {
		const match = /^data:\s?(.*)$/.exec(line);
		if (match === null) continue;
		const parsed = tryJson((match[1] ?? '').trim());
		if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) return parsed.value;
	}
	return undefined;
}

function looksLikeHtml(text: string): boolean {
	if (/^<(?:!doctype|html|head|body|\?xml|!--|[a-z][a-z0-9]*[\s>/])/i.test(text)) return true;
	return /<(?:html|head|body|title)[\s>]/i.test(text.slice(0, 4096));
}

/**
 * The page's `<title>`, else its first `<h1>`, as plain text. Found with `indexOf` rather than a
 * lazy regex so that a hostile page with thousands of unclosed tags stays linear.
 */
function htmlHeadline(html: string): string {
	const scanned = html.slice(0, HTML_SCAN_CAP);
	const lower = scanned.toLowerCase();
	for (const tag of ['title', 'h1']) {
		const open = lower.indexOf(`<${tag}`);
		if (open < 0) continue;
		const contentStart = lower.indexOf('>', open);
		if (contentStart < 0) continue;
		const close = lower.indexOf(`</${tag}`, contentStart);
		const text = plainText(scanned.slice(contentStart + 1, close < 0 ? undefined : close));
		if (text !== '') return text;
	}
	return '';
}

function firstLine(text: string): string {
	for (const line of text.slice(0, HTML_SCAN_CAP).split(/\r\n|\r|\n/)) {
		const plain = plainText(line);
		if (plain !== '') return plain;
	}
	return '';
}
