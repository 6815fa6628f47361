/**
 * What the service worker may answer from its cache (src/lib/app/shell-cache.ts): the app shell
 * only, at the root and under a BASE_PATH. An API answer, the relay, the demo gateway, sign-in,
 * another origin or a POST is never answered from the cache nor ever stored.
 */
import { describe, expect, it } from 'vitest';
import {
	answerFor,
	cacheName,
	isStaleCache,
	offlineShellFor,
	precacheRequestInit,
	precacheUrls,
	shouldCache,
	type RequestFacts
} from '../../../src/lib/app/shell-cache.ts';
import { STORED_SHELL_HEADER } from '../../../src/lib/config/inline-config.ts';

const get = (url: string, overrides: Partial<RequestFacts> = {}): RequestFacts => ({
	method: 'GET',
	url,
	mode: 'cors',
	destination: '',
	...overrides
});
const navigation = (url: string): RequestFacts =>
	get(url, { mode: 'navigate', destination: 'document' });

const SCOPES = [
	{ name: 'at the root', origin: 'https://chat.example', base: '' },
	{ name: 'under BASE_PATH', origin: 'https://intranet.example', base: '/tools/chat' }
];

describe.each(SCOPES)('shouldCache $name', ({ origin, base }) => {
	const scope = `${origin}${base}/`;
	const at = (path: string): string => `${origin}${base}${path}`;

	it('takes the built files, the static files and the pages', () => {
		expect(shouldCache(get(at('/_app/immutable/entry/start.AbC123.js')), scope)).toBe(true);
		expect(shouldCache(get(at('/_app/immutable/assets/0.XyZ.css')), scope)).toBe(true);
		expect(shouldCache(get(at('/manifest.webmanifest')), scope)).toBe(true);
		expect(shouldCache(get(at('/icons/icon-192.png')), scope)).toBe(true);
		expect(shouldCache(navigation(at('/')), scope)).toBe(true);
		expect(shouldCache(navigation(at('/connection')), scope)).toBe(true);
	});

	it('never takes an API answer: the configuration, the token route, the relay', () => {
		for (const path of [
			'/api/config',
			'/api/oauth/token',
			'/api/oauth/metadata',
			'/api/relay/v1/responses',
			'/api/relay/v1/models',
			'/api',
			'/api/'
		]) {
			expect(shouldCache(get(at(path)), scope), path).toBe(false);
			expect(shouldCache(navigation(at(path)), scope), path).toBe(false);
		}
	});

	it('never takes the demo gateway, sign-in, the health check or the remote-image frame', () => {
		for (const path of [
			'/demo/v1/responses',
			'/demo/v1/models',
			'/auth/callback?code=abc&state=xyz',
			'/auth/popup',
			'/healthz',
			'/remote-image?src=https%3A%2F%2Fimg.example%2Fa.png',
			'/service-worker.js'
		]) {
			expect(shouldCache(get(at(path)), scope), path).toBe(false);
		}
	});

	it('reads the path as the server does: an encoded or dotted way to the API is still the API', () => {
		expect(shouldCache(get(at('/%61pi/config')), scope)).toBe(false);
		expect(shouldCache(get(at('/%64emo/v1/models')), scope)).toBe(false);
		expect(shouldCache(get(at('/icons/../api/config')), scope)).toBe(false);
		expect(shouldCache(get(at('/icons/%2e%2e/api/config')), scope)).toBe(false);
	});

	it('never takes anything but GET', () => {
		for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']) {
			expect(shouldCache(get(at('/'), { method }), scope), method).toBe(false);
			expect(shouldCache(get(at('/_app/immutable/entry/start.js'), { method }), scope)).toBe(false);
		}
	});

	it('never takes another origin: the gateway, the authorization server, another port', () => {
		expect(shouldCache(get('https://gw.example.com/v1/responses'), scope)).toBe(false);
		expect(shouldCache(get('https://login.example.com/authorize'), scope)).toBe(false);
		expect(shouldCache(get(`${origin}:8443${base}/`), scope)).toBe(false);
		expect(shouldCache(get(`${origin.replace('https:', 'http:')}${base}/`), scope)).toBe(false);
		expect(shouldCache(navigation('https://elsewhere.example/'), scope)).toBe(false);
	});

	it('refuses what it cannot read', () => {
		expect(shouldCache(get('not a url'), scope)).toBe(false);
	});
});

