import { afterEach, describe, expect, it } from 'vitest';
import {
	corsUnsafeHeaderNames,
	headerList,
	inspectingCorsProbe,
	judgeCorsResponse,
	judgePreflight
} from '../../../src/lib/connection-check/index.ts';
import { PAGE_ORIGIN } from './check-target.ts';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

const ORIGIN = 'https://chat.example.com';
const request = (names: string[]) => ({ origin: ORIGIN, method: 'GET', names });

describe('corsUnsafeHeaderNames (Fetch §2.2.2)', () => {
	it('lists what a preflight names: lower-case, sorted, safelisted ones left out', () => {
		expect(
			corsUnsafeHeaderNames({
				Authorization: 'Bearer x',
				'content-type': 'application/json',
				accept: 'text/event-stream',
				session_id: 's',
				'anthropic-version': '2023-06-01'
			})
		).toEqual(['anthropic-version', 'authorization', 'content-type', 'session_id']);
	});

	it('a safelisted content type or accept is not named; a value with unsafe bytes is', () => {
		expect(corsUnsafeHeaderNames({ 'content-type': 'text/plain;charset=utf-8' })).toEqual([]);
		expect(corsUnsafeHeaderNames({ accept: 'application/json' })).toEqual([]);
		expect(corsUnsafeHeaderNames({ accept: 'text/event-stream; x="y"' })).toEqual(['accept']);
		expect(corsUnsafeHeaderNames({ 'accept-language': 'en-GB,en;q=0.9' })).toEqual([]);
		expect(corsUnsafeHeaderNames({ 'accept-language': 'en_GB' })).toEqual(['accept-language']);
	});

	it('names well-known headers the way people write them', () => {
		expect(headerList(['authorization', 'content-type', 'x-api-key'])).toBe(
			'Authorization, Content-Type, x-api-key'
		);
	});
});

describe('judgeCorsResponse and judgePreflight (Fetch §4.8, §4.9)', () => {
	it('Access-Control-Allow-Origin must be * or exactly the origin', () => {
		expect(judgeCorsResponse(new Headers({ 'access-control-allow-origin': '*' }), ORIGIN)).toBe(
			true
		);
		expect(judgeCorsResponse(new Headers({ 'access-control-allow-origin': ORIGIN }), ORIGIN)).toBe(
			true
		);
		expect(judgeCorsResponse(new Headers(), ORIGIN)).toBe(false);
		expect(
			judgeCorsResponse(new Headers({ 'access-control-allow-origin': `${ORIGIN}/` }), ORIGIN)
		).toBe(false);
		expect(
			judgeCorsResponse(
				new Headers({ 'access-control-allow-origin': `${ORIGIN}, https://a.test` }),
				ORIGIN
			)
		).toBe(false);
	});

	it('allows when every unsafe header is listed (any case, any spacing)', () => {
		const headers = new Headers({
			'access-control-allow-origin': ORIGIN,
			'access-control-allow-headers': ' Authorization ,CONTENT-TYPE'
		});
		expect(judgePreflight(204, headers, request(['authorization', 'content-type']))).toEqual({
			allowed: true
		});
	});

	it('* covers every header except Authorization', () => {
		const headers = new Headers({
			'access-control-allow-origin': '*',
			'access-control-allow-headers': '*'
		});
		expect(judgePreflight(200, headers, request(['content-type', 'session_id']))).toEqual({
			allowed: true
		});
		expect(judgePreflight(200, headers, request(['authorization', 'content-type']))).toEqual({
			allowed: false,
			reason: 'headers',
			refused: ['authorization']
		});
	});

	it('refuses a preflight without the origin, or with a status that is not ok', () => {
		const listed = { 'access-control-allow-headers': 'authorization' };
		expect(judgePreflight(204, new Headers(listed), request(['authorization']))).toEqual({
			allowed: false,
			reason: 'origin'
		});
		const withOrigin = new Headers({ ...listed, 'access-control-allow-origin': ORIGIN });
		expect(judgePreflight(405, withOrigin, request(['authorization']))).toEqual({
			allowed: false,
			reason: 'status'
		});
	});

	it('a method that is not safelisted must be allowed', () => {
		const headers = new Headers({
			'access-control-allow-origin': ORIGIN,
			'access-control-allow-methods': 'GET, POST'
		});
		expect(judgePreflight(204, headers, { origin: ORIGIN, method: 'DELETE', names: [] })).toEqual({
			allowed: false,
			reason: 'method'
		});
		expect(judgePreflight(204, headers, { origin: ORIGIN, method: 'POST', names: [] })).toEqual({
			allowed: true
		});
	});
});

describe('inspectingCorsProbe against a real gateway', () => {
	let gateway: TestGateway | undefined;
	afterEach(async () => {
		await gateway?.close();
		gateway = undefined;
	});

	it('sends the preflight a browser would: Origin, the method, the unsafe names', async () => {
		gateway = await startTestGateway({ cors: 'allow' });
		const probe = inspectingCorsProbe(fetch, PAGE_ORIGIN);
		const allowed = await probe.withHeaders(
			`${gateway.url}/v1/models`,
			{
				authorization: 'Bearer k',
				'content-type': 'application/json',
				accept: 'text/event-stream'
			},
			new AbortController().signal
		);
		expect(allowed).toBe(true);
		const [preflight, actual] = gateway.requests;
		expect(preflight).toMatchObject({
			method: 'OPTIONS',
			headers: {
				origin: PAGE_ORIGIN,
				'access-control-request-method': 'GET',
				'access-control-request-headers': 'authorization,content-type'
			}
		});
		expect(actual).toMatchObject({ method: 'GET', headers: { authorization: 'Bearer k' } });
	});

	it('a refused preflight stops there: the request itself is not sent', async () => {
		gateway = await startTestGateway({ cors: { allowHeaders: ['content-type'] } });
		const probe = inspectingCorsProbe(fetch, PAGE_ORIGIN);
		const signal = new AbortController().signal;
		const url = `${gateway.url}/v1/models`;
		expect(await probe.withHeaders(url, { authorization: 'Bearer k' }, signal)).toBe(false);
		expect(await probe.simple(url, signal)).toBe(true);
		expect(gateway.requests.map((request) => request.method)).toEqual(['OPTIONS', 'GET']);
	});

	it('no CORS: even the simple request is refused', async () => {
		gateway = await startTestGateway({ cors: 'none' });
		const probe = inspectingCorsProbe(fetch, PAGE_ORIGIN);
		expect(await probe.simple(`${gateway.url}/v1/models`, new AbortController().signal)).toBe(
			false
		);
	});
});
