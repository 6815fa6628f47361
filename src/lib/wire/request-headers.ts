/**
 * Header helpers shared by the builders. Names are lower-case; values are checked, because a
 * browser's `Headers` throws on a value with CR, LF or NUL and on a name that is not a token
 * (RFC 9110 §5.1, §5.5).
 */
import { RequestBuildError } from './request-types.ts';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FORBIDDEN_IN_VALUE = /[\r\n\0]/;

/** Sets a header; a value that is empty or only whitespace is never sent (the header is left out). */
export function setHeader(headers: Record<string, string>, name: string, value: string): void {
	if (!TOKEN.test(name)) {
		throw new RequestBuildError('invalid_header', `"${name}" is not a valid header name.`);
	}
	if (FORBIDDEN_IN_VALUE.test(value)) {
		throw new RequestBuildError('invalid_header', `The value of the ${name} header is not valid.`);
	}
	if (value.trim() === '') {
		delete headers[name.toLowerCase()];
		return;
	}
	headers[name.toLowerCase()] = value;
}

/** `content-type` and `accept` for a JSON request answered by a stream or by JSON. */
export function baseHeaders(stream: boolean): Record<string, string> {
	return {
		'content-type': 'application/json',
		accept: stream ? 'text/event-stream' : 'application/json'
	};
}
