/**
 * One turn's request, start to end: the builder's request with the gateway header table added at
 * send (send-authorized.ts), `fetch` with a connect timeout, HTTP failures classified by
 * src/lib/failure, then the body read by the wire pipeline (`readTurn`) with its idle timeout.
 * A user abort ends the turn `cancelled` and is not a failure; leaving early cancels the request.
 */
import { CONNECT_TIMEOUT_MS, IDLE_TIMEOUT_MS } from './turn-timeouts.ts';
import { readCapped } from './read-capped.ts';
import {
	classifyHttp,
	classifyThrown,
	ConnectTimeoutError,
	isUserAbort
} from '../failure/index.ts';
import type { RequestAuthorizer } from '../auth/gateway-credentials.ts';
import {
	readTurn,
	RequestBuildError,
	type RouteKind,
	type Turn,
	type TurnEventListener,
	type WireRequest
} from '../wire/index.ts';
import { sendAuthorized } from './send-authorized.ts';

/**
 * A turn's request as it leaves: the builder's URL, body and headers (none of them credentials),
 * and the session it belongs to, which the header table sends on the routes that take one.
 */
export interface TurnRequest extends WireRequest {
	sessionId?: string;
}

export interface StreamTurnOptions {
	route: RouteKind;
	model: string;
	classifierModels: string[];
	signal: AbortSignal;
	onEvent: TurnEventListener;
	/** No response headers within this long → a `network` failure that says it timed out. */
	connectTimeoutMs?: number;
	/** Nothing at all on the stream for this long → `stream_stalled`. */
	idleTimeoutMs?: number;
	fetch?: typeof fetch;
	/** Credentials for the header table at send; after a 401, one refresh and one more send. */
	authorizer?: RequestAuthorizer;
}

export { CONNECT_TIMEOUT_MS, IDLE_TIMEOUT_MS };

/** How much of an error body is read for the failure card; the rest is not downloaded. */
const MAX_ERROR_BODY_BYTES = 256 * 1024;

const emptyTurn = (status: Turn['status']): Turn => ({
	status,
	text: '',
	reasoning: '',
	images: [],
	tools: [],
	citations: []
});

export async function streamTurn(request: TurnRequest, options: StreamTurnOptions): Promise<Turn> {
	if (options.signal.aborted) return emptyTurn('cancelled');
	const context = {
		model: options.model,
		route: options.route,
		classifierModels: options.classifierModels
	};
	const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
	const controller = new AbortController();
	const abortFromCaller = (): void => controller.abort(options.signal.reason);
	options.signal.addEventListener('abort', abortFromCaller, { once: true });
	const connectTimer = setTimeout(
		() => controller.abort(new ConnectTimeoutError(connectTimeoutMs)),
		connectTimeoutMs
	);
	try {
		let response: Response;
		try {
			response = await sendAuthorized(
				(sendHeaders) =>
					(options.fetch ?? fetch)(request.url, {
						method: 'POST',
						headers: { ...request.headers, ...sendHeaders },
						body: request.body,
						signal: controller.signal,
						cache: 'no-store',
						credentials: 'omit',
						referrerPolicy: 'no-referrer'
					}),
				{
					route: options.route,
					authorizer: options.authorizer,
					sessionId: request.sessionId
				}
			);
		} catch (error) {
			const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
			if (options.signal.aborted || isUserAbort(reason)) return emptyTurn('cancelled');
			// A credential that cannot be a header value: refused like a request a builder refuses.
			if (reason instanceof RequestBuildError) {
				return {
					...emptyTurn('failed'),
					failure: { kind: 'bad_request', message: reason.message }
				};
			}
			return { ...emptyTurn('failed'), failure: classifyThrown(reason, context) };
		} finally {
			clearTimeout(connectTimer);
		}
		if (!response.ok || response.body === null) {
			const body = await readCapped(response, MAX_ERROR_BODY_BYTES, true);
			return {
				...emptyTurn('failed'),
				failure: classifyHttp(response.status, response.headers, body, context)
			};
		}
		return await readTurn(options.route, response.body, {
			signal: controller.signal,
			idleTimeoutMs: options.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
			onEvent: options.onEvent,
			context
		});
	} finally {
		options.signal.removeEventListener('abort', abortFromCaller);
		controller.abort();
	}
}
