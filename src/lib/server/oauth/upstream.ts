/**
 * The one request the token route makes: a form POST to the configured token endpoint. Built
 * fresh — no header, cookie or credential of the browser's request is forwarded — with redirects
 * not followed (a redirect would send the code elsewhere), a deadline, and a size cap on the answer.
 */
export type UpstreamAnswer =
	| { kind: 'answered'; status: number; contentType: string; body: string }
	| { kind: 'redirected'; status: number }
	| { kind: 'too_large' }
	| { kind: 'unreachable'; timedOut: boolean };

export interface UpstreamOptions {
	fetch: typeof fetch;
	timeoutMs: number;
	maxBytes: number;
}

async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
	if (response.body === null) return '';
	const reader = response.body.getReader();
	const decoder = new TextDecoder();
	let size = 0;
	let text = '';
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			size += value.byteLength;
			if (size > maxBytes) return null;
			text += decoder.decode(value, { stream: true });
		}
	} finally {
		await reader.cancel().catch(() => undefined);
	}
	return text + decoder.decode();
}

export async function postTokenRequest(
	endpoint: URL,
	form: URLSearchParams,
	options: UpstreamOptions
): Promise<UpstreamAnswer> {
	const signal = AbortSignal.timeout(options.timeoutMs);
	let response: Response;
	try {
		response = await options.fetch(endpoint, {
			method: 'POST',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				accept: 'application/json'
			},
			body: form.toString(),
			redirect: 'manual',
			signal
		});
	} catch {
		return { kind: 'unreachable', timedOut: signal.aborted };
	}
	if (response.status >= 300 && response.status < 400) {
		await response.body?.cancel().catch(() => undefined);
		return { kind: 'redirected', status: response.status };
	}
	const declared = Number(response.headers.get('content-length') ?? '0');
	if (declared > options.maxBytes) {
		await response.body?.cancel().catch(() => undefined);
		return { kind: 'too_large' };
	}
	let body: string | null;
	try {
		body = await readCapped(response, options.maxBytes);
	} catch {
		return { kind: 'unreachable', timedOut: signal.aborted };
	}
	if (body === null) return { kind: 'too_large' };
	return {
		kind: 'answered',
		status: response.status,
		contentType: response.headers.get('content-type') ?? '',
		body
	};
}
