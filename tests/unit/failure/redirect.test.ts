import { describe, expect, it } from 'vitest';
import {
	isRedirectStatus,
	redirectTargetOf,
	relayRedirectTarget
} from '../../../src/lib/failure/redirect.ts';

const requested = new URL('http://gw.example.com:8080/openai/v1/responses?api-version=1');

describe('where a redirect the relay does not pass on led', () => {
	it.each([
		[
			'the same URL over https, default port',
			'https://gw.example.com/openai/v1/responses?api-version=1'
		],
		[
			'the same URL over https, its own port',
			'https://gw.example.com:8443/openai/v1/responses?api-version=1'
		]
	])('%s: https', (_, location) => {
		expect(redirectTargetOf(location, requested)).toBe('https');
	});

	it.each([
		['another host', 'https://gw2.example.com/openai/v1/responses?api-version=1'],
		['another path', 'https://gw.example.com/v1/responses?api-version=1'],
		['another query', 'https://gw.example.com/openai/v1/responses'],
		['a sign-in page', 'https://sso.example.com/login?next=%2Fopenai'],
		['plain http elsewhere on the host', '/login'],
		['not a URL at all', 'http://[::1'],
		['another scheme', 'ftp://gw.example.com/openai/v1/responses?api-version=1']
	])('%s: elsewhere', (_, location) => {
		expect(redirectTargetOf(location, requested)).toBe('elsewhere');
	});

	it('is "elsewhere" when the request was already https', () => {
		const secure = new URL('https://gw.example.com/v1/models');
		expect(redirectTargetOf('https://gw.example.com/v1/models', secure)).toBe('elsewhere');
	});

	it('reads only the two words the relay writes', () => {
		const said = (value: string): string | undefined =>
			relayRedirectTarget(new Headers({ 'switchboard-relay-redirect': value }));
		expect(said('https')).toBe('https');
		expect(said(' Elsewhere ')).toBe('elsewhere');
		expect(said('https://evil.example')).toBeUndefined();
		expect(relayRedirectTarget(new Headers())).toBeUndefined();
	});

	it('counts every 3xx but 304 as a redirect', () => {
		expect([300, 301, 302, 303, 307, 308, 399].every(isRedirectStatus)).toBe(true);
		expect([304, 200, 299, 400, undefined].some(isRedirectStatus)).toBe(false);
	});
});