describe('shouldCache: outside the scope', () => {
	const scope = 'https://intranet.example/tools/chat/';

	it('another app on the same origin, the prefix without its slash, a longer prefix', () => {
		expect(shouldCache(get('https://intranet.example/'), scope)).toBe(false);
		expect(shouldCache(get('https://intranet.example/tools/chat'), scope)).toBe(false);
		expect(shouldCache(get('https://intranet.example/tools/chatter/'), scope)).toBe(false);
		expect(shouldCache(get('https://intranet.example/tools/_app/immutable/x.js'), scope)).toBe(
			false
		);
		expect(shouldCache(get('https://intranet.example/tools/chat/'), scope)).toBe(true);
	});
});

describe.each(SCOPES)('answerFor $name', ({ origin, base }) => {
	const scope = `${origin}${base}/`;
	const at = (path: string): string => `${origin}${base}${path}`;
	const precached = new Set(precacheUrls(scope, [`${base}/_app/immutable/entry/start.Ab.js`]));

	it('a navigation to a page goes to the network first (the shell only offline)', () => {
		expect(answerFor(navigation(at('/')), scope, precached)).toBe('page');
		expect(answerFor(navigation(at('/?q=1')), scope, precached)).toBe('page');
		expect(answerFor(navigation(at('/connection')), scope, precached)).toBe('page');
	});

	it('a frame is never given the shell: the remote-image frame is its own document', () => {
		const frame = get(at('/remote-image?src=x'), { mode: 'navigate', destination: 'iframe' });
		expect(answerFor(frame, scope, precached)).toBe('network');
		const other = get(at('/'), { mode: 'navigate', destination: 'iframe' });
		expect(answerFor(other, scope, precached)).toBe('network');
	});

	it('a precached file comes from the cache; a file not stored is left to the network', () => {
		expect(answerFor(get(at('/_app/immutable/entry/start.Ab.js')), scope, precached)).toBe(
			'precached'
		);
		expect(answerFor(get(at('/_app/immutable/entry/start.Ab.js#x')), scope, precached)).toBe(
			'precached'
		);
		expect(answerFor(get(at('/_app/immutable/entry/start.Ab.js?v=2')), scope, precached)).toBe(
			'network'
		);
		expect(answerFor(get(at('/_app/version.json')), scope, precached)).toBe('network');
	});

	it('the API, the relay, the demo gateway and sign-in are left to the network', () => {
		for (const request of [
			get(at('/api/config')),
			get(at('/api/relay/v1/models')),
			get(at('/api/relay/v1/responses'), { method: 'POST' }),
			get(at('/demo/v1/responses'), { method: 'POST' }),
			get(at('/demo/v1/models')),
			navigation(at('/auth/callback?code=c&state=s')),
			navigation(at('/api/config')),
			get('https://gw.example.com/v1/models')
		]) {
			expect(answerFor(request, scope, precached), request.url).toBe('network');
		}
	});
});

describe('offlineShellFor', () => {
	it('the shell stands in for any page at the top level of the app', () => {
		const scope = 'https://intranet.example/tools/chat/';
		expect(offlineShellFor('https://intranet.example/tools/chat/', scope)).toBe(scope);
		expect(offlineShellFor('https://intranet.example/tools/chat/?q=1', scope)).toBe(scope);
		expect(offlineShellFor('https://intranet.example/tools/chat/connection', scope)).toBe(scope);
		expect(offlineShellFor('https://chat.example/', 'https://chat.example/')).toBe(
			'https://chat.example/'
		);
	});

	it('not for a page deeper down, whose relative script paths the shell would not match', () => {
		const scope = 'https://intranet.example/tools/chat/';
		expect(offlineShellFor('https://intranet.example/tools/chat/auth/callback', scope)).toBe(null);
		expect(offlineShellFor('https://intranet.example/tools/chat/a/b', scope)).toBe(null);
	});

	it('not outside the scope or on another origin', () => {
		const scope = 'https://intranet.example/tools/chat/';
		expect(offlineShellFor('https://intranet.example/tools/', scope)).toBe(null);
		expect(offlineShellFor('https://elsewhere.example/tools/chat/', scope)).toBe(null);
	});
});

