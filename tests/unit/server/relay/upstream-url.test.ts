import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	buildUpstreamUrl,
	gatewayBase,
	relayLocation,
	type GatewayBase
} from '../../../../src/lib/server/relay/upstream-url.ts';

const ROOT = gatewayBase('https://gw.example.com');
const UNDER = gatewayBase('https://gw.example.com/openai/v2');

function built(base: GatewayBase, rest: string, search = ''): string {
	const target = buildUpstreamUrl(base, rest, search);
	if (!target.ok) throw new Error(`refused: ${target.refusal}`);
	return target.url.href;
}

function refusal(base: GatewayBase, rest: string): string | null {
	const target = buildUpstreamUrl(base, rest, '');
	return target.ok ? null : target.refusal;
}

describe('gatewayBase', () => {
	it('splits GATEWAY_URL into origin, path and the host named in messages', () => {
		expect(gatewayBase('https://gw.example.com:8443/openai')).toEqual({
			origin: 'https://gw.example.com:8443',
			path: '/openai',
			host: 'gw.example.com:8443'
		});
		expect(ROOT).toEqual({
			origin: 'https://gw.example.com',
			path: '',
			host: 'gw.example.com'
		});
	});
});

describe('buildUpstreamUrl', () => {
	it("appends the rest of the path to GATEWAY_URL's path and passes the query through", () => {
		expect(built(ROOT, 'v1/models')).toBe('https://gw.example.com/v1/models');
		expect(built(UNDER, 'v1/responses', '?stream=true&x=%2F')).toBe(
			'https://gw.example.com/openai/v2/v1/responses?stream=true&x=%2F'
		);
		expect(built(ROOT, 'backend-api/codex/responses')).toBe(
			'https://gw.example.com/backend-api/codex/responses'
		);
	});

	it('keeps what a real API path holds: colons, @, encoded spaces and a trailing slash', () => {
		expect(built(ROOT, 'v1/models/gemini-2.5:generateContent')).toBe(
			'https://gw.example.com/v1/models/gemini-2.5:generateContent'
		);
		expect(built(ROOT, 'v1/files/a%20b@c')).toBe('https://gw.example.com/v1/files/a%20b@c');
		expect(built(UNDER, 'v1/models/')).toBe('https://gw.example.com/openai/v2/v1/models/');
		expect(built(UNDER, '')).toBe('https://gw.example.com/openai/v2/');
	});

	it.each([
		['..', 'dot_segment'],
		['v1/../../admin', 'dot_segment'],
		['v1/./models', 'dot_segment'],
		['%2e%2e/admin', 'dot_segment'],
		['%2E%2E/admin', 'dot_segment'],
		['%2E./admin', 'dot_segment'],
		['.%2e/admin', 'dot_segment'],
		['v1/%2e', 'dot_segment'],
		['%252e%252e/admin', 'dot_segment'],
		['%25252E%25252E/admin', 'dot_segment'],
		['..%20/admin', 'dot_segment'],
		['.../admin', 'dot_segment'],
		['%2e%2e%2e', 'dot_segment'],
		['v1%2f..%2fadmin', 'encoded_separator'],
		['v1%2F..%2Fadmin', 'encoded_separator'],
		['..%5cadmin', 'encoded_separator'],
		['v1%5C..%5Cadmin', 'encoded_separator'],
		['v1\\..\\admin', 'encoded_separator'],
		['v1%252fadmin', 'encoded_separator'],
		['/evil.example/x', 'empty_segment'],
		['v1//evil.example', 'empty_segment'],
		['http://evil.example/x', 'absolute_url'],
		['https:evil.example', 'absolute_url'],
		['javascript:alert(1)', 'absolute_url'],
		['%68ttp:evil.example', 'absolute_url'],
		['v1/models?x=1', 'invalid_character'],
		['v1/models#top', 'invalid_character'],
		['v1/a b', 'invalid_character'],
		['v1/%zz', 'invalid_character'],
		['v1/%00', 'invalid_character'],
		['v1/%0d%0aHost:%20evil', 'invalid_character'],
		['v1/\u00e9', 'invalid_character']
	])('refuses %s (%s)', (rest, expected) => {
		expect(refusal(UNDER, rest)).toBe(expected);
		expect(refusal(ROOT, rest)).toBe(expected);
	});

	it('never reads a query string or a fragment as part of the path', () => {
		const target = buildUpstreamUrl(ROOT, 'v1/models', '?a=1#frag');
		expect(target.ok && target.url.pathname).toBe('/v1/models');
		// `search` is the request's query; anything not starting with `?` is not one.
		expect(built(ROOT, 'v1/models', '@evil.example')).toBe('https://gw.example.com/v1/models');
	});
});

