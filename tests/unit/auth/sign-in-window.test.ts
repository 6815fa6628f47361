/**
 * The sign-in window's first page: takes the frame's nonce from its address, loads the settings,
 * and leaves for the authorization server with the attempt marked for the frame — or, opened by
 * hand, without sign-in configured, or with nobody left to answer, is simply the way into the app.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthSession } from '../../../src/lib/auth/auth-session.svelte.ts';
import { runSignInWindow } from '../../../src/lib/auth/sign-in-window.ts';
import { takeAttempt } from '../../../src/lib/auth/sign-in-attempt.ts';
import { authorizationServerLookup } from '../../../src/lib/server/oauth/authorization-server.ts';
import { browserDouble, type BrowserDouble } from './browser-double.ts';
import { startMiniServer, type MiniServer } from './mini-authorization-server.ts';
import { APP, CLIENT_ID, routeDeps } from './token-route-harness.ts';
import { linkedWindows, windowSide } from './window-double.ts';

let server: MiniServer;
let browser: BrowserDouble;
let configRequests: number;

function answerConfig(status: number, body: unknown): void {
	browser.configAnswer = () => {
		configRequests++;
		return Response.json(body, { status });
	};
}

function publicConfig(auth: boolean) {
	return {
		gateway: { url: '/demo', route: 'responses', demo: true },
		auth: auth ? { url: server.endpoint.url, clientId: CLIENT_ID, scopes: 'openid' } : null
	};
}

function run(hash: string) {
	return runSignInWindow({ hash, appBase: '', env: browser.env });
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
	answerConfig(200, publicConfig(true));
});

describe('the sign-in window', () => {
	it('with the frame’s nonce: on to the authorization server, the attempt marked for the frame', async () => {
		const nonce = crypto.randomUUID();
		expect(await run(`#${nonce}`)).toEqual({ kind: 'stay' });
		const authorize = new URL(browser.navigatedTo ?? '');
		expect(authorize.searchParams.get('redirect_uri')).toBe(`${APP}/auth/callback`);
		const attempt = takeAttempt(browser.attemptStorage, '/', Date.now());
		expect(attempt?.openerNonce).toBe(nonce);
		expect(attempt?.state).toBe(authorize.searchParams.get('state'));
	});

	it('opened by hand (no nonce): the way into the app, without loading anything', async () => {
		expect(await run('')).toEqual({ kind: 'go', returnTo: '/' });
		expect(await run('#not-a-nonce')).toEqual({ kind: 'go', returnTo: '/' });
		expect(configRequests).toBe(0);
		expect(browser.navigatedTo).toBeNull();
	});

	it('without sign-in configured: the way into the app', async () => {
		answerConfig(200, publicConfig(false));
		expect(await run(`#${crypto.randomUUID()}`)).toEqual({ kind: 'go', returnTo: '/' });
		expect(browser.navigatedTo).toBeNull();
	});

	it('when the settings cannot be loaded: says so, and goes nowhere', async () => {
		answerConfig(503, { error: 'down' });
		expect(await run(`#${crypto.randomUUID()}`)).toEqual({
			kind: 'problem',
			message: 'Sign-in could not start: The app server answered 503 for its configuration.'
		});
		answerConfig(200, { gateway: 1 });
		expect((await run(`#${crypto.randomUUID()}`)).kind).toBe('problem');
		expect(browser.navigatedTo).toBeNull();
	});

	it('a session already here, and nobody to answer: into the app, which restores it', async () => {
		// A first sign-in in this window leaves the session cookie (no frame waits for it).
		await run(`#${crypto.randomUUID()}`);
		const callback = server.approve(browser.navigatedTo ?? '');
		const landing = new AuthSession('', browser.env);
		expect(await landing.handleCallback(callback)).toEqual({ returnTo: '/', draft: '' });
		landing.dispose();
		expect(browser.cookies.size).toBe(1);

		browser.navigatedTo = null;
		expect(await run(`#${crypto.randomUUID()}`)).toEqual({ kind: 'go', returnTo: '/' });
		expect(browser.navigatedTo, 'renewed with the cookie, no form').toBeNull();
		expect(browser.window.closed).toBe(false);
	});
});

describe('the sign-in window opened to sign out (#sign-out)', () => {
	/** A session in this browser (a sign-in in the window, with no frame waiting). */
	async function signedIn(): Promise<void> {
		await run(`#${crypto.randomUUID()}`);
		const landing = new AuthSession('', browser.env);
		await landing.handleCallback(server.approve(browser.navigatedTo ?? ''));
		landing.dispose();
		expect(browser.cookies.size).toBe(1);
	}

	function told(): string[] {
		const messages: string[] = [];
		browser.env.channel = {
			postMessage: (message: string) => messages.push(message)
		} as unknown as BroadcastChannel;
		return messages;
	}

	it('opened by the app’s own frame: ends the session, tells this origin’s tabs, closes', async () => {
		await signedIn();
		browser.opener = linkedWindows(windowSide(APP), browser.window).opener;
		const messages = told();
		expect(await run('#sign-out')).toEqual({ kind: 'stay' });
		expect(browser.cookies.size).toBe(0);
		expect(messages).toEqual(['signed-out']);
		expect(browser.window.closed).toBe(true);
	});

	it('opened by a page of another site, or by nobody: refuses, and the session stays', async () => {
		await signedIn();
		const messages = told();
		for (const opener of [
			linkedWindows(windowSide('http://localhost:4187'), browser.window).opener,
			null
		]) {
			browser.opener = opener;
			const before = browser.requests.length;
			expect(await run('#sign-out')).toEqual({ kind: 'go', returnTo: '/' });
			expect(browser.requests.slice(before)).toEqual([]);
		}
		expect(browser.cookies.size).toBe(1);
		expect(messages).toEqual([]);
		expect(browser.window.closed).toBe(false);
	});
});
