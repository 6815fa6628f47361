/**
 * The built-in demo gateway as a Fetch-API handler (Request → Response), so that the same code runs
 * inside the app (`/demo/**`) and standalone on its own origin (`standalone.ts`).
 *
 * Routes (relative to the mount path): `GET /v1/models`, `POST /v1/responses`,
 * `POST /backend-api/<area>/responses`, `POST /v1/messages`, and `GET /` (an index of scenarios).
 *
 * A `DemoGateway` remembers which `#scenario:…:once` prompts it has played (OnceScenarios), so
 * each mount keeps one instance for as long as it serves; nothing is shared between instances.
 *
 * Bounded, since it is on by default and needs no sign-in:
 * - POST bodies must be `application/json` (415 otherwise, before the body is read), so a
 *   cross-site `no-cors` form or `text/plain` POST does no work (Fetch Standard, "CORS-safelisted
 *   request-header": those are the only content types a page may send without a preflight);
 * - at most `maxStreams` answers at once per gateway (StreamSlots; 429 busy beyond that);
 * - one stream is at most `maxStreamBytes` (MAX_STREAM_BYTES), made frame by frame as the client
 *   reads it, and stopped when the client leaves (sse-player.ts).
 */
import { randomBytes } from 'node:crypto';
import type { RouteKind } from '../../wire/route-kind.ts';
import { ERROR_SCENARIOS, isErrorScenario, type ErrorScenario } from './error-scenarios.ts';
import { demoModelList, modelScenario } from './models.ts';
import { OnceScenarios, type OnceScenariosOptions } from './once-scenarios.ts';
import { readDemoRequest } from './read-request.ts';
import { isRejection, unverifiedReasoningRejection, type DemoRequest } from './request.ts';
import { playSteps } from './sse-player.ts';
import {
	MAX_STREAM_BYTES,
	sizeLabel,
	STREAM_SCENARIOS,
	streamPlan,
	turnBody
} from './stream-scenarios.ts';
import { StreamSlots, type StreamSlot } from './stream-slots.ts';

export interface DemoGatewayOptions {
	/** Path prefix the gateway is mounted at, e.g. `/demo` in the app or `''` standalone. */
	mountPath: string;
	/** Answer with permissive CORS like new-api (standalone, cross-origin use). */
	cors: boolean;
}

/** One gateway's memory and limits, for as long as it serves. */
export interface DemoGatewaySettings {
	once?: OnceScenariosOptions;
	/** Most answers worked on at once (default 32); the next request gets a 429. */
	maxStreams?: number;
	/** Most bytes of event stream in one answer (default MAX_STREAM_BYTES, 8 MB). */
	maxStreamBytes?: number;
}

const DEFAULT_MAX_STREAMS = 32;
/** What a busy gateway's 429 asks the client to wait, in seconds. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** Longest a `connection-timeout` request is held open when the client never gives up. */
const HANG_LIMIT_MS = 5 * 60_000;
const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

