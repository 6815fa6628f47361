import { buildFailure } from './build-failure.ts';
import type { ClassifyContext } from './context.ts';
import { isRecord, readErrorFields } from './fields.ts';
import { safely } from './safely.ts';
import type { Failure } from './types.ts';

/**
 * The error object inside an in-stream payload, whichever event carried it:
 * - Responses `error`: `{type:"error", error:{type,code,message,param}}` or flat `{type:"error", code, message}`,
 *   `error` as a string, or only a top-level `message`;
 * - Responses `response.failed`: the whole event `{type, response:{…, error:{code,message}}}` or the
 *   response object itself `{object:"response", status:"failed", error}`;
 * - `data: {"error":{…}}` frames; Anthropic `event: error` `{"type":"error","error":{type,message}}`.
 * A string is parsed as JSON when it is JSON, else kept as the message.
 */
function errorSource(payload: unknown): unknown {
	let value = payload;
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value) as unknown;
		} catch {
			return value;
		}
	}
	if (!isRecord(value)) return value;
	const response = isRecord(value['response']) ? value['response'] : value;
	const isResponse =
		response['object'] === 'response' || response !== value || response['status'] === 'failed';
	if (isResponse && !isRecord(value['error'])) {
		return isRecord(response['error']) ? response['error'] : undefined;
	}
	return value;
}

function rawOf(payload: unknown): string {
	if (typeof payload === 'string') return payload;
	try {
		return JSON.stringify(payload) ?? '';
	} catch {
		return '';
	}
}

/**
 * An error reported inside a started stream → one Failure, with the same code/message mapping as
 * classifyHttp (kinds-by-code.ts, patterns.ts). There is no HTTP status: a status named in the
 * payload is used when present; an error event that names nothing known is a `server_error` (the
 * server said the answer failed). Pure; never throws.
 */
export function classifyStreamError(payload: unknown, context: ClassifyContext = {}): Failure {
	return safely(() => {
		const fields = readErrorFields(errorSource(payload));
		return buildFailure(
			{
				...(fields === undefined ? {} : { fields }),
				text: '',
				raw: rawOf(payload),
				explicitError: true
			},
			context
		);
	});
}
