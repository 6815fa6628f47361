import { describe, expect, it } from 'vitest';
import { locationUnderBase, routeUnderBase } from '../../../../src/lib/server/node/base-path.ts';

describe('routeUnderBase', () => {
	it('serves everything unchanged at the root', () => {
		expect(routeUnderBase('/api/config?x=1', '')).toEqual({
			kind: 'serve',
			url: '/api/config?x=1'
		});
	});

	it.each([
		['/tools/chat/', '/'],
		['/tools/chat/api/config', '/api/config'],
		['/tools/chat/_app/immutable/entry/start.js', '/_app/immutable/entry/start.js'],
		['/tools/chat/auth/callback?code=a&state=b', '/auth/callback?code=a&state=b'],
		['/tools/chat/demo/v1/models?x=/tools/chat', '/demo/v1/models?x=/tools/chat']
	])('%s is served as %s', (target, url) => {
		expect(routeUnderBase(target, '/tools/chat')).toEqual({ kind: 'serve', url });
	});

	it("redirects the bare prefix to the app's root (the prefix with its slash), keeping the query", () => {
		expect(routeUnderBase('/tools/chat', '/tools/chat')).toEqual({
			kind: 'redirect',
			location: '/'
		});
		expect(routeUnderBase('/tools/chat?a=1', '/tools/chat')).toEqual({
			kind: 'redirect',
			location: '/?a=1'
		});
	});

	it.each([
		'/',
		'/tools',
		'/tools/',
		'/tools/chatty/',
		'/api/config',
		'/x/tools/chat/',
		'/TOOLS/CHAT/'
	])('%s is outside the app', (target) => {
		expect(routeUnderBase(target, '/tools/chat')).toEqual({ kind: 'outside' });
	});

	it('a query that looks like the prefix does not let a path outside in', () => {
		expect(routeUnderBase('/other?/tools/chat/', '/tools/chat')).toEqual({ kind: 'outside' });
	});
});

describe('locationUnderBase', () => {
	it.each([
		['/auth/callback', '/tools/chat/auth/callback'],
		['/', '/tools/chat/'],
		['https://auth.example/authorize', 'https://auth.example/authorize'],
		['//evil.example/x', '//evil.example/x'],
		['relative/path', 'relative/path']
	])('%s → %s', (location, expected) => {
		expect(locationUnderBase(location, '/tools/chat')).toBe(expected);
	});

	it('changes nothing at the root', () => {
		expect(locationUnderBase('/auth/callback', '')).toBe('/auth/callback');
	});
});
