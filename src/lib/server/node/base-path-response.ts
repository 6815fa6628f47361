/**
 * The response class of the Node server under BASE_PATH: every `Location` the app sets — through
 * `setHeader` (SvelteKit) or `writeHead` (static files) — reaches the browser with the prefix put
 * back by `locationUnderBase`. Given to `http.createServer({ ServerResponse })`, Node's documented
 * way to choose the response class (@see https://nodejs.org/api/http.html#httpcreateserveroptions-requestlistener),
 * so no response object is patched after the fact.
 */
import {
	ServerResponse,
	type IncomingMessage,
	type OutgoingHttpHeader,
	type OutgoingHttpHeaders
} from 'node:http';
import { locationUnderBase } from './base-path.ts';

type HeaderList = OutgoingHttpHeaders | OutgoingHttpHeader[];

const isLocation = (name: unknown): boolean =>
	typeof name === 'string' && name.toLowerCase() === 'location';

/** The headers of a `writeHead` call with Location under `base`; the caller's object is not changed. */
function headersUnderBase(headers: HeaderList, base: string): HeaderList {
	if (Array.isArray(headers)) {
		// Node's flat form: [name, value, name, value, …].
		return headers.map((value, index) =>
			index % 2 === 1 && isLocation(headers[index - 1]) && typeof value === 'string'
				? locationUnderBase(value, base)
				: value
		);
	}
	return Object.fromEntries(
		Object.entries(headers).map(([name, value]) => [
			name,
			isLocation(name) && typeof value === 'string' ? locationUnderBase(value, base) : value
		])
	);
}

/** A `ServerResponse` class for `base`; `ServerResponse` itself when there is no prefix. */
export function responseClassUnderBase(base: string): typeof ServerResponse {
	if (base === '') return ServerResponse;

	return class ResponseUnderBase<
		Request extends IncomingMessage = IncomingMessage
	> extends ServerResponse<Request> {
		override setHeader(name: string, value: number | string | readonly string[]): this {
			return super.setHeader(
				name,
				isLocation(name) && typeof value === 'string' ? locationUnderBase(value, base) : value
			);
		}

		override writeHead(statusCode: number, statusMessage?: string, headers?: HeaderList): this;
		override writeHead(statusCode: number, headers?: HeaderList): this;
		override writeHead(
			statusCode: number,
			messageOrHeaders?: string | HeaderList,
			headers?: HeaderList
		): this {
			if (typeof messageOrHeaders === 'string') {
				return headers === undefined
					? super.writeHead(statusCode, messageOrHeaders)
					: super.writeHead(statusCode, messageOrHeaders, headersUnderBase(headers, base));
			}
			return messageOrHeaders === undefined
				? super.writeHead(statusCode)
				: super.writeHead(statusCode, headersUnderBase(messageOrHeaders, base));
		}
	};
}
