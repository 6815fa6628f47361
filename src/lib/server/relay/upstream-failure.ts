/**
 * Why a request to the gateway failed before any answer, in a few plain words for the relay's
 * 502 (relay-answers.ts). Read from the Node system error code on the error or its causes; the
 * error's own message is never shown (it can carry addresses and internals).
 */
const CAUSES: readonly [codes: readonly string[], words: string][] = [
	[['ECONNREFUSED'], 'connection refused'],
	[['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA'], 'its host name could not be resolved'],
	[['ECONNRESET', 'EPIPE', 'ECONNABORTED'], 'the connection was closed before it answered'],
	[['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN'], 'no route to its host'],
	[
		['HPE_INVALID_CONSTANT', 'HPE_INVALID_STATUS', 'HPE_INVALID_VERSION'],
		'it did not answer in HTTP'
	]
];

/** Codes of TLS failures (OpenSSL's certificate errors and Node's own). */
const TLS_CODE =
	/^(?:ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|HOSTNAME_MISMATCH)/;

function codesOf(error: unknown): string[] {
	const codes: string[] = [];
	let current: unknown = error;
	for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
		const { code, cause } = current as { code?: unknown; cause?: unknown };
		if (typeof code === 'string') codes.push(code);
		current = cause;
	}
	return codes;
}

export function upstreamFailureCause(error: unknown): string {
	const codes = codesOf(error);
	for (const [known, words] of CAUSES) {
		if (codes.some((code) => known.includes(code))) return words;
	}
	if (codes.some((code) => TLS_CODE.test(code))) return 'its TLS certificate was not accepted';
	if (codes.some((code) => code.startsWith('HPE_')))
		return 'it sent a response that is not valid HTTP';
	return 'the connection failed';
}
