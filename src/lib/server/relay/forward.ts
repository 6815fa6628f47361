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
 * - When the browser goes away (`signal`) or stops reading (the body stream is cancelled), the
 *   request to the gateway is destroyed, so the gateway stops generating an answer nobody reads.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
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

function armConnectTimeout(request: ClientRequest, secure: boolean, timeoutMs: number): () => void {
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
	return clear;
}

/** Writes the body with backpressure; a failure of the body (cap, browser) ends the request. */
async function pumpBody(body: ReadableStream<Uint8Array>, request: ClientRequest): Promise<void> {
	const reader = body.getReader();
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			if (request.destroyed) return;
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
	} finally {
		reader.releaseLock();
	}
}

/** The response body as a web stream that reads from the socket only as fast as it is read. */
function responseStream(
	response: IncomingMessage,
	request: ClientRequest
): ReadableStream<Uint8Array> {
	let finished = false;
	return new ReadableStream<Uint8Array>({
		start(controller) {
			response.on('data', (chunk: Buffer) => {
				controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
				if ((controller.desiredSize ?? 0) <= 0) response.pause();
			});
			response.once('end', () => {
				finished = true;
				controller.close();
			});
			// Ended without `end`: the connection broke mid-body. The browser must see a broken
			// stream (never a clean end), exactly as it would from the gateway itself.
			response.once('close', () => {
				if (finished) return;
				finished = true;
				controller.error(
					new Error('The gateway closed the connection before the end of its answer.')
				);
			});
			response.once('error', (error) => {
				if (finished) return;
				finished = true;
				controller.error(error);
			});
		},
		pull() {
			response.resume();
		},
		cancel() {
			finished = true;
			request.destroy(new ClientGoneError());
		}
	});
}

export function forward(input: ForwardInput): Promise<ForwardResult> {
	const secure = input.url.protocol === 'https:';
	const headers: Record<string, string> = { ...input.headers };
	if (input.body !== null && input.contentLength !== null) {
		headers['content-length'] = String(input.contentLength);
	}
	const options: RequestOptions = {
		method: input.method,
		headers,
		agent: secure ? agents.https : agents.http
	};
	let request: ClientRequest;
	try {
		request = (secure ? httpsRequest : httpRequest)(input.url, options);
	} catch {
		input.onSettled?.();
		return Promise.resolve({ kind: 'unsendable' });
	}

	return new Promise<ForwardResult>((resolve) => {
		let settled = false;
		const settle = (result: ForwardResult): void => {
			if (settled) return;
			settled = true;
			resolve(result);
		};
		const onClientGone = (): void => {
			request.destroy(new ClientGoneError());
		};
		armConnectTimeout(request, secure, input.connectTimeoutMs);
		input.signal.addEventListener('abort', onClientGone, { once: true });
		request.once('close', () => {
			input.signal.removeEventListener('abort', onClientGone);
			input.onSettled?.();
		});

		request.once('response', (response) => {
			const status = response.statusCode ?? 0;
			const noBody = input.method === 'HEAD' || NULL_BODY_STATUSES.has(status);
			if (noBody) response.resume();
			settle({
				kind: 'answered',
				status,
				rawHeaders: response.rawHeaders,
				body: noBody ? null : responseStream(response, request)
			});
		});
		request.on('error', (error) => {
			settle({ kind: 'failed', error });
		});

		if (input.signal.aborted) {
			onClientGone();
			return;
		}
		if (input.body === null) request.end();
		else void pumpBody(input.body, request);
	});
}