describe('every URL the relay builds stays under GATEWAY_URL (property)', () => {
	/** Pieces attackers combine: dots, separators and their encodings, schemes, hosts. */
	const piece = fc.constantFrom(
		'.',
		'..',
		'/',
		'//',
		'\\',
		'%2e',
		'%2E',
		'%2f',
		'%2F',
		'%5c',
		'%5C',
		'%25',
		'%252e',
		'%252f',
		'%',
		'2e',
		':',
		'@',
		'?',
		'#',
		'http:',
		'evil.example',
		'v1',
		'models',
		'a',
		'-',
		'~',
		'%00',
		'%20',
		';'
	);
	const rest = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
	const base = fc.constantFrom(
		'https://gw.example.com',
		'https://gw.example.com/openai',
		'http://10.0.0.2:8080/a/b',
		'https://gw.example.com/v1%20x'
	);
	const search = fc.constantFrom('', '?a=1', '?next=//evil.example', '?%2e%2e');

	/** What a server that decodes the path once more and resolves dot segments would see. */
	function decodedAgain(url: URL): string {
		const decoded = url.pathname.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
			String.fromCharCode(Number.parseInt(hex, 16))
		);
		return new URL(decoded.replaceAll('\\', '/'), url.origin).pathname;
	}

	it('keeps the origin, the path prefix, and the prefix after one more decoding', () => {
		fc.assert(
			fc.property(base, rest, search, (gatewayUrl, restPath, query) => {
				const gateway = gatewayBase(gatewayUrl);
				const target = buildUpstreamUrl(gateway, restPath, query);
				if (!target.ok) return;
				expect(target.url.origin).toBe(gateway.origin);
				expect(target.url.pathname.startsWith(`${gateway.path}/`)).toBe(true);
				expect(target.url.username + target.url.password).toBe('');
				expect(
					decodedAgain(target.url).startsWith(
						decodedAgain(new URL(`${gateway.origin}${gateway.path}/`))
					)
				).toBe(true);
			}),
			{ numRuns: 5000 }
		);
	});

	it('accepts every path made of plain segments', () => {
		const segment = fc
			.stringMatching(/^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,10}$/)
			.filter((text) => text !== '.' && text !== '..' && !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(text));
		fc.assert(
			fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (segments) => {
				const restPath = segments.join('/');
				expect(built(UNDER, restPath)).toBe(`https://gw.example.com/openai/v2/${restPath}`);
			})
		);
	});
});

describe('relayLocation', () => {
	const upstream = new URL('https://gw.example.com/openai/v2/v1/models');

	it('turns a redirect within GATEWAY_URL into a relative reference under the relay', () => {
		const location = relayLocation(
			'/openai/v2/v1/models/',
			upstream,
			UNDER,
			'/api/relay/v1/models'
		);
		expect(location).toBe('../../../api/relay/v1/models/');
		// Resolved by the browser against the request, under any BASE_PATH, it lands in the relay.
		expect(
			new URL(location ?? '', 'https://chat.example/tools/chat/api/relay/v1/models').href
		).toBe('https://chat.example/tools/chat/api/relay/v1/models/');
		expect(new URL(location ?? '', 'https://chat.example/api/relay/v1/models').href).toBe(
			'https://chat.example/api/relay/v1/models/'
		);
	});

	it('resolves relative and absolute Locations on the gateway, keeping the query', () => {
		expect(relayLocation('models?page=2', upstream, UNDER, '/api/relay/v1/models')).toBe(
			'../../../api/relay/v1/models?page=2'
		);
		expect(
			relayLocation('https://gw.example.com/openai/v2/v2/models', upstream, UNDER, '/api/relay')
		).toBe('../api/relay/v2/models');
	});

	it.each([
		['another origin', 'https://login.example.com/sso?return=x'],
		['the same host on another scheme', 'http://gw.example.com/openai/v2/v1/models'],
		['a protocol-relative URL', '//evil.example/openai/v2/x'],
		['a path outside GATEWAY_URL', '/admin'],
		["a sibling of GATEWAY_URL's path", '/openai/v2x/models'],
		['an encoded slash', '/openai/v2/v1%2f..%2f..%2fadmin'],
		['something unparseable', 'http://[::1'],
		['a non-http scheme', 'javascript:alert(1)']
	])('drops a Location to %s', (_, location) => {
		expect(relayLocation(location, upstream, UNDER, '/api/relay/v1/models')).toBeNull();
	});
});
