/**
 * `/api/relay/**`: same-origin forwarding to GATEWAY_URL and nowhere else, for gateways that send
 * no CORS headers. In order: relay mode on (else 404), method allowed (else 405; OPTIONS answered
 * here), path under GATEWAY_URL (else 400), body within the cap (else 413); then the request goes
 * to the gateway and its answer comes back as it is — status, body, and the headers that may
 * cross (request-headers.ts, response-headers.ts) — or, when nothing came back, a 502/504 that
 * names the gateway's host (relay-answers.ts).
 */
import type { ClientConnection } from './client-connection.ts';
import { BodyReadError, BodyTooLargeError, cappedBody } from './capped-body.ts';
import { ClientGoneError, ConnectTimeoutError, forward, type ForwardResult } from './forward.ts';
import { CONNECT_TIMEOUT_MS, MAX_REQUEST_BODY_BYTES } from './limits.ts';
import { methodDecision } from './method-policy.ts';
import {
	bodyTooLarge,
	bodyUnreadable,
	bodyWithoutType,
	clientGone,
	headerUnsendable,
	methodNotAllowed,
	optionsAnswer,
	pathRefused,
	RELAY_ERROR_HEADER,
	relayOff,
	upstreamInvalid,
	upstreamTimeout,
	upstreamUnreachable
} from './relay-answers.ts';
import { upstreamRequestHeaders } from './request-headers.ts';
import { clientResponseHeaders } from './response-headers.ts';
import { upstreamFailureCause } from './upstream-failure.ts';
import {
	buildUpstreamUrl,
	gatewayBase,
	RELAY_PATH,
	relayLocation,
	type GatewayBase
} from './upstream-url.ts';

/** What the relay needs of the server configuration. */
export interface RelaySettings {
	gatewayMode: 'direct' | 'relay';
	gatewayUrl: string | null;
	/** The configured account header (ACCOUNT_HEADER), forwarded like the wire's own headers. */
	accountHeader: string;
}

export interface RelayLimits {
	maxRequestBytes: number;
	connectTimeoutMs: number;
}

export interface RelayRequest {
	request: Request;
	/** The request's URL as the app sees it (`/api/relay/…`, BASE_PATH already removed). */
	url: URL;
	connection: ClientConnection;
	settings: RelaySettings;
	limits?: RelayLimits;
}

const DEFAULT_LIMITS: RelayLimits = {
	maxRequestBytes: MAX_REQUEST_BODY_BYTES,
	connectTimeoutMs: CONNECT_TIMEOUT_MS
};

/** The percent-encoded path after `/api/relay/` (`''` for the relay's root), or `null`. */
function relayRest(pathname: string): string | null {
	if (pathname === RELAY_PATH) return '';
	if (!pathname.startsWith(`${RELAY_PATH}/`)) return null;
	return pathname.slice(RELAY_PATH.length + 1);
}

function declaredLength(headers: Headers): number | null {
	const value = headers.get('content-length');
	return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * The relay's own answer to a request with a body: the connection is closed after it
 * (RFC 9112 §9.6), since the relay may not have read the body to its end, and what is left of it
 * would otherwise sit in the connection in front of the next request.
 */
function closing(response: Response, request: Request): Response {
	if (request.body !== null) response.headers.set('connection', 'close');
	return response;
}

export async function relayRoute(input: RelayRequest): Promise<Response> {
	const response = await relayAnswer(input);
	return response.headers.has(RELAY_ERROR_HEADER) ? closing(response, input.request) : response;
}

async function relayAnswer(input: RelayRequest): Promise<Response> {
	const { request, url, connection, settings } = input;
	const limits = input.limits ?? DEFAULT_LIMITS;
	let handedOver = false;
	try {
		if (settings.gatewayMode !== 'relay' || settings.gatewayUrl === null) return relayOff();
		const decision = methodDecision(request.method);
		if (decision.kind === 'refuse') return methodNotAllowed();
		if (decision.kind === 'options') return optionsAnswer();

		const base = gatewayBase(settings.gatewayUrl);
		const rest = relayRest(url.pathname);
		const target = rest === null ? null : buildUpstreamUrl(base, rest, url.search);
		if (target === null || !target.ok) return pathRefused();

		const declared = declaredLength(request.headers);
		if (declared !== null && declared > limits.maxRequestBytes) {
			return bodyTooLarge(limits.maxRequestBytes);
		}
		const carriesBody =
			(declared !== null && declared > 0) || request.headers.has('transfer-encoding');
		if (decision.method === 'POST' && carriesBody && request.body === null) {
			return bodyWithoutType();
		}

		handedOver = true;
		const result = await forward({
			url: target.url,
			method: decision.method,
			headers: upstreamRequestHeaders(request.headers, settings.accountHeader),
			body: request.body === null ? null : cappedBody(request.body, limits.maxRequestBytes),
			contentLength: declared,
			signal: connection.signal,
			connectTimeoutMs: limits.connectTimeoutMs,
			onSettled: () => connection.release()
		});
		return answer(result, {
			base,
			upstreamUrl: target.url,
			requestPath: url.pathname,
			connection,
			limits
		});
	} finally {
		if (!handedOver) connection.release();
	}
}

interface AnswerContext {
	base: GatewayBase;
	upstreamUrl: URL;
	requestPath: string;
	connection: ClientConnection;
	limits: RelayLimits;
}

function answer(result: ForwardResult, context: AnswerContext): Response {
	const { base } = context;
	switch (result.kind) {
		case 'answered':
			return passThrough(result, context);
		case 'unsendable':
			return headerUnsendable();
		case 'failed': {
			const { error } = result;
			if (context.connection.signal.aborted || error instanceof ClientGoneError) {
				return clientGone();
			}
			if (error instanceof BodyTooLargeError) return bodyTooLarge(error.limit);
			if (error instanceof BodyReadError) {
				return error.status === 413 ? bodyTooLarge(null) : bodyUnreadable();
			}
			if (error instanceof ConnectTimeoutError) {
				return upstreamTimeout(base.host, context.limits.connectTimeoutMs);
			}
			return upstreamUnreachable(base.host, upstreamFailureCause(error));
		}
	}
}

function passThrough(
	result: Extract<ForwardResult, { kind: 'answered' }>,
	context: AnswerContext
): Response {
	// The Fetch API (and a browser) can carry only these; anything else is not an answer.
	if (result.status < 200 || result.status > 599) {
		void result.body?.cancel();
		return upstreamInvalid(context.base.host, `with the invalid status ${result.status}`);
	}
	const headers = clientResponseHeaders(result.rawHeaders);
	const location = firstLocation(result.rawHeaders);
	if (location !== null) {
		const relayed = relayLocation(location, context.upstreamUrl, context.base, context.requestPath);
		if (relayed !== null) headers.set('location', relayed);
	}
	return new Response(result.body, { status: result.status, headers });
}

function firstLocation(rawHeaders: readonly string[]): string | null {
	for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
		if (rawHeaders[index]?.toLowerCase() === 'location') return rawHeaders[index + 1] ?? null;
	}
	return null;
}
