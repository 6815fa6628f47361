import { describe, expect, it } from 'vitest';
import { gatewayCredentials } from '../../../../src/lib/auth/gateway-credentials.ts';
import { gatewayHeaders } from '../../../../src/lib/gateway/gateway-headers.ts';
import { upstreamRequestHeaders, VIA } from '../../../../src/lib/server/relay/request-headers.ts';
import { clientResponseHeaders } from '../../../../src/lib/server/relay/response-headers.ts';
import { buildTurnRequest, ROUTE_KINDS } from '../../../../src/lib/wire/index.ts';
import { backendInput, messagesInput, responsesInput } from '../../wire/request-inputs.ts';

const ACCOUNT_HEADER = 'service-account-id';

describe('request headers: an allow-list', () => {
	it("forwards Switchboard's own headers and the configured account header", () => {
		const sent = {
			accept: 'text/event-stream',
			'content-type': 'application/json',
			authorization: 'Bearer at-123',
			'service-account-id': 'acct_42',
			session_id: 's-1',
			'session-id': 's-1',
			version: '0.4.0',
			originator: 'switchboard',
			'anthropic-version': '2023-06-01',
			'anthropic-beta': 'context-1m-2025-08-07',
			'x-api-key': 'sk-ant',
			'accept-encoding': 'gzip, br',
			'accept-language': 'zh-CN',
			'user-agent': 'Mozilla/5.0'
		};
		const forwarded = upstreamRequestHeaders(new Headers(sent), ACCOUNT_HEADER);
		// Every one of them, unchanged, and the relay's Via.
		expect(forwarded).toEqual({ ...sent, via: VIA });
	});

	it("drops the browser's ambient context: cookies, origin, fetch metadata, forwarding headers", () => {
		const forwarded = upstreamRequestHeaders(
			new Headers({
				authorization: 'Bearer at-123',
				cookie: '__Host-switchboard-session=sealed; other=1',
				origin: 'https://chat.example',
				referer: 'https://chat.example/?c=1',
				'sec-fetch-site': 'same-origin',
				'sec-fetch-mode': 'cors',
				'sec-ch-ua': '"Chromium";v="140"',
				forwarded: 'for=192.0.2.7',
				'x-forwarded-for': '192.0.2.7',
				'x-forwarded-host': 'chat.example',
				'x-real-ip': '192.0.2.7',
				host: 'chat.example',
				'x-switchboard-csrf': '1',
				'content-length': '12'
			}),
			ACCOUNT_HEADER
		);
		expect(forwarded).toEqual({ authorization: 'Bearer at-123', via: VIA });
	});

	it('drops hop-by-hop fields and every field the Connection header names (RFC 9110 §7.6.1)', () => {
		const forwarded = upstreamRequestHeaders(
			new Headers({
				connection: 'keep-alive, Authorization',
				'keep-alive': 'timeout=5',
				te: 'trailers',
				trailer: 'x-checksum',
				upgrade: 'websocket',
				'proxy-authorization': 'Basic cHJveHk6c2VjcmV0',
				'proxy-connection': 'keep-alive',
				authorization: 'Bearer at-123',
				accept: 'application/json'
			}),
			ACCOUNT_HEADER
		);
		expect(forwarded).toEqual({ accept: 'application/json', via: VIA });
	});

	it('forwards every header the wire layer and the gateway header table send', async () => {
		const sent = new Set<string>();
		const requests = [
			buildTurnRequest({ route: 'responses', ...responsesInput() }),
			buildTurnRequest({ route: 'backend', ...backendInput() }),
			buildTurnRequest({
				route: 'messages',
				...messagesInput({ anthropicBeta: ['context-1m-2025-08-07'] })
			})
		];
		for (const request of requests) for (const name of Object.keys(request.headers)) sent.add(name);
		const oauth = {
			signedIn: true,
			account: { accountId: 'acct_42' },
			accessToken: () => Promise.resolve('at-123'),
			refresh: () => Promise.resolve(false)
		};
		const key = { key: () => 'sk-key' };
		for (const source of ['oauth', 'api_key'] as const) {
			const authorizer = gatewayCredentials(
				{ auth: source, configuredByServer: true },
				oauth,
				key,
				() => ACCOUNT_HEADER
			);
			const credentials = await authorizer.credentials();
			for (const route of ROUTE_KINDS) {
				// A turn (with its session), and the model list (without).
				for (const sessionId of ['conv-1', undefined]) {
					const headers = gatewayHeaders({ route, credentials, sessionId });
					for (const name of Object.keys(headers)) sent.add(name);
				}
			}
		}

		expect(sent.size).toBeGreaterThan(8);
		const forwarded = upstreamRequestHeaders(
			new Headers([...sent].map((name) => [name, 'x'])),
			ACCOUNT_HEADER
		);
		for (const name of sent) expect(forwarded, name).toHaveProperty(name.toLowerCase());
	});
});

