/**
 * `/api/relay/**`: same-origin forwarding to GATEWAY_URL and nowhere else, for gateways that send
 * no CORS headers. In order: relay mode on (else 404), method allowed (else 405; OPTIONS answered
 * here), the caller this app's own page (else 403) with a JSON body (else 415; caller-policy.ts),
 * path under GATEWAY_URL (else 400), body within the cap (else 413); then the request goes to the
 * gateway and its answer comes back — status, body, and the headers that may cross
 * (request-headers.ts, response-headers.ts) — or, when nothing came back, a 502/504 that names
 * the gateway's host (relay-answers.ts). Every answer, the gateway's and the relay's own, is
 * isolated: a download, sandboxed, never a document of the app's origin (response-headers.ts
 * `isolate`).
 */
import {
	isRedirectStatus,
	RELAY_REDIRECT_HEADER,
	redirectTargetOf
} from '../../failure/redirect.ts';
import type { ClientConnection } from './client-connection.ts';
import { BodyReadError, BodyTooLargeError, cappedBody, drainBody } from './capped-body.ts';
import { callerRefusal } from './caller-policy.ts';
import {
	ClientGoneError,
	ConnectTimeoutError,
	FirstByteTimeoutError,
	forward,
	type ForwardResult
} from './forward.ts';
import { methodDecision } from './method-policy.ts';
import {
	bodyNotJson,
	bodyTooLarge,
	bodyUnreadable,
	clientGone,
	crossSite,
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
import { clientResponseHeaders, isolate } from './response-headers.ts';
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
	/** Longest wait for the gateway's response head (RELAY_FIRST_BYTE_TIMEOUT). */
	firstByteTimeoutMs: number;
	/** Longest silence in the middle of the gateway's body (RELAY_IDLE_TIMEOUT). */
	idleTimeoutMs: number;
}

export interface RelayRequest {
	request: Request;
	/** The request's URL as the app sees it (`/api/relay/…`, BASE_PATH already removed). */
	url: URL;
	/** The origin the browser sees this app at (oauth/request-origin.ts `appOrigin`). */
	appOrigin: URL;
	connection: ClientConnection;
	settings: RelaySettings;
	limits: RelayLimits;
}

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
 * would otherwise sit in the connection in front of the next request. Not after a 413: that
 * body is read to its end and thrown away (`drainBody`), since closing while the browser still
 * uploads resets the connection, and the browser reports a network error instead of the 413.
 */
function closing(response: Response, request: Request): Response {
	const tooLarge = response.headers.get(RELAY_ERROR_HEADER) === 'body_too_large';
	if (request.body !== null && !tooLarge) response.headers.set('connection', 'close');
	return response;
}

export async function relayRoute(input: RelayRequest): Promise<Response> {
	const answer = await relayAnswer(input);
	const response = answer.headers.has(RELAY_ERROR_HEADER) ? closing(answer, input.request) : answer;
	isolate(response.headers);
	return response;
}

/**
 * A 413 for a body the relay has not read (all of it, or the rest). The body is read to its end
 * and dropped, and the answer ends only then: a connection closed (or a `Connection: close`
 * request finished) under an upload is reset, and the browser reports a network error instead.
 */
function refuseLargeBody(request: Request, limit: number | null): Response {
	const refusal = bodyTooLarge(limit);
	if (request.body === null || request.body.locked) return refusal;
	const drained = drainBody(request.body);
	return new Response(endingAfter(refusal.body, drained), refusal);
}

/** `body`'s bytes, with its end held back until `done` settles. */
function endingAfter(
	body: ReadableStream<Uint8Array> | null,
	done: Promise<void>
): ReadableStream<Uint8Array> {
	return new ReadableStream<Uint8Array>({
		async start(controller) {
			if (body !== null) for await (const chunk of body) controller.enqueue(chunk);
			await done;
			controller.close();
		}
	});
}

async function relayAnswer(input: RelayRequest): Promise<Response> {
	const { request, url, connection, settings } = input;
	const { limits } = input;
	let handedOver = false;
	try {
		if (settings.gatewayMode !== 'relay' || settings.gatewayUrl === null) return relayOff();
		const decision = methodDecision(request.method);
		if (decision.kind === 'refuse') return methodNotAllowed();
		if (decision.kind === 'options') return optionsAnswer();
		const refusal = callerRefusal(request, input.appOrigin);
		if (refusal === 'cross_site') return crossSite();
		if (refusal === 'body_not_json') return bodyNotJson();

		const base = gatewayBase(settings.gatewayUrl);
		const rest = relayRest(url.pathname);
		const target = rest === null ? null : buildUpstreamUrl(base, rest, url.search);
		if (target === null || !target.ok) return pathRefused();

		const declared = declaredLength(request.headers);
		if (declared !== null && declared > limits.maxRequestBytes) {
			return refuseLargeBody(request, limits.maxRequestBytes);
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
			firstByteTimeoutMs: limits.firstByteTimeoutMs,
			idleTimeoutMs: limits.idleTimeoutMs,
			onSettled: () => connection.release()
		});
		return answer(result, {
			request,
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
	request: Request;
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
			if (error instanceof BodyTooLargeError) return refuseLargeBody(context.request, error.limit);
			if (error instanceof BodyReadError) {
				return error.status === 413 ? bodyTooLarge(null) : bodyUnreadable();
			}
			if (error instanceof ConnectTimeoutError) {
				return upstreamTimeout(base.host, error.timeoutMs);
			}
			if (error instanceof FirstByteTimeoutError) {
				return upstreamTimeout(base.host, error.timeoutMs, 'answer');
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
		// Dropped: the browser gets the 3xx itself, and one word on where it led, never the address.
		else if (isRedirectStatus(result.status))
			headers.set(RELAY_REDIRECT_HEADER, redirectTargetOf(location, context.upstreamUrl));
	}
	return new Response(result.body, { status: result.status, headers });
}

function firstLocation(rawHeaders: readonly string[]): string | null {
	for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
		if (rawHeaders[index]?.toLowerCase() === 'location') return rawHeaders[index + 1] ?? null;
	}
	return null;
}
