/**
 * A real HTTP server on 127.0.0.1 standing in for an authorization server's token endpoint, so
 * the token route's tests see real sockets: it records every request it receives and answers with
 * whatever the test sets.
 */
import {
	createServer,
	type IncomingHttpHeaders,
	type Server,
	type ServerResponse
} from 'node:http';
import { listenLocally } from '../../local-server.ts';

export interface RecordedRequest {
	method: string;
	path: string;
	headers: IncomingHttpHeaders;
	body: string;
}

export type Responder = (request: RecordedRequest, response: ServerResponse) => void;

export interface FakeTokenEndpoint {
	/** `http://127.0.0.1:<port>` */
	url: string;
	requests: RecordedRequest[];
	respond: Responder;
	close: () => Promise<void>;
}

export function json(
	status: number,
	body: unknown,
	headers: Record<string, string> = {}
): Responder {
	return (_request, response) => {
		response.writeHead(status, { 'content-type': 'application/json', ...headers });
		response.end(JSON.stringify(body));
	};
}

export async function startFakeTokenEndpoint(): Promise<FakeTokenEndpoint> {
	const fake: Omit<FakeTokenEndpoint, 'url' | 'close'> = {
		requests: [],
		respond: json(500, { error: 'server_error', error_description: 'no answer set' })
	};
	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const recorded: RecordedRequest = {
				method: request.method ?? '',
				path: request.url ?? '',
				headers: request.headers,
				body: Buffer.concat(chunks).toString('utf8')
			};
			fake.requests.push(recorded);
			fake.respond(recorded, response);
		});
	});
	const { url, close } = await listenLocally(server);
	return Object.assign(fake, { url, close });
}

/** An unsigned JWT with `claims` (the route reads id-token claims; it does not check signatures). */
export function fakeIdToken(claims: Record<string, unknown>): string {
	const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
	return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}