const CAPTIVE_PORTAL_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in · Corporate Access Portal</title></head>
<body><form method="post" action="/login"><h1>Sign in to continue</h1>
<label>User <input name="user"></label> <label>Password <input name="password" type="password"></label>
<button>Sign in</button></form></body></html>
`;

const newRequestId = (): string => `req_demo_${randomBytes(12).toString('hex')}`;

/**
 * Headers a browser client sends to a gateway, allowed when a preflight names none: `*` alone would
 * not do, since it never covers `authorization` (Fetch Standard, "CORS-non-wildcard request-header
 * name").
 */
const CLIENT_HEADERS = [
	'authorization',
	'content-type',
	'x-api-key',
	'anthropic-version',
	'anthropic-beta',
	'anthropic-dangerous-direct-browser-access',
	'*'
].join(', ');

/** Permissive CORS like new-api: any origin, and whatever request headers the preflight asks for. */
function corsHeaders(request: Request): Record<string, string> {
	return {
		'access-control-allow-origin': '*',
		'access-control-allow-methods': 'GET, POST, OPTIONS',
		'access-control-allow-headers':
			request.headers.get('access-control-request-headers') ?? CLIENT_HEADERS,
		'access-control-max-age': '86400',
		// The OpenAI SDK reads `x-request-id`, the Anthropic SDK `request-id`.
		'access-control-expose-headers': 'x-request-id, request-id'
	};
}

/** The request id under both names the SDKs read. */
function requestIdHeaders(requestId: string): Record<string, string> {
	return { 'x-request-id': requestId, 'request-id': requestId };
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string>): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: { ...headers, 'content-type': 'application/json; charset=utf-8' }
	});
}

function errorResponse(
	scenario: ErrorScenario,
	requestId: string,
	cors: Record<string, string>,
	route: RouteKind,
	requestUrl?: string
): Response {
	const headers: Record<string, string> = { ...requestIdHeaders(requestId), ...scenario.headers };
	if (scenario.redirect === 'https' && requestUrl !== undefined) {
		const location = new URL(requestUrl);
		location.protocol = 'https:';
		location.port = '';
		headers['location'] = location.href;
	}
	if (scenario.contentType !== null)
		headers['content-type'] = `${scenario.contentType}; charset=utf-8`;
	const template =
		route === 'messages' && scenario.messagesBody !== undefined
			? scenario.messagesBody
			: scenario.body;
	const body = template.replaceAll('{requestId}', requestId);
	return new Response(body === '' ? null : body, {
		status: scenario.status,
		statusText: scenario.statusText ?? '',
		headers: scenario.proxyPage === true ? headers : { ...headers, ...cors }
	});
}

/** A Messages error body carries the request id as `request_id`, as the API's does. */
function withRequestId(body: unknown, requestId: string): unknown {
	const isAnthropic =
		typeof body === 'object' && body !== null && 'type' in body && body.type === 'error';
	return isAnthropic ? { ...body, request_id: requestId } : body;
}

/** An error body in the route's shape: the Messages API's, or the OpenAI one on the others. */
function routeError(route: RouteKind, type: string, message: string, code: string): unknown {
	return route === 'messages'
		? { type: 'error', error: { type, message } }
		: { error: { message, type, param: null, code } };
}

/** `application/json`, with or without parameters (`; charset=utf-8`), in any case (RFC 9110 §8.3.1). */
function isJson(contentType: string | null): boolean {
	return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function unsupportedContentType(route: RouteKind, contentType: string | null): unknown {
	const sent =
		contentType === null
			? 'Missing content type.'
			: `Unsupported content type '${contentType.slice(0, 100)}'.`;
	return routeError(
		route,
		'invalid_request_error',
		`${sent} The demo gateway accepts only 'application/json' request bodies.`,
		'unsupported_content_type'
	);
}

function routeOf(path: string, method: string): RouteKind | 'models' | 'index' | null {
	if (method === 'GET' && (path === '' || path === '/')) return 'index';
	if (method === 'GET' && path === '/v1/models') return 'models';
	if (method !== 'POST') return null;
	if (path === '/v1/responses') return 'responses';
	if (path === '/v1/messages') return 'messages';
	if (/^\/backend-api\/[A-Za-z0-9._-]+\/responses$/.test(path)) return 'backend';
	return null;
}

function hang(signal: AbortSignal): Promise<void> {
	return new Promise((resolve) => {
		if (signal.aborted) return resolve();
		const timer = setTimeout(resolve, HANG_LIMIT_MS);
		signal.addEventListener('abort', () => {
			clearTimeout(timer);
			resolve();
		});
	});
}

async function answerTurn(
	request: Request,
	demo: DemoRequest,
	requestId: string,
	cors: Record<string, string>,
	stream: { slot: StreamSlot; maxBytes: number }
): Promise<Response> {
	const scenarioName = demo.scenario?.name ?? null;
	if (scenarioName !== null && isErrorScenario(scenarioName)) {
		return errorResponse(ERROR_SCENARIOS[scenarioName], requestId, cors, demo.route, request.url);
	}
	const base = { ...requestIdHeaders(requestId), ...cors };
	switch (scenarioName) {
		case 'connection-timeout':
			// Holds no stream: only a timer, ended when the client gives up.
			stream.slot.release();
			await hang(request.signal);
			return new Response(null, { status: 504, headers: base });
		case 'html-200':
			return new Response(CAPTIVE_PORTAL_PAGE, {
				status: 200,
				headers: { ...base, 'content-type': 'text/html; charset=utf-8' }
			});
		case 'empty-200':
			return new Response(null, {
				status: 200,
				headers: { ...base, 'content-type': 'text/event-stream' }
			});
		case null:
		default:
			break;
	}
	if (!demo.stream) return jsonResponse(200, turnBody(demo), base);
	const plan = streamPlan(demo, stream.maxBytes);
	const body = playSteps(plan.steps, {
		...(plan.splitBytes === undefined ? {} : { splitBytes: plan.splitBytes }),
		...(plan.batchBytes === undefined ? {} : { batchBytes: plan.batchBytes }),
		signal: request.signal,
		onSettled: stream.slot.keep()
	});
	return new Response(body, {
		status: 200,
		headers: {
			...base,
			'content-type': 'text/event-stream; charset=utf-8',
			'cache-control': 'no-cache',
			'x-accel-buffering': 'no'
		}
	});
}

/**
 * What `GET /` answers: the routes, the token grammar, the limits and every scenario, for people
 * trying it.
 */
function scenarioIndex(maxStreams: number, maxStreamBytes: number): unknown {
	return {
		name: 'Switchboard demo gateway',
		routes: [
			'GET /v1/models',
			'POST /v1/responses',
			'POST /backend-api/<area>/responses',
			'POST /v1/messages'
		],
		token: '#scenario:<name>[:<arg>][:once|:twice]',
		modifiers: {
			once: 'plays the scenario for the first request whose last user message is this exact prompt; every later request with the same prompt (a retry, a continuation) gets the normal answer. Remembered per gateway process for 15 minutes (at most 10,000 prompts)',
			twice: 'the same for the first two requests (a sign-in refresh resends once by itself)'
		},
		limits: {
			'content-type':
				"POST bodies must be sent as 'application/json' (parameters such as charset allowed); any other content type, or none, is refused with 415 before the body is read",
			request: `request bodies up to ${sizeLabel(MAX_REQUEST_BYTES)} (413 beyond)`,
			streams: `at most ${maxStreams} answers at once per gateway; beyond that, 429 rate_limit_error "busy" with retry-after`,
			answer: `one streamed answer is at most ${sizeLabel(maxStreamBytes)} of event stream, made as the client reads it and stopped when the client leaves; an answer that would be longer ends with its route's failure event (response.failed; Messages: an error event)`
		},
		continuation:
			'POST /v1/messages whose last message is from the assistant (a prefill) continues it: when the answer to the last user prompt begins with the prefill, only the remainder is streamed, otherwise the whole answer follows it. Refused like the API: trailing whitespace in the prefill, a text prefill with thinking enabled or adaptive, and any prefill on demo-adaptive',
		scenarios: {
			...Object.fromEntries(Object.entries(ERROR_SCENARIOS).map(([name, s]) => [name, s.summary])),
			...STREAM_SCENARIOS
		}
	};
}

