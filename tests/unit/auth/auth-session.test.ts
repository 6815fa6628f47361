/**
 * AuthSession end to end in Node: the browser side, the real token route, and a small
 * authorization server, with a browser double in between. Sign in, use, refresh, reload, sign out,
 * and the ways it goes wrong — and no token ever lands in storage or the address bar.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthSession } from '../../../src/lib/auth/auth-session.svelte.ts';
import type { PublicConfig } from '../../../src/lib/config/public-config.ts';
import { authorizationServerLookup } from '../../../src/lib/server/oauth/authorization-server.ts';
import { browserDouble, type BrowserDouble } from './browser-double.ts';
import { startMiniServer, type MiniServer } from './mini-authorization-server.ts';
import { APP, CLIENT_ID, routeDeps, signInConfig } from './token-route-harness.ts';

let server: MiniServer;
let browser: BrowserDouble;
let session: AuthSession;

const config = (): PublicConfig => signInConfig(server.endpoint.url, 'backend');

/** A page load: a new AuthSession in the same browser (cookies and tab storage carry over). */
function load(existing?: BrowserDouble): AuthSession {
	const deps = routeDeps(server.endpoint.url, {
		authorizationServer: authorizationServerLookup(server.endpoint.url)
	});
	browser = existing ?? browserDouble(APP, deps);
	const page = new AuthSession('', browser.env);
	page.configure(config());
	return page;
}

async function signIn(page: AuthSession, draft = 'my draft'): Promise<URL> {
	browser.address = `${APP}/?c=7`;
	await page.signIn({ returnTo: '/?c=7', draft });
	expect(page.status).toBe('redirecting');
	expect(browser.navigatedTo).not.toBeNull();
	const callback = server.approve(browser.navigatedTo ?? '');
	browser.address = callback.href;
	return callback;
}

/** Everything the page could read back: storage, the address bar, the token route's answers. */
function readableByPage(): string {
	return `${browser.attemptStorage.dump()} ${browser.address}`;
}

beforeAll(async () => {
	server = await startMiniServer(CLIENT_ID);
});
afterAll(() => server.close());
beforeEach(() => {
	server.expiresIn = 3600;
	session = load();
});
afterEach(() => session.dispose());

describe('signing in', () => {
	it('completes the code flow, returns to the page with the draft, and knows the account', async () => {
		const callback = await signIn(session);
		const resume = await session.handleCallback(callback);
		expect(resume).toEqual({ returnTo: '/?c=7', draft: 'my draft' });
		expect(session.status).toBe('signed_in');
		expect(session.account).toEqual({
			subject: 'user-1',
			accountId: 'acct_42',
			email: null,
			name: 'Ada Lovelace'
		});
		expect(await session.accessToken()).toBe(server.issuedAccessTokens.at(-1));
		expect(session.takeResume()).toEqual(resume);
		expect(session.takeResume()).toBeNull();
	});

	it('removes code and state from the address bar and the attempt from storage', async () => {
		const callback = await signIn(session);
		await session.handleCallback(callback);
		expect(browser.address).toBe(`${APP}/auth/callback`);
		expect(browser.attemptStorage.length).toBe(0);
		const visible = readableByPage();
		for (const secret of [...server.issuedAccessTokens, ...server.issuedRefreshTokens]) {
			expect(visible).not.toContain(secret);
		}
		expect(visible).not.toContain(callback.searchParams.get('code') ?? 'no code');
	});

	it('never lets a refresh token reach the page', async () => {
		const callback = await signIn(session);
		await session.handleCallback(callback);
		await session.refresh();
		const refreshRequest = browser.requests.find((request) =>
			request.body.includes('refresh_token')
		);
		expect(Object.fromEntries(new URLSearchParams(refreshRequest?.body))).toEqual({
			grant_type: 'refresh_token',
			client_id: CLIENT_ID
		});
		const seen = [...browser.requests.map((request) => request.body), ...browser.answers].join(' ');
		expect(browser.answers.some((answer) => answer.includes('access_token'))).toBe(true);
		expect(server.issuedRefreshTokens.length).toBeGreaterThan(1);
		for (const token of server.issuedRefreshTokens) expect(seen).not.toContain(token);
	});

	it('a replayed callback finds no attempt and fails clearly', async () => {
		const callback = await signIn(session);
		await session.handleCallback(callback);
		const again = await session.handleCallback(callback);
		expect(again?.returnTo).toBe('/');
		expect(session.status).toBe('failed');
		expect(session.failure).toMatchObject({
			kind: 'token_exchange_failed',
			code: 'no_sign_in_attempt'
		});
	});

	it('a code redeemed twice (replayed into a new attempt) is refused: invalid_grant, sign in again', async () => {
		const first = await signIn(session);
		await session.handleCallback(first);
		await session.signIn({ returnTo: '/', draft: '' });
		const fresh = new URL(browser.navigatedTo ?? '');
		const replay = new URL(`${APP}/auth/callback`);
		replay.searchParams.set('code', first.searchParams.get('code') ?? '');
		replay.searchParams.set('state', fresh.searchParams.get('state') ?? '');
		replay.searchParams.set('iss', server.endpoint.url);
		await session.handleCallback(replay);
		expect(session.status).toBe('failed');
		expect(session.failure?.kind).toBe('auth_expired');
		expect(session.failure?.code).toBe('invalid_grant');
	});

	it('a forged state is refused before any token request', async () => {
		const callback = await signIn(session);
		callback.searchParams.set('state', 'forged');
		const before = browser.requests.length;
		await session.handleCallback(callback);
		expect(session.failure?.code).toBe('state_mismatch');
		expect(browser.requests.slice(before)).toEqual([]);
	});
});

