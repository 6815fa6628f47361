/**
 * Reads the token route's request body: `application/x-www-form-urlencoded` only (RFC 6749 §4.1.3,
 * §6), at most `maxBytes`, each field at most once. Nothing here logs or echoes a value.
 */
export type FormProblem = { status: 400 | 413 | 415; error: string; description: string };
export type FormRead = { ok: true; fields: Map<string, string> } | ({ ok: false } & FormProblem);

const FORM_TYPE = 'application/x-www-form-urlencoded';

function problem(status: FormProblem['status'], error: string, description: string): FormRead {
	return { ok: false, status, error, description };
}

/** `application/x-www-form-urlencoded`, optionally with `charset=utf-8`; nothing else. */
function isFormType(contentType: string | null): boolean {
	if (contentType === null) return false;
	const [type, ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
	if (type !== FORM_TYPE) return false;
	return parameters.every((parameter) => /^charset="?utf-8"?$/.test(parameter));
}

/** The body's bytes, or `null` as soon as it grows past `maxBytes` (the rest is not read). */
async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array | null> {
	if (request.body === null) return new Uint8Array();
	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let size = 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			size += value.byteLength;
			if (size > maxBytes) return null;
			chunks.push(value);
		}
	} finally {
		await reader.cancel().catch(() => undefined);
	}
	const bytes = new Uint8Array(size);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return bytes;
}

export async function readTokenForm(request: Request, maxBytes: number): Promise<FormRead> {
	if (!isFormType(request.headers.get('content-type'))) {
		return problem(
			415,
			'invalid_request',
			'The body must be application/x-www-form-urlencoded (RFC 6749 §4.1.3).'
		);
	}
	const declared = request.headers.get('content-length');
	if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > maxBytes)) {
		return problem(413, 'invalid_request', `The body must be at most ${maxBytes} bytes.`);
	}
	const bytes = await readCapped(request, maxBytes);
	if (bytes === null) {
		return problem(413, 'invalid_request', `The body must be at most ${maxBytes} bytes.`);
	}
	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
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
