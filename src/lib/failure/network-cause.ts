import type { OwnSentence } from './own-sentence.ts';
import type { NetworkCase } from './types.ts';

/**
 * What a rejected `fetch` tells about the network, across engines:
 * Chromium "Failed to fetch", Firefox "NetworkError when attempting to fetch resource.", Safari
 * "Load failed" / "The network connection was lost.", Node (undici) "fetch failed" with a `cause`
 * carrying a system or undici error code. A CORS block is indistinguishable from a refused connection
 * in the browser, by design (WHATWG Fetch §4.1 "network error").
 */
const FETCH_FAILURE =
	/^(?:failed to fetch|networkerror when attempting to fetch resource|load failed|fetch failed|network request failed|network error|the network connection was lost|the internet connection appears to be offline|terminated|net::err_[a-z_]+)\b/i;

export function isFetchFailureMessage(message: string): boolean {
	return FETCH_FAILURE.test(message.trim());
}

/** Codes meaning the connection attempt timed out. */
const TIMEOUT_CODES = new Set([
	'ETIMEDOUT',
	'UND_ERR_CONNECT_TIMEOUT',
	'UND_ERR_HEADERS_TIMEOUT',
	'ESOCKETTIMEDOUT',
	'ERR_CONNECTION_TIMED_OUT'
]);

/** Codes meaning a connection that had been working broke. */
const BROKEN_CODES = new Set([
	'ECONNRESET',
	'EPIPE',
	'UND_ERR_SOCKET',
	'ECONNABORTED',
	'ERR_CONNECTION_RESET'
]);

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'ERR_NAME_NOT_RESOLVED']);

/** System and undici codes found on an error and its `cause` chain (and AggregateError members). */
export function causeCodes(error: unknown): string[] {
	const codes: string[] = [];
	const queue: unknown[] = [error];
	for (let visited = 0; queue.length > 0 && visited < 12; visited += 1) {
		const current = queue.shift();
		if (typeof current !== 'object' || current === null) continue;
		const { code, cause, errors } = current as {
			code?: unknown;
			cause?: unknown;
			errors?: unknown;
		};
		if (typeof code === 'string' && !codes.includes(code)) codes.push(code);
		if (cause !== undefined) queue.push(cause);
		if (Array.isArray(errors)) queue.push(...(errors as unknown[]).slice(0, 4));
	}
	return codes;
}

export interface NetworkReading {
	networkCase: NetworkCase;
	/** The connection broke after it had worked (reset, socket closed). */
	broken: boolean;
	sentence: OwnSentence;
	code?: string;
}

/** Reads the case and a plain sentence from the codes and message of a failed fetch. */
export function readNetwork(
	codes: readonly string[],
	message: string,
	online: boolean | undefined
): NetworkReading {
	const code = codes.find((candidate) => /^[A-Z][A-Z0-9_]+$/.test(candidate));
	const withCode = code === undefined ? {} : { code };
	const broken =
		codes.some((candidate) => BROKEN_CODES.has(candidate)) ||
		/^terminated\b|connection was lost/i.test(message);
	if (online === false) {
		return {
			networkCase: 'offline',
			broken,
			sentence: { kind: 'offline' },
			...withCode
		};
	}
	if (codes.some((candidate) => TIMEOUT_CODES.has(candidate)) || /timed[ _]?out/i.test(message)) {
		return {
			networkCase: 'timeout',
			broken,
			sentence: { kind: 'timed_out' },
			...withCode
		};
	}
	return {
		networkCase: 'refused_or_blocked',
		broken,
		sentence: refusedSentence(codes),
		...withCode
	};
}

function refusedSentence(codes: readonly string[]): OwnSentence {
	if (codes.some((code) => DNS_CODES.has(code))) return { kind: 'dns_failed' };
	if (codes.includes('ECONNREFUSED')) return { kind: 'connection_refused' };
	if (codes.some((code) => BROKEN_CODES.has(code))) return { kind: 'connection_reset' };
	if (codes.some((code) => /CERT|TLS|SSL/.test(code))) return { kind: 'certificate_refused' };
	return { kind: 'unreachable' };
}

/** `navigator.onLine` when the runtime has one (browsers; Node 21+), else unknown. */
export function navigatorOnline(): boolean | undefined {
	const nav: unknown = (globalThis as { navigator?: unknown }).navigator;
	if (typeof nav !== 'object' || nav === null) return undefined;
	const online: unknown = (nav as { onLine?: unknown }).onLine;
	return typeof online === 'boolean' ? online : undefined;
}
