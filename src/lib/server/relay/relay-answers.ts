import { MAX_REQUEST_BODY_BYTES } from './limits.ts';
import { ALLOW } from './method-policy.ts';

/**
 * The answers the relay gives itself, when it does not pass the gateway's on. Plain text, so the
 * browser's one classifier (src/lib/failure `classifyHttp`) reads them like a proxy's page: the
 * status decides the kind, and the sentence — which names the gateway's host and never carries a
 * stack trace or an internal error — becomes the message. Phrases are chosen for that classifier:
 * "Bad gateway" → `bad_gateway`, "Gateway timeout" → `origin_timeout`.
 *
 * Each carries `Switchboard-Relay-Error`, so a person reading the network panel (and the
 * connection check) can tell the relay's own refusals from the gateway's answers.
 */
export const RELAY_ERROR_HEADER = 'switchboard-relay-error';

export type RelayError =
	| 'relay_off'
	| 'cross_site'
	| 'body_not_json'
	| 'path_refused'
	| 'method_not_allowed'
	| 'body_too_large'
	| 'body_unreadable'
	| 'header_unsendable'
	| 'upstream_unreachable'
	| 'upstream_timeout'
	| 'upstream_invalid'
	| 'client_gone';

function plain(
	status: number,
	error: RelayError,
	text: string,
	headers: Readonly<Record<string, string>> = {}
): Response {
	return new Response(`${text}\n`, {
		status,
		headers: {
			'content-type': 'text/plain; charset=utf-8',
			'cache-control': 'no-store',
			[RELAY_ERROR_HEADER]: error,
			...headers
		}
	});
}

export function relayOff(): Response {
	return plain(
		404,
		'relay_off',
		'Not found: the relay is off on this server (GATEWAY_MODE is not relay).'
	);
}

export function pathRefused(): Response {
	return plain(
		400,
		'path_refused',
		'Bad request: the relay does not forward this path (dot segments, encoded slashes, path parameters (;), empty segments and absolute URLs are refused).'
	);
}

/** Another site, or an address opened outside the app (caller-policy.ts). */
export function crossSite(): Response {
	return plain(403, 'cross_site', "Forbidden: the relay answers only this app's own pages.");
}

/** A body that is not JSON: what a cross-site form could send (caller-policy.ts). */
export function bodyNotJson(): Response {
	return plain(
		415,
		'body_not_json',
		'Unsupported media type: the relay forwards only JSON request bodies (application/json).'
	);
}

export function methodNotAllowed(): Response {
	return plain(
		405,
		'method_not_allowed',
		'Method not allowed: the relay forwards GET, HEAD and POST only.',
		{ allow: ALLOW }
	);
}

/** `OPTIONS`: the methods, and no CORS headers (see method-policy.ts). */
export function optionsAnswer(): Response {
	return new Response(null, {
		status: 204,
		headers: { allow: ALLOW, 'cache-control': 'no-store' }
	});
}

/** Over the relay's cap, or (`limitBytes` null) over the server's BODY_SIZE_LIMIT. */
export function bodyTooLarge(limitBytes: number | null = MAX_REQUEST_BODY_BYTES): Response {
	const limit =
		limitBytes === null
			? 'the limit of this server'
			: `${Math.floor((limitBytes / (1024 * 1024)) * 10) / 10} MiB`;
	return plain(
		413,
		'body_too_large',
		`Request body too large: the relay forwards at most ${limit}.`
	);
}

export function bodyUnreadable(): Response {
	return plain(400, 'body_unreadable', 'Bad request: the relay could not read the request body.');
}

/** A header value the browser could send but Node will not (a control character in it). */
export function headerUnsendable(): Response {
	return plain(
		400,
		'header_unsendable',
		'Bad request: the relay cannot forward a header value of this request.'
	);
}

/** The gateway could not be reached; `cause` is a few plain words (upstream-failure.ts). */
export function upstreamUnreachable(host: string, cause: string): Response {
	return plain(
		502,
		'upstream_unreachable',
		`Bad gateway: the relay could not reach the gateway ${host} (${cause}).`
	);
}

/** No connection in time (`connect`), or connected but no answer in time (`answer`). */
export function upstreamTimeout(
	host: string,
	timeoutMs: number,
	waitedFor: 'connect' | 'answer' = 'connect'
): Response {
	const what =
		waitedFor === 'connect'
			? `could not connect to the gateway ${host}`
			: `got no answer from the gateway ${host}`;
	return plain(
		504,
		'upstream_timeout',
		`Gateway timeout: the relay ${what} within ${timeoutMs / 1000} seconds.`
	);
}

/** The gateway answered with something that is not an HTTP response a browser can be given. */
export function upstreamInvalid(host: string, what: string): Response {
	return plain(502, 'upstream_invalid', `Bad gateway: the gateway ${host} answered ${what}.`);
}

/**
 * The browser left before the gateway answered. Nobody reads this; it exists because a handler
 * must return something. 499 is nginx's "client closed request".
 */
export function clientGone(): Response {
	return plain(499, 'client_gone', 'The client closed the request.');
}
