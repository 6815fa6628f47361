import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	connectCookieValue,
	gatewayOrigin,
	MAX_CONNECT_ORIGINS,
	parseConnectCookie
} from '../../../src/lib/config/connect-allowance.ts';
import { readCookie } from '../../../src/lib/config/cookie-header.ts';

describe('gatewayOrigin', () => {
	it.each([
		['https://gw.example.com/v1', 'https://gw.example.com'],
		['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
		['HTTPS://GW.EXAMPLE.COM:443/', 'https://gw.example.com'],
		['javascript:alert(1)', null],
		['data:text/plain,x', null],
		['https://user:pw@gw.example.com', null],
		['/demo', null],
		['not a url', null]
	])('%s → %s', (url, origin) => {
		expect(gatewayOrigin(url)).toBe(origin);
	});
});

describe('the connect cookie', () => {
	it('round-trips origins, deduplicated, dropping what is not an http(s) URL', () => {
		const value = connectCookieValue([
			'https://a.example/v1',
			'https://a.example',
			'javascript:alert(1)',
			'http://localhost:4175'
		]);
		expect(parseConnectCookie(value)).toEqual(['https://a.example', 'http://localhost:4175']);
	});

	it('keeps at most MAX_CONNECT_ORIGINS', () => {
		const many = Array.from({ length: 40 }, (_, index) => `https://gw${index}.example`);
		expect(parseConnectCookie(connectCookieValue(many))).toHaveLength(MAX_CONNECT_ORIGINS);
	});

	it.each([
		['', []],
		['%E0%A4%A', []],
		[
			encodeURIComponent("https://a.example 'unsafe-inline' * https: https://b.example/path"),
			['https://a.example']
		],
		[encodeURIComponent('https://a.example;script-src *'), []]
	])('a forged value %j yields only exact origins', (value, expected) => {
		expect(parseConnectCookie(value)).toEqual(expected);
	});

	it('never yields anything that could change the meaning of a policy', () => {
		const candidate = fc.oneof(
			fc.webUrl(),
			fc.tuple(fc.webUrl(), fc.string()).map(([url, junk]) => `${url}${junk}`),
			fc.string()
		);
		fc.assert(
			fc.property(fc.array(candidate, { maxLength: 6 }), (texts) => {
				const origins = parseConnectCookie(encodeURIComponent(texts.join(' ')));
				expect(
					origins.every(
						(origin) => /^https?:\/\/[^\s;,'*]+$/.test(origin) && gatewayOrigin(origin) === origin
					)
				).toBe(true);
			})
		);
	});

	it('reads one cookie out of a header', () => {
		expect(readCookie('a=1; switchboard-gateways=x%20y; b=2', 'switchboard-gateways')).toBe(
			'x%20y'
		);
		expect(readCookie('a=1', 'switchboard-gateways')).toBeNull();
	});
});