/** Node's `rawHeaders` shape: name, value, name, value… */
const raw = (pairs: [string, string][]): string[] => pairs.flat();

describe('response headers: an allow-list', () => {
	it('passes request ids, retry hints, rate-limit counters and the content headers', () => {
		const headers = clientResponseHeaders(
			raw([
				['Content-Type', 'text/html; charset=UTF-8'],
				['Content-Length', '1234'],
				['Content-Encoding', 'gzip'],
				['X-Request-Id', 'req_1'],
				['X-Oneapi-Request-Id', '20260908170256208508264'],
				['Request-Id', 'req_2'],
				['CF-Ray', '8c1f2a3b4d5e6f70-FRA'],
				['Retry-After', '20'],
				['retry-after-ms', '20000'],
				['x-ratelimit-remaining-requests', '0'],
				['anthropic-ratelimit-tokens-reset', '2026-11-26T12:00:00Z'],
				['RateLimit-Policy', '10;w=1'],
				['Cache-Control', 'no-cache'],
				['X-Accel-Buffering', 'no']
			])
		);
		expect(Object.fromEntries(headers)).toEqual({
			'content-type': 'text/html; charset=UTF-8',
			'content-length': '1234',
			'content-encoding': 'gzip',
			'x-request-id': 'req_1',
			'x-oneapi-request-id': '20260908170256208508264',
			'request-id': 'req_2',
			'cf-ray': '8c1f2a3b4d5e6f70-FRA',
			'retry-after': '20',
			'retry-after-ms': '20000',
			'x-ratelimit-remaining-requests': '0',
			'anthropic-ratelimit-tokens-reset': '2026-11-26T12:00:00Z',
			'ratelimit-policy': '10;w=1',
			'x-accel-buffering': 'no'
		});
	});

	it('keeps repeated fields apart from one another', () => {
		const headers = clientResponseHeaders(
			raw([
				['x-ratelimit-limit', '10'],
				['x-ratelimit-limit', '20']
			])
		);
		expect(headers.get('x-ratelimit-limit')).toBe('10, 20');
	});

	it("drops everything else, first what would act on this app's origin", () => {
		const headers = clientResponseHeaders(
			raw([
				['Set-Cookie', 'gw_session=1; Path=/'],
				['Set-Cookie', '__Host-switchboard-session=forged; Path=/; Secure'],
				['Access-Control-Allow-Origin', '*'],
				['Access-Control-Allow-Credentials', 'true'],
				['Access-Control-Expose-Headers', 'x-request-id'],
				['Timing-Allow-Origin', '*'],
				['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
				['Alt-Svc', 'h3=":443"'],
				['Clear-Site-Data', '"storage"'],
				['NEL', '{"report_to":"default","max_age":31536000}'],
				['Report-To', '{"group":"default","endpoints":[{"url":"https://gw.example.com/r"}]}'],
				['Reporting-Endpoints', 'default="https://gw.example.com/r"'],
				['Content-Security-Policy', "default-src 'none'"],
				['X-Frame-Options', 'DENY'],
				['Cross-Origin-Opener-Policy', 'same-origin'],
				['Cross-Origin-Resource-Policy', 'same-site'],
				['Permissions-Policy', 'camera=()'],
				['WWW-Authenticate', 'Basic realm="gateway"'],
				['Location', 'https://login.example.com/'],
				['Refresh', '0; url=https://evil.example/'],
				['Link', '<https://evil.example/a.js>; rel=preload; as=script'],
				['Origin-Trial', 'token'],
				['X-Switchboard-Own-Csp', '1'],
				['Content-Disposition', 'inline'],
				['Vary', 'Origin'],
				['X-Request-Id', 'req_1']
			])
		);
		expect([...headers.keys()]).toEqual(['x-request-id']);
	});

	it('drops hop-by-hop fields and the fields Connection names', () => {
		const headers = clientResponseHeaders(
			raw([
				['Connection', 'keep-alive, X-Internal-Hop'],
				['Keep-Alive', 'timeout=5'],
				['Transfer-Encoding', 'chunked'],
				['Trailer', 'x-checksum'],
				['Upgrade', 'h2c'],
				['Proxy-Authenticate', 'Basic realm="proxy"'],
				['X-Internal-Hop', 'secret-route'],
				['Content-Type', 'text/event-stream']
			])
		);
		expect(Object.fromEntries(headers)).toEqual({ 'content-type': 'text/event-stream' });
	});

	it('drops a value a Headers object cannot hold, not the response', () => {
		const headers = clientResponseHeaders(
			raw([
				['X-Broken', 'a\u0000b'],
				['X-Request-Id', 'req_1']
			])
		);
		expect(Object.fromEntries(headers)).toEqual({ 'x-request-id': 'req_1' });
	});
});
