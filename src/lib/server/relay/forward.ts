/**
 * One request to the gateway, streamed both ways. Node's `http`/`https` rather than `fetch`:
 * the relay needs what Node's built-in fetch does not offer without the undici package — a
 * connect timeout of its own, no deadline once connected (undici cuts headers and bodies at
 * 300 s), and the response's bytes exactly as sent (fetch decodes `Content-Encoding` itself).
 *
 * - The request body is written as it is read, with backpressure; `Content-Length` is sent when
 *   the browser declared one, otherwise the body is chunked.
 * - The response is returned as soon as its head arrives; its body is a stream that pulls from
 *   the socket as the browser reads, so an event stream reaches the browser chunk by chunk.
 * - Redirects are not followed (node:http never does).
 * - Deadlines: the connection must be up within `connectTimeoutMs`, the response head must
 *   arrive within `firstByteTimeoutMs` of sending, and once the body flows, no gap between its
 *   chunks may exceed `idleTimeoutMs` (a stall ends the body with an error, so the browser sees
 *   a broken stream, as it would from the gateway itself). Time the browser spends not reading
 *   does not count.
 * - A kept-alive connection the gateway closed just as it was reused (the request fails with a
 *   reset before any answer) is the pool's race, not the gateway's failure: the request goes
 *   once more, on a new connection, with the body bytes read so far replayed (body-replay.ts).
 * - When the browser goes away (`signal`) or stops reading (the body stream is cancelled), the
 *   request to the gateway is destroyed, so the gateway stops generating an answer nobody reads.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { ReplayableBody } from './body-replay.ts';
import type { ForwardedMethod } from './method-policy.ts';

export interface ForwardInput {
	url: URL;
	method: ForwardedMethod;
	headers: Record<string, string>;
	body: ReadableStream<Uint8Array> | null;
	/** Bytes the browser declared (`Content-Length`), when it did. */
	contentLength: number | null;
	/** Aborts when the browser has gone away. */
	signal: AbortSignal;
	connectTimeoutMs: number;
	/** Longest wait for the response head, from sending. */
	firstByteTimeoutMs: number;
	/** Longest gap between body chunks while the browser is reading. */
	idleTimeoutMs: number;
	/** Called once, when nothing of this exchange is in flight any more. */
	onSettled?: () => void;
}

export type ForwardResult =
	| {
			kind: 'answered';
			status: number;
			rawHeaders: string[];
			/** `null` when the answer has no body by definition (HEAD, 204, 205, 304). */
			body: ReadableStream<Uint8Array> | null;
	  }
	/** Nothing came back: the reason is the error that ended the attempt. */
	| { kind: 'failed'; error: unknown }
	/** Node refused to send the request as given (a header value it does not accept). */
	| { kind: 'unsendable' };

/** The connection (DNS, TCP, TLS) was not up within the connect timeout. */
export class ConnectTimeoutError extends Error {
	override name = 'ConnectTimeoutError';
	constructor(readonly timeoutMs: number) {
		super(`No connection within ${timeoutMs} ms.`);
	}
}

/** Connected and sent, but no response head within the first-byte timeout. */
export class FirstByteTimeoutError extends Error {
	override name = 'FirstByteTimeoutError';
	constructor(readonly timeoutMs: number) {
		super(`No answer within ${timeoutMs} ms.`);
	}
}

/** The browser went away: the relay stops the exchange. */
export class ClientGoneError extends Error {
	override name = 'ClientGoneError';
	constructor() {
		super('The client closed the request.');
	}
}

/** Connections to the gateway are kept and reused, one pool per process. */
const agents = {
	http: new HttpAgent({ keepAlive: true }),
	https: new HttpsAgent({ keepAlive: true })
};

/** Statuses whose responses have no body (RFC 9110 §6.4.1, §15.3.5, §15.4.5; Fetch "null body status"). */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/** How a connection the peer closed under us fails (Node names "socket hang up" ECONNRESET). */
const CLOSED_UNDER_US: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

function armConnectTimeout(request: ClientRequest, secure: boolean, timeoutMs: number): void {
	let timer: NodeJS.Timeout | undefined;
	const clear = (): void => {
		if (timer !== undefined) clearTimeout(timer);
		timer = undefined;
	};
	request.once('socket', (socket: Socket) => {
		// A kept-alive socket is already connected; only a new one has to make it in time.
		if (!socket.connecting) return;
		timer = setTimeout(() => request.destroy(new ConnectTimeoutError(timeoutMs)), timeoutMs);
		socket.once(secure ? 'secureConnect' : 'connect', clear);
	});
	request.once('close', clear);
}

function armFirstByteTimeout(request: ClientRequest, timeoutMs: number): void {
	const timer = setTimeout(() => request.destroy(new FirstByteTimeoutError(timeoutMs)), timeoutMs);
	const clear = (): void => clearTimeout(timer);
	request.once('response', clear);
	request.once('close', clear);
}

/** Writes the body with backpressure; a failure of the body (cap, browser) ends the request. */
async function pumpBody(body: ReplayableBody, request: ClientRequest): Promise<void> {
	try {
		for (let position = 0; ; position += 1) {
			const { done, value } = await body.chunkAt(position);
			if (request.destroyed) return;
			if (done) break;
			if (!request.write(value)) {
				await new Promise<void>((resolve) => {
					const resume = (): void => {
						request.off('drain', resume);
						request.off('close', resume);
						resolve();
					};
					request.on('drain', resume);
					request.on('close', resume);
				});
			}
		}
		request.end();
	} catch (error) {
		request.destroy(error instanceof Error ? error : new Error(String(error)));
	}
}

