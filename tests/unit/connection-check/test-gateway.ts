/**
 * A real gateway on a local port for the connection check's tests (node:http), whose CORS,
 * `/v1/models` and stream behaviour each test chooses. Streams replay the recorded transcripts
 * in tests/fixtures/wire. Every request is recorded (method, path, headers).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally } from '../../local-server.ts';

export type CorsMode =
	/** Every answer allows the requesting origin; preflights allow whatever is asked. */
	| 'allow'
	/** No CORS header anywhere (a bare upstream). */
	| 'none'
	/** `Access-Control-Allow-Headers: *`, which does not cover Authorization (Fetch §2.2.2). */
	| 'wildcard-headers'
	/** Allow-Headers lists only these names. */
	| { allowHeaders: string[] };

export type ModelsMode =
	| 'list'
	| 'html'
	| 'wrong-json'
	| 'empty'
	| 'not-found'
	/** What this app's relay answers itself when the gateway behind it is down. */
	| 'relay-unreachable';

export interface GatewayBehaviour {
	cors: CorsMode;
	models?: ModelsMode;
	/** Answers 401 unless `Authorization: Bearer <key>`; the body echoes the key it got. */
	key?: string;
	/** A recorded transcript under tests/fixtures/wire/<route>/, e.g. `responses/text`. */
	stream?: string;
	requestId?: string;
	/** Never answer: every request, or only chat requests (POST). */
	hang?: 'everything' | 'turns';
}

export interface RecordedRequest {
	method: string;
	path: string;
	headers: IncomingMessage['headers'];
}

export interface TestGateway {
	url: string;
	requests: RecordedRequest[];
	close(): Promise<void>;
}

const FIXTURES = new URL('../../fixtures/wire/', import.meta.url);

const PORTAL =
	'<!doctype html><html><head><title>Sign in · Corporate Access Portal</title></head><body><form>…</form></body></html>';

function corsHeaders(mode: CorsMode, req: IncomingMessage): Record<string, string> {
	if (mode === 'none') return {};
	const origin = req.headers.origin ?? '*';
	const requested = req.headers['access-control-request-headers'] ?? '';
	const allowHeaders =
		mode === 'allow' ? requested : mode === 'wildcard-headers' ? '*' : mode.allowHeaders.join(', ');
	return {
		'access-control-allow-origin': mode === 'wildcard-headers' ? '*' : origin,
		...(req.method === 'OPTIONS'
			? {
					'access-control-allow-methods': 'GET, POST, OPTIONS',
					'access-control-allow-headers': allowHeaders
				}
			: {})
	};
}

function models(mode: ModelsMode, res: ServerResponse, headers: Record<string, string>): void {
	const json = { ...headers, 'content-type': 'application/json' };
	switch (mode) {
		case 'list':
			res
				.writeHead(200, json)
				.end(JSON.stringify({ object: 'list', data: [{ id: 'gw-large' }, { id: 'gw-small' }] }));
			return;
		case 'html':
			res.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(PORTAL);
			return;
		case 'wrong-json':
			res.writeHead(200, json).end(JSON.stringify({ models: ['gw-large'], ok: true }));
			return;
		case 'empty':
			res.writeHead(200, json).end(JSON.stringify({ object: 'list', data: [] }));
			return;
		case 'relay-unreachable':
			res
				.writeHead(502, {
					...headers,
					'content-type': 'text/plain; charset=utf-8',
					'switchboard-relay-error': 'upstream_unreachable'
				})
				.end(
					'Bad gateway: the relay could not reach the gateway gw.intranet.test (connection refused).\n'
				);
			return;
		case 'not-found':
			res.writeHead(404, json).end(
				JSON.stringify({
					error: { message: 'Invalid URL (GET /v1/models)', type: 'invalid_request_error' }
				})
			);
			return;
	}
}

export async function startTestGateway(behaviour: GatewayBehaviour): Promise<TestGateway> {
	const requests: RecordedRequest[] = [];
	const server = createServer((req, res) => {
		const path = new URL(req.url ?? '/', 'http://gateway').pathname;
		requests.push({ method: req.method ?? 'GET', path, headers: req.headers });
		const cors = corsHeaders(behaviour.cors, req);
		const headers = {
			...cors,
			...(behaviour.requestId === undefined ? {} : { 'x-request-id': behaviour.requestId })
		};
		req.resume();
		if (behaviour.hang === 'everything' || (behaviour.hang === 'turns' && req.method === 'POST')) {
			return;
		}
		if (req.method === 'OPTIONS') {
			res.writeHead(204, cors).end();
			return;
		}
		const authorization = req.headers.authorization ?? '';
		if (behaviour.key !== undefined && authorization !== `Bearer ${behaviour.key}`) {
			const got = authorization.replace(/^Bearer /, '');
			res.writeHead(401, { ...headers, 'content-type': 'application/json' }).end(
				JSON.stringify({
					error: {
						message: `Incorrect API key provided: ${got || '(none)'}`,
						type: 'invalid_request_error',
						code: 'invalid_api_key'
					}
				})
			);
			return;
		}
		if (req.method === 'GET' && path.endsWith('/v1/models')) {
			models(behaviour.models ?? 'list', res, headers);
			return;
		}
		if (req.method === 'POST' && behaviour.stream !== undefined) {
			const transcript = readFileSync(new URL(`${behaviour.stream}.sse`, FIXTURES));
			res.writeHead(200, { ...headers, 'content-type': 'text/event-stream' }).end(transcript);
			return;
		}
		res.writeHead(404, headers).end();
	});
	const { url, close } = await listenLocally(server);
	return { url, requests, close };
}
