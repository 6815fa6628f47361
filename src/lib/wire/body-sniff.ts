/**
 * Telling an event stream from a body that is something else, at status 200 (docs/reference/
 * failures.md, `malformed_response`):
 * - the first significant character of the body decides early: `<` (an HTML page) and `{` or `[`
 *   (a JSON body) never start an event stream, whose lines start with a field name or `:`;
 * - a body that produced no event at all is an event stream only if every line is blank, a comment
 *   or a field line: then it is an empty stream (`stream_interrupted`), else `malformed_response`.
 * A JSON body that is an error report (`{"error":…}`, `{"type":"error",…}`) is classified as the
 * gateway's error instead: it names the real cause.
 */
import { classifyStreamError, type ClassifyContext, type Failure } from '../failure/index.ts';
import { streamInterrupted, unreadableBody } from './stream-failures.ts';
import { isRecord, parseJson } from './wire-json.ts';

/** Index of the first character that is not whitespace (or a stray BOM), or -1. */
export function firstSignificant(text: string): number {
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (code > 32 && code !== 0xfeff) return index;
	}
	return -1;
}

/** `<`, `{` or `[`: the body is a page or a JSON document, not an event stream. */
export function startsForeignBody(code: number): boolean {
	return code === 60 || code === 123 || code === 91;
}

/** The failure for a body that started like a page or a JSON document (`head` capped). */
export function foreignBodyFailure(
	head: string,
	truncated: boolean,
	context: ClassifyContext
): Failure {
	const start = head.charCodeAt(firstSignificant(head));
	if (start === 60) {
		return unreadableBody('page', head);
	}
	const parsed = truncated ? undefined : parseJson(head);
	const value = parsed?.value;
	if (isRecord(value) && ('error' in value || value['type'] === 'error')) {
		return classifyStreamError(value, context);
	}
	return unreadableBody('json', head);
}

const STREAM_LINE = /^(?:[ \t]*|:.*|(?:data|event|id|retry)(?::.*)?)$/;

/** The outcome of a body that ended without producing a single event. */
export function framelessBodyFailure(head: string): {
	status: 'failed' | 'interrupted';
	failure: Failure;
} {
	const lines = head.split(/\r\n|\r|\n/);
	if (lines.every((line) => STREAM_LINE.test(line))) {
		return { status: 'interrupted', failure: streamInterrupted('empty') };
	}
	return {
		status: 'failed',
		failure: unreadableBody('text', head)
	};
}