/**
 * The response body as a web stream that reads from the socket only as fast as it is read, and
 * fails when the gateway falls silent for `idleTimeoutMs` while the browser waits for more.
 */
function responseStream(
	response: IncomingMessage,
	request: ClientRequest,
	idleTimeoutMs: number
): ReadableStream<Uint8Array> {
	let finished = false;
	let idle: NodeJS.Timeout | undefined;
	let controller!: ReadableStreamDefaultController<Uint8Array>;
	const stopWatching = (): void => {
		clearTimeout(idle);
		idle = undefined;
	};
	const fail = (error: Error): void => {
		stopWatching();
		if (finished) return;
		finished = true;
		controller.error(error);
	};
	const watch = (): void => {
		stopWatching();
		idle = setTimeout(() => {
			fail(
				new Error(
					`The gateway sent nothing for ${idleTimeoutMs / 1000} seconds in the middle of its answer.`
				)
			);
			request.destroy();
		}, idleTimeoutMs);
	};
	return new ReadableStream<Uint8Array>({
		start(streamController) {
			controller = streamController;
			response.on('data', (chunk: Buffer) => {
				controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
				if ((controller.desiredSize ?? 0) <= 0) {
					// The browser is behind: its reading, not the gateway, is what is awaited now.
					stopWatching();
					response.pause();
				} else watch();
			});
			response.once('end', () => {
				stopWatching();
				finished = true;
				controller.close();
			});
			// Ended without `end`: the connection broke mid-body. The browser must see a broken
			// stream (never a clean end), exactly as it would from the gateway itself.
			response.once('close', () =>
				fail(new Error('The gateway closed the connection before the end of its answer.'))
			);
			response.once('error', fail);
			watch();
		},
		pull() {
			if (finished || !response.isPaused()) return;
			watch();
			response.resume();
		},
		cancel() {
			stopWatching();
			finished = true;
			request.destroy(new ClientGoneError());
		}
	});
}

interface Attempt {
	result: ForwardResult;
	/** The request failed on a reused connection before any answer: it may go once more. */
	closedUnderUs: boolean;
	/** Resolves when this attempt's request has closed. */
	closed: Promise<void>;
}

function attempt(
	input: ForwardInput,
	body: ReplayableBody | null,
	fresh: boolean
): Promise<Attempt> {
	const secure = input.url.protocol === 'https:';
	const headers: Record<string, string> = { ...input.headers };
	if (body !== null && input.contentLength !== null) {
		headers['content-length'] = String(input.contentLength);
	}
	const pool = secure ? agents.https : agents.http;
	const options: RequestOptions = {
		method: input.method,
		headers,
		// The retry takes a connection of its own: the pool may hold more the gateway closed.
		agent: fresh ? false : pool
	};
	let request: ClientRequest;
	try {
		request = (secure ? httpsRequest : httpRequest)(input.url, options);
	} catch {
		return Promise.resolve({
			result: { kind: 'unsendable' },
			closedUnderUs: false,
			closed: Promise.resolve()
		});
	}
	const closed = new Promise<void>((resolve) => request.once('close', () => resolve()));

	return new Promise<Attempt>((resolve) => {
		let settled = false;
		const settle = (result: ForwardResult, closedUnderUs = false): void => {
			if (settled) return;
			settled = true;
			resolve({ result, closedUnderUs, closed });
		};
		const onClientGone = (): void => {
			request.destroy(new ClientGoneError());
		};
		armConnectTimeout(request, secure, input.connectTimeoutMs);
		armFirstByteTimeout(request, input.firstByteTimeoutMs);
		input.signal.addEventListener('abort', onClientGone, { once: true });
		request.once('close', () => input.signal.removeEventListener('abort', onClientGone));

		request.once('response', (response) => {
			// An answer is coming: what was sent can never be sent again.
			body?.settle();
			const status = response.statusCode ?? 0;
			const noBody = input.method === 'HEAD' || NULL_BODY_STATUSES.has(status);
			if (noBody) response.resume();
			settle({
				kind: 'answered',
				status,
				rawHeaders: response.rawHeaders,
				body: noBody ? null : responseStream(response, request, input.idleTimeoutMs)
			});
		});
		request.on('error', (error: NodeJS.ErrnoException) => {
			const closedUnderUs =
				request.reusedSocket &&
				!input.signal.aborted &&
				CLOSED_UNDER_US.has(error.code ?? '') &&
				(body === null || body.replayable);
			settle({ kind: 'failed', error }, closedUnderUs);
		});

		if (input.signal.aborted) {
			onClientGone();
			return;
		}
		if (body === null) request.end();
		else void pumpBody(body, request);
	});
}

export async function forward(input: ForwardInput): Promise<ForwardResult> {
	const body = input.body === null ? null : new ReplayableBody(input.body);
	let tried = await attempt(input, body, false);
	if (tried.closedUnderUs) {
		await tried.closed;
		tried = await attempt(input, body, true);
	}
	void tried.closed.then(() => {
		body?.settle();
		input.onSettled?.();
	});
	return tried.result;
}