describe('precacheRequestInit', () => {
	const scope = 'https://intranet.example/tools/chat/';
	const built = `${scope}_app/immutable/entry/app.X.js`;
	const hashed = new Set([built]);

	it('asks for the page shell without the inlined configuration, revalidated', () => {
		const init = precacheRequestInit(scope, scope, hashed);
		expect(new Headers(init.headers).get(STORED_SHELL_HEADER)).toBe('1');
		expect(init.cache).toBe('no-cache');
	});

	it('asks for built files as the HTTP cache has them and static files revalidated, no header', () => {
		expect(precacheRequestInit(built, scope, hashed)).toEqual({ cache: 'default' });
		expect(precacheRequestInit(`${scope}icons/icon-192.png`, scope, hashed)).toEqual({
			cache: 'no-cache'
		});
	});
});

describe('precacheUrls', () => {
	it('the built and static files as absolute URLs under the base, and the page shell', () => {
		const scope = 'https://intranet.example/tools/chat/';
		expect(
			precacheUrls(scope, [
				'/tools/chat/_app/immutable/entry/app.X.js',
				'/tools/chat/icons/icon-192.png',
				'/tools/chat/icons/icon-192.png'
			])
		).toEqual([
			'https://intranet.example/tools/chat/_app/immutable/entry/app.X.js',
			'https://intranet.example/tools/chat/icons/icon-192.png',
			scope
		]);
	});

	it('drops anything the rules refuse, even if a list names it', () => {
		const scope = 'https://chat.example/';
		expect(
			precacheUrls(scope, [
				'/api/config',
				'/demo/v1/models',
				'/auth/callback',
				'https://gw.example.com/x.js',
				'/other/../api/relay/v1/models',
				'/favicon.svg'
			])
		).toEqual(['https://chat.example/favicon.svg', scope]);
	});

	it('leaves out what no page asks the worker for: mermaid (loaded by a sandboxed frame only) and KaTeX’s legacy fonts', () => {
		const scope = 'https://intranet.example/tools/chat/';
		const at = (path: string): string => `/tools/chat/_app/immutable/${path}`;
		expect(
			precacheUrls(scope, [
				at('assets/mermaid.min.BZuf2r7K.js'),
				at('assets/KaTeX_Main-Regular.ypZvNtVU.ttf'),
				at('assets/KaTeX_AMS-Regular.DMm9YOAa.woff'),
				at('assets/KaTeX_AMS-Regular.Dq_Xc2x-.woff2'),
				at('chunks/katex.B1x-9_Z.js'),
				at('chunks/mermaid.B1x.js')
			])
		).toEqual([
			`https://intranet.example${at('assets/KaTeX_AMS-Regular.Dq_Xc2x-.woff2')}`,
			`https://intranet.example${at('chunks/katex.B1x-9_Z.js')}`,
			`https://intranet.example${at('chunks/mermaid.B1x.js')}`,
			scope
		]);
	});
});

describe('cache names', () => {
	const root = 'https://intranet.example/';
	const chat = 'https://intranet.example/tools/chat/';

	it('one cache per version and scope', () => {
		expect(cacheName(chat, '1')).not.toBe(cacheName(chat, '2'));
		expect(cacheName(chat, '1')).not.toBe(cacheName(root, '1'));
	});

	it('an older version of this scope is stale; this version and other apps are not', () => {
		expect(isStaleCache(cacheName(chat, '1'), chat, '2')).toBe(true);
		expect(isStaleCache(cacheName(chat, '2'), chat, '2')).toBe(false);
		// Another app on the same origin, at the root or under a longer prefix: not ours to delete.
		expect(isStaleCache(cacheName(root, '1'), chat, '2')).toBe(false);
		expect(isStaleCache(cacheName(chat, '1'), root, '2')).toBe(false);
		expect(isStaleCache(cacheName(`${chat}sub/`, '1'), chat, '2')).toBe(false);
		expect(isStaleCache('some-other-cache', chat, '2')).toBe(false);
	});
});
