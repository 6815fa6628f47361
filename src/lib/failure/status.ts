import { isRedirectStatus } from './redirect.ts';
import type { FailureKind } from './types.ts';

/** Reason phrases (RFC 9110 §15 and the de-facto proxy codes of nginx and Cloudflare). */
const REASON: Readonly<Record<number, string>> = {
	300: 'Multiple Choices',
	301: 'Moved Permanently',
	302: 'Found',
	303: 'See Other',
	307: 'Temporary Redirect',
	308: 'Permanent Redirect',
	400: 'Bad Request',
	401: 'Unauthorized',
	402: 'Payment Required',
	403: 'Forbidden',
	404: 'Not Found',
	405: 'Method Not Allowed',
	408: 'Request Timeout',
	409: 'Conflict',
	410: 'Gone',
	413: 'Content Too Large',
	414: 'URI Too Long',
	415: 'Unsupported Media Type',
	422: 'Unprocessable Content',
	429: 'Too Many Requests',
	431: 'Request Header Fields Too Large',
	451: 'Unavailable For Legal Reasons',
	499: 'Client Closed Request',
	500: 'Internal Server Error',
	501: 'Not Implemented',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
	520: 'Web Server Returned an Unknown Error',
	521: 'Web Server Is Down',
	522: 'Connection Timed Out',
	523: 'Origin Is Unreachable',
	524: 'A Timeout Occurred',
	525: 'SSL Handshake Failed',
	526: 'Invalid SSL Certificate',
	529: 'Site Overloaded',
	530: 'Origin DNS Error'
};

export function reasonPhrase(status: number): string | undefined {
	return REASON[status];
}

/** `502 Bad Gateway`, or `HTTP 599` when the status has no well-known phrase. */
export function statusLine(status: number): string {
	const phrase = reasonPhrase(status);
	return phrase === undefined ? `HTTP ${status}` : `${status} ${phrase}`;
}

/** Reason phrases and their common variants, lower-cased. */
const STATUS_TEXTS: ReadonlySet<string> = new Set([
	...Object.values(REASON).map((phrase) => phrase.toLowerCase()),
	'request entity too large',
	'payload too large',
	'gateway time-out',
	'request time-out',
	'service temporarily unavailable'
]);

/**
 * True when a text says nothing beyond the status: `Bad Gateway`, `502 Bad Gateway`,
 * `HTTP/1.1 503 Service Unavailable`, `error code: 522`, `Internal Server Error.`
 */
export function isStatusTextOnly(text: string): boolean {
	const core = text
		.toLowerCase()
		.replace(/^http\/[\d.]+\s*/, '')
		.replace(/^(?:error(?: code)?\s*:?\s*)?\d{3}\b\s*:?\s*/, '')
		.replace(/[.!\s]+$/, '')
		.trim();
	return core === '' || core === 'error' || STATUS_TEXTS.has(core);
}

/**
 * What the status alone says. `explained` is true when the body carried a real message or code: a
 * 502/503 with an explanation came from the gateway itself (its upstream failed, or it is
 * temporarily unavailable); with only a status text, HTML, plain text or nothing, a proxy in front
 * of it answered.
 */
export function kindForStatus(status: number, explained: boolean): FailureKind {
	if (status >= 200 && status < 300) return explained ? 'unknown' : 'malformed_response';
	// A redirect the app did not follow: the address given is not where the API answers.
	if (isRedirectStatus(status)) return 'not_found';
	if (status < 400 || status > 599) return 'unknown';
	switch (status) {
		case 401:
			return 'auth_expired';
		case 402:
			return 'insufficient_balance';
		case 403:
		case 451:
			return 'forbidden';
		case 404:
		case 405:
		case 410:
			return 'not_found';
		case 408:
			return 'asset_timeout';
		case 413:
		case 414:
		case 431:
			return 'request_too_large';
		case 429:
			return 'rate_limited';
		case 502:
			return explained ? 'upstream_failed' : 'bad_gateway';
		case 503:
			return explained ? 'server_error' : 'bad_gateway';
		case 520:
		case 521:
		case 523:
		case 525:
		case 526:
		case 530:
			return 'bad_gateway';
		case 504:
		case 522:
		case 524:
		case 598:
		case 599:
			return 'origin_timeout';
		case 529:
			return 'overloaded';
		default:
			return status < 500 ? 'bad_request' : 'server_error';
	}
}

/** Kinds the status assigns when it knows nothing specific; structured `fallback` codes may refine them. */
export function isGenericStatusKind(kind: FailureKind): boolean {
	return (
		kind === 'bad_request' ||
		kind === 'server_error' ||
		kind === 'unknown' ||
		kind === 'malformed_response'
	);
}
