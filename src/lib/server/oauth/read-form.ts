/**
 * Reads the token route's request body: `application/x-www-form-urlencoded` only (RFC 6749 §4.1.3,
 * §6), at most `maxBytes` of it arriving within `timeoutMs`, each field at most once. Nothing here
 * logs or echoes a value.
 */
import { assertNever } from '../../failure/assert-never.ts';

export type FormProblem = {
	status: 400 | 408 | 413 | 415;
	error: string;
	description: string;
	/** The body was not read to its end: the answer must close the connection (see readCapped). */
	bodyLeftUnread: boolean;
};
export type FormRead = { ok: true; fields: Map<string, string> } | ({ ok: false } & FormProblem);

interface FormLimits {
	maxBytes: number;
	/** For the whole body, from the moment the route starts reading it. */
	timeoutMs: number;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

function problem(
	status: FormProblem['status'],
	error: string,
	description: string,
	bodyLeftUnread = false
): FormRead {
	return { ok: false, status, error, description, bodyLeftUnread };
}

/** `application/x-www-form-urlencoded`, optionally with `charset=utf-8`; nothing else. */
function isFormType(contentType: string | null): boolean {
	if (contentType === null) return false;
	const [type, ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
	if (type !== FORM_TYPE) return false;
	return parameters.every((parameter) => /^charset="?utf-8"?$/.test(parameter));
}

type BodyRead =
	| { kind: 'complete'; bytes: Uint8Array }
	| { kind: 'too_large' }
	| { kind: 'timed_out' }
	| { kind: 'broken' };

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
	const bytes = new Uint8Array(size);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return bytes;
}

/**
 * The body's bytes, read until it ends — or stopped as soon as it grows past `maxBytes` or
 * `timeoutMs` has passed, with or without a Content-Length (a chunked body has none).
 *
 * A body stopped early is released, never cancelled: under adapter-node, cancelling the request's
 * stream destroys its socket (`@sveltejs/kit/node` get_raw_body: `cancel` → `req.destroy()`), and
 * the refusal would never be written. The refusal goes out with `Connection: close` instead, and
 * Node closes the connection once it is sent.
 */
async function readCapped(
	body: ReadableStream<Uint8Array> | null,
	limits: FormLimits
): Promise<BodyRead> {
	if (body === null) return { kind: 'complete', bytes: new Uint8Array() };
	const reader = body.getReader();
	let timer: ReturnType<typeof setTimeout> | undefined;
	const deadline = new Promise<'timed_out'>((resolve) => {
		timer = setTimeout(() => resolve('timed_out'), limits.timeoutMs);
	});
	const chunks: Uint8Array[] = [];
	let size = 0;
	try {
		for (;;) {
			const next = await Promise.race([reader.read(), deadline]);
			if (next === 'timed_out') return { kind: 'timed_out' };
			if (next.done) break;
			size += next.value.byteLength;
			if (size > limits.maxBytes) return { kind: 'too_large' };
			chunks.push(next.value);
		}
	} catch {
		// The client went away, or sent more than its Content-Length.
		return { kind: 'broken' };
	} finally {
		clearTimeout(timer);
		// A read still pending (after the deadline) is rejected by this, and nothing waits on it.
		reader.releaseLock();
	}
	return { kind: 'complete', bytes: concat(chunks, size) };
}

export async function readTokenForm(request: Request, limits: FormLimits): Promise<FormRead> {
	if (!isFormType(request.headers.get('content-type'))) {
		return problem(
			415,
			'invalid_request',
			'The body must be application/x-www-form-urlencoded (RFC 6749 §4.1.3).'
		);
	}
	const tooLarge = `The body must be at most ${limits.maxBytes} bytes.`;
	const declared = request.headers.get('content-length');
	if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > limits.maxBytes)) {
		return problem(413, 'invalid_request', tooLarge, true);
	}
	const read = await readCapped(request.body, limits);
	switch (read.kind) {
		case 'too_large':
			return problem(413, 'invalid_request', tooLarge, true);
		case 'timed_out':
			return problem(
				408,
				'request_timeout',
				`The body did not arrive within ${limits.timeoutMs / 1000} seconds.`,
				true
			);
		case 'broken':
			return problem(400, 'invalid_request', 'The body could not be read.', true);
		case 'complete':
			break;
		default:
			return assertNever(read, 'body read');
	}
	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
	} catch {
		return problem(400, 'invalid_request', 'The body is not valid UTF-8.');
	}
	const fields = new Map<string, string>();
	for (const [name, value] of new URLSearchParams(text)) {
		if (fields.has(name)) {
			// RFC 6749 §3.1: "Request and response parameters MUST NOT be included more than once."
			return problem(400, 'invalid_request', `The field ${name} appears more than once.`);
		}
		fields.set(name, value);
	}
	return { ok: true, fields };
}
