/**
 * When the browser goes away. SvelteKit's `request.signal` only aborts while the request body is
 * still being received; once the body has been read (it is, by the relay, as it is forwarded),
 * a browser that cancels its `fetch` is seen only as its connection closing. adapter-node hands
 * the route its Node request as `platform.req`, whose socket tells exactly that.
 *
 * A kept-alive socket carries one request after another, so the listener is removed as soon as
 * the exchange is over (`release`).
 */
import { IncomingMessage } from 'node:http';

export interface ClientConnection {
	/** Aborts when the browser has gone away before the exchange was over. */
	signal: AbortSignal;
	/** Stops watching; call once the exchange is over. Safe to call more than once. */
	release(): void;
}

export function clientConnection(request: Request, platform: unknown): ClientConnection {
	const controller = new AbortController();
	const abort = (): void => controller.abort();
	request.signal.addEventListener('abort', abort, { once: true });
	const req = (platform as { req?: unknown } | null | undefined)?.req;
	const socket = req instanceof IncomingMessage ? req.socket : null;
	if (socket?.destroyed === true) controller.abort();
	socket?.once('close', abort);
	return {
		signal: controller.signal,
		release: () => {
			request.signal.removeEventListener('abort', abort);
			socket?.off('close', abort);
		}
	};
}