export class DemoGateway {
	readonly #once: OnceScenarios;
	readonly #slots: StreamSlots;
	readonly #maxStreamBytes: number;

	constructor(settings: DemoGatewaySettings = {}) {
		this.#once = new OnceScenarios(settings.once ?? {});
		this.#slots = new StreamSlots(settings.maxStreams ?? DEFAULT_MAX_STREAMS);
		this.#maxStreamBytes = settings.maxStreamBytes ?? MAX_STREAM_BYTES;
	}

	async handle(request: Request, options: DemoGatewayOptions): Promise<Response> {
		const cors = options.cors ? corsHeaders(request) : {};
		const requestId = newRequestId();
		if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });

		const url = new URL(request.url);
		const path = url.pathname.startsWith(options.mountPath)
			? url.pathname.slice(options.mountPath.length)
			: url.pathname;
		const route = routeOf(path, request.method);
		const base = { ...requestIdHeaders(requestId), ...cors };

		if (route === null) {
			return jsonResponse(
				404,
				{
					error: {
						message: `Invalid URL (${request.method} ${path})`,
						type: 'invalid_request_error',
						param: null,
						code: null
					}
				},
				base
			);
		}
		if (route === 'index')
			return jsonResponse(200, scenarioIndex(this.#slots.limit, this.#maxStreamBytes), base);
		if (route === 'models') return jsonResponse(200, demoModelList(request.headers), base);

		const contentType = request.headers.get('content-type');
		if (!isJson(contentType)) {
			const body = withRequestId(unsupportedContentType(route, contentType), requestId);
			return jsonResponse(415, body, base);
		}
		const length = Number(request.headers.get('content-length') ?? '0');
		if (length > MAX_REQUEST_BYTES)
			return errorResponse(ERROR_SCENARIOS['request-too-large'], requestId, cors, route);
		const slot = this.#slots.take();
		if (slot === null) return this.#busy(route, requestId, base);
		try {
			return await this.#answer(request, route, slot, requestId, cors);
		} finally {
			slot.releaseUnlessKept();
		}
	}

	/** 429 while every slot is taken: nothing read, nothing started. */
	#busy(route: RouteKind, requestId: string, base: Record<string, string>): Response {
		const message = `The demo gateway is busy with ${this.#slots.limit} streams, as many as it plays at once; try again in a few seconds.`;
		const body = routeError(route, 'rate_limit_error', message, 'rate_limit_exceeded');
		return jsonResponse(429, withRequestId(body, requestId), {
			...base,
			'retry-after': String(BUSY_RETRY_AFTER_SECONDS)
		});
	}

	/** A model route's answer, made while `slot` is held (a stream keeps it until it is over). */
	async #answer(
		request: Request,
		route: RouteKind,
		slot: StreamSlot,
		requestId: string,
		cors: Record<string, string>
	): Promise<Response> {
		const base = { ...requestIdHeaders(requestId), ...cors };
		const stream = { slot, maxBytes: this.#maxStreamBytes };
		const demo = readDemoRequest(route, await request.text());
		if (isRejection(demo))
			return jsonResponse(demo.status, withRequestId(demo.body, requestId), base);
		const modelFailure = modelScenario(demo, request.headers);
		if (modelFailure === null && demo.unverifiedReasoning !== null) {
			const refused = unverifiedReasoningRejection(demo.unverifiedReasoning);
			return jsonResponse(refused.status, refused.body, base);
		}
		if (modelFailure === null)
			return answerTurn(request, this.#played(demo), requestId, cors, stream);
		if (!this.#outgrown(demo, modelFailure))
			return errorResponse(ERROR_SCENARIOS[modelFailure], requestId, cors, demo.route);
		return answerTurn(request, { ...demo, scenario: null }, requestId, cors, stream);
	}

	/**
	 * A model that fails on its own fails every time — unless the prompt names that same failure
	 * with `:once` or `:twice` (`#scenario:classifier-unavailable:once` to `codex-auto-review`):
	 * then it fails only that often, and the model answers after (the classifier came back).
	 */
	#outgrown(demo: DemoRequest, failure: string): boolean {
		const token = demo.scenario;
		if (token === null || token.plays === null || token.name !== failure) return false;
		return !this.#once.claim(`model:${demo.model}:${failure}`, demo.prompt, token.plays);
	}

	/** The request as it is played: a `:once` scenario already played for its prompt is left out. */
	#played(demo: DemoRequest): DemoRequest {
		const token = demo.scenario;
		if (token === null || token.plays === null) return demo;
		const scenario = token.arg === null ? token.name : `${token.name}:${token.arg}`;
		return this.#once.claim(scenario, demo.prompt, token.plays)
			? demo
			: { ...demo, scenario: null };
	}
}

/**
 * Answers one request with a gateway of its own, so nothing is remembered between calls: a
 * `:once` scenario plays every time. Mounts keep a `DemoGateway` instead.
 */
export function handleDemoRequest(
	request: Request,
	options: DemoGatewayOptions
): Promise<Response> {
	return new DemoGateway().handle(request, options);
}