describe('keeping the session', () => {
	it('survives a reload: the cookie restores it via a rotating refresh, twice over', async () => {
		await session.handleCallback(await signIn(session));
		const cookieAfterSignIn = [...browser.cookies.values()].join();
		for (const round of [1, 2]) {
			session.dispose();
			session = load(browser);
			expect(session.status).toBe('signed_out');
			await session.restore();
			expect(session.status, `reload ${round}`).toBe('signed_in');
			expect(session.account?.accountId).toBe('acct_42');
		}
		expect([...browser.cookies.values()].join()).not.toBe(cookieAfterSignIn);
	});

	it('a reload without a session is quietly signed out, without asking the server', async () => {
		const before = server.endpoint.requests.length;
		await session.restore();
		expect(session.status).toBe('signed_out');
		expect(session.failure).toBeNull();
		expect(server.endpoint.requests.slice(before)).toEqual([]);
	});

	it('refreshes shortly before expiry (the scheduled refresh)', async () => {
		server.expiresIn = 20;
		await session.handleCallback(await signIn(session));
		const first = await session.accessToken();
		browser.runTimers();
		await expect.poll(() => session.accessToken()).not.toBe(first);
		expect(session.status).toBe('signed_in');
	});

	it('serialises concurrent refreshes: callers share the one in flight', async () => {
		await session.handleCallback(await signIn(session));
		const before = server.issuedRefreshTokens.length;
		const results = await Promise.all([session.refresh(), session.refresh(), session.refresh()]);
		expect(results).toEqual([true, true, true]);
		expect(server.issuedRefreshTokens.length - before).toBe(1);
	});

	it('when the refresh token is refused, keeps the account on screen in "expired"', async () => {
		await session.handleCallback(await signIn(session));
		browser.cookies.clear();
		expect(await session.refresh()).toBe(false);
		expect(session.status).toBe('expired');
		expect(session.failure?.kind).toBe('auth_expired');
		expect(await session.accessToken()).toBeNull();
		expect(session.account?.accountId).toBe('acct_42');
	});
});

describe('signing out', () => {
	it('clears the cookie and forgets the token; a reload stays signed out', async () => {
		await session.handleCallback(await signIn(session));
		await session.signOut();
		expect(session.status).toBe('signed_out');
		expect(await session.accessToken()).toBeNull();
		expect(browser.cookies.size).toBe(0);
		session = load(browser);
		await session.restore();
		expect(session.status).toBe('signed_out');
	});
});
