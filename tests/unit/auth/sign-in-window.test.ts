/**
 * The sign-in window's page: takes the frame's nonce from its address, loads the settings, and
 * leaves for the authorization server with the attempt marked for the frame — or, opened by hand
 * or without sign-in configured, is simply the way into the app.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthSession } from '../../../src/lib/auth/auth-session.svelte.ts';
import { runSignInWindow } from '../../../src/lib/auth/sign-in-window.ts';
import { takeAttempt } from '../../../src/lib/auth/sign-in-attempt.ts';
import { authorizationServerLookup } from '../../../src/lib/server/oauth/authorization-server.ts';
import { browserDouble, type BrowserDouble } from './browser-double.ts';
import { startMiniServer, type MiniServer } from './mini-authorization-server.ts';
import { APP, CLIENT_ID, routeDeps } from './token-route-harness.ts';

let server: MiniServer;
let browser: BrowserDouble;
let configRequests: number;

function configFetch(status: number, body: unknown): typeof fetch {
	return () => {
		configRequests++;
		return Promise.resolve(Response.json(body, { status }));
	};
}

function publicConfig(auth: boolean) {
	return {
		gateway: { url: '/demo', route: 'responses', demo: true },
		auth: auth ? { url: server.endpoint.url, clientId: CLIENT_ID, scopes: 'openid' } : null
	};
}

/** Under a base path, for the cases that never reach the app's routes. */
function run(hash: string, fetchConfig: typeof fetch) {
	return runSignInWindow({
		auth: new AuthSession('/tools/chat', browser.env),
		hash,
		configUrl: '/tools/chat/api/config',
		home: '/tools/chat/',
		fetch: fetchConfig
	});
}

beforeAll(async () => {
	server = await startMiniServer(CLIENT_ID);
});
afterAll(() => server.close());
beforeEach(() => {
	const deps = routeDeps(server.endpoint.url, {
		authorizationServer: authorizationServerLookup(server.endpoint.url)
	});
	browser = browserDouble(APP, deps);
	browser.address = `${APP}/auth/popup`;
	configRequests = 0;
});

describe('the sign-in window', () => {
	it('with the frame’s nonce: on to the authorization server, the attempt marked for the frame', async () => {
		const nonce = crypto.randomUUID();
		browser.opener = { closed: false, postMessage: () => undefined };
		// At the root: the browser double serves the app's routes there.
		const auth = new AuthSession('', browser.env);
		const end = await runSignInWindow({
			auth,
			hash: `#${nonce}`,
			configUrl: '/api/config',
			home: '/',
			fetch: configFetch(200, publicConfig(true))
		});
		expect(end).toEqual({ kind: 'stay' });
		expect(auth.status).toBe('redirecting');
		const authorize = new URL(browser.navigatedTo ?? '');
		expect(authorize.searchParams.get('redirect_uri')).toBe(`${APP}/auth/callback`);
		const attempt = takeAttempt(browser.attemptStorage, '/', Date.now());
		expect(attempt?.openerNonce).toBe(nonce);
		expect(attempt?.state).toBe(authorize.searchParams.get('state'));
	});

	it('opened by hand (no nonce): the way into the app, without loading anything', async () => {
		expect(await run('', configFetch(200, publicConfig(true)))).toEqual({
			kind: 'go',
			returnTo: '/tools/chat/'
		});
		expect(await run('#not-a-nonce', configFetch(200, publicConfig(true)))).toEqual({
			kind: 'go',
			returnTo: '/tools/chat/'
		});
		expect(configRequests).toBe(0);
		expect(browser.navigatedTo).toBeNull();
	});

	it('without sign-in configured: the way into the app', async () => {
		const end = await run(`#${crypto.randomUUID()}`, configFetch(200, publicConfig(false)));
		expect(end).toEqual({ kind: 'go', returnTo: '/tools/chat/' });
		expect(browser.navigatedTo).toBeNull();
	});

	it('when the settings cannot be loaded: says so, and goes nowhere', async () => {
		const end = await run(`#${crypto.randomUUID()}`, configFetch(503, { error: 'down' }));
		expect(end).toEqual({
			kind: 'problem',
			message: 'Sign-in could not start: The app server answered 503 for its configuration.'
		});
		const unreadable = await run(`#${crypto.randomUUID()}`, configFetch(200, { gateway: 1 }));
		expect(unreadable.kind).toBe('problem');
		expect(browser.navigatedTo).toBeNull();
	});
});
