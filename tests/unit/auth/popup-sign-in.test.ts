/**
 * Sign-in from inside a frame of another site, end to end in Node: the frame's AuthSession opens
 * the sign-in window, the window's AuthSession signs in first-party (the real token route and a
 * small authorization server) and answers through postMessage; the frame takes the access token.
 * The frame's own cookie jar stays empty, as a cross-site frame's does (SameSite=Strict).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserEnvironment, type PopupWindow } from '../../../src/lib/auth/auth-environment.ts';
import { AuthSession } from '../../../src/lib/auth/auth-session.svelte.ts';
import { RESULT_TYPE, type IncomingMessage } from '../../../src/lib/auth/popup-message.ts';
import { nonceFromFragment } from '../../../src/lib/auth/popup-message.ts';
import { runSignInWindow } from '../../../src/lib/auth/sign-in-window.ts';
import type { PublicConfig } from '../../../src/lib/config/public-config.ts';
import { authorizationServerLookup } from '../../../src/lib/server/oauth/authorization-server.ts';
import { browserDouble, type BrowserDouble } from './browser-double.ts';
import { startMiniServer, type MiniServer } from './mini-authorization-server.ts';
import { APP, CLIENT_ID, routeDeps, signInConfig } from './token-route-harness.ts';
import { deliver, linkedWindows, windowSide } from './window-double.ts';

let server: MiniServer;
let frameBrowser: BrowserDouble;
let popupBrowser: BrowserDouble;
let frame: AuthSession;
let popupPages: AuthSession[];
/** Every message the frame's window received, as sent. */
let frameInbox: IncomingMessage[];

const config = (): PublicConfig => signInConfig(server.endpoint.url, 'responses');

function newBrowser(): BrowserDouble {
	const deps = routeDeps(server.endpoint.url, {
		authorizationServer: authorizationServerLookup(server.endpoint.url)
	});
	return browserDouble(APP, deps);
}

/** A page load in the sign-in window (each navigation is a new page; storage carries over). */
function popupPage(): AuthSession {
	const page = new AuthSession('', popupBrowser.env);
	page.configure(config());
	popupPages.push(page);
	return page;
}

/** The sign-in window's first page (`/auth/popup#<nonce>`), as the route runs it. */
function popupFirstPage(nonce: string) {
	return runSignInWindow({ hash: `#${nonce}`, appBase: '', env: popupBrowser.env });
}

/** The nonce the frame put in the sign-in window's address. */
function openedNonce(): string {
	const url = new URL(popupBrowser.address);
	expect(url.pathname).toBe('/auth/popup');
	const nonce = nonceFromFragment(url.hash);
	expect(nonce).not.toBeNull();
	return nonce ?? '';
}

/** The frame's click on "Sign in": the window opens, the frame waits. */
function clickSignIn(): Promise<void> {
	const done = frame.signIn({ returnTo: '/', draft: 'kept in the frame' });
	expect(frame.status).toBe('in_popup');
	return done;
}

/** The sign-in window from its first page to the authorization server's answer at the callback. */
async function signInInWindow(): Promise<{
	callbackEnd: ReturnType<AuthSession['handleCallback']>;
}> {
	const first = await popupFirstPage(openedNonce());
	expect(first, 'on its way to the authorization server').toEqual({ kind: 'stay' });
	expect(popupBrowser.navigatedTo).toContain('/oauth/authorize');
	const callback = server.approve(popupBrowser.navigatedTo ?? '');
	popupBrowser.address = callback.href;
	return { callbackEnd: popupPage().handleCallback(callback) };
}

beforeAll(async () => {
	server = await startMiniServer(CLIENT_ID);
});
afterAll(() => server.close());
beforeEach(() => {
	frameBrowser = newBrowser();
	popupBrowser = newBrowser();
	frameBrowser.framed = true;
	const windows = linkedWindows(frameBrowser.window, popupBrowser.window);
	frameBrowser.openPopup = (url) => {
		popupBrowser.address = new URL(url, APP).href;
		return windows.open();
	};
	popupBrowser.opener = windows.opener;
	popupBrowser.configAnswer = () => Response.json(config());
	frameInbox = [];
	frameBrowser.window.listeners.add((message) => frameInbox.push(message));
	frame = new AuthSession('', frameBrowser.env);
	frame.configure(config());
	popupPages = [];
});
afterEach(() => {
	frame.dispose();
	for (const page of popupPages) page.dispose();
});

describe('signing in from inside a frame', () => {
	it('opens the window, signs in there, and the frame gets the account — not the session cookie', async () => {
		const clicked = clickSignIn();
		expect(frameBrowser.openedPopups).toHaveLength(1);
		expect(frameBrowser.navigatedTo, 'the frame never leaves the page').toBeNull();
		const { callbackEnd } = await signInInWindow();
		expect(await callbackEnd, 'handed over: the window closes').toBeNull();
		await clicked;

		expect(frame.status).toBe('signed_in');
		expect(frame.account?.accountId).toBe('acct_42');
		expect(await frame.accessToken()).toBe(server.issuedAccessTokens.at(-1));
		expect(popupBrowser.window.closed).toBe(true);
		// The cookie is the window's (first-party); the frame has none and never held a refresh token.
		expect(popupBrowser.cookies.size).toBe(1);
		expect(frameBrowser.cookies.size).toBe(0);
		const crossed = JSON.stringify(frameInbox.map((message) => message.data));
		expect(crossed).toContain(RESULT_TYPE);
		for (const token of server.issuedRefreshTokens) expect(crossed).not.toContain(token);
	});

	it('a failure in the window is handed to the frame, which shows it; the window closes', async () => {
		const clicked = clickSignIn();
		await popupFirstPage(openedNonce());
		const callback = server.approve(popupBrowser.navigatedTo ?? '');
		callback.searchParams.set('state', 'forged');
		expect(await popupPage().handleCallback(callback)).toBeNull();
		await clicked;
		expect(frame.status).toBe('failed');
		expect(frame.failure?.code).toBe('state_mismatch');
		expect(popupBrowser.window.closed).toBe(true);
	});

	it('closing the window before it finishes: back to signed out, without an error', async () => {
		const clicked = clickSignIn();
		popupBrowser.window.closed = true;
		await vi.waitFor(() => {
			frameBrowser.runTimers();
			expect(frame.status).toBe('signed_out');
		});
		await clicked;
		expect(frame.failure).toBeNull();
	});

	it('a blocked window: a clear failure, and "Try again" (a new click) opens it', async () => {
		const open = frameBrowser.openPopup;
		frameBrowser.openPopup = () => null;
		await frame.signIn({ returnTo: '/', draft: '' });
		expect(frame.status).toBe('failed');
		expect(frame.failure?.code).toBe('popup_blocked');
		expect(frame.failure?.message).toMatch(/blocked/);

		frameBrowser.openPopup = open;
		const clicked = clickSignIn();
		const { callbackEnd } = await signInInWindow();
		await callbackEnd;
		await clicked;
		expect(frame.status).toBe('signed_in');
	});

	it('ignores forged answers — another origin, another window, another attempt — and takes the real one', async () => {
		const clicked = clickSignIn();
		const nonce = openedNonce();
		const forged = (nonceUsed: string) => ({
			type: RESULT_TYPE,
			nonce: nonceUsed,
			result: {
				ok: true,
				tokens: { accessToken: 'at-forged', expiresIn: 3600, claims: { sub: 'mallory' } }
			}
		});
		const embedder = windowSide('http://localhost:4187');
		deliver(frameBrowser.window, {
			origin: embedder.origin,
			source: embedder,
			data: forged(nonce)
		});
		deliver(frameBrowser.window, { origin: APP, source: embedder, data: forged(nonce) });
		deliver(frameBrowser.window, {
			origin: APP,
			source: frameBrowser.window,
			data: forged(crypto.randomUUID())
		});
		await vi.waitFor(() => expect(frameInbox).toHaveLength(3));
		expect(frame.status).toBe('in_popup');

		const { callbackEnd } = await signInInWindow();
		await callbackEnd;
		await clicked;
		expect(frame.status).toBe('signed_in');
		expect(frame.account?.subject).toBe('user-1');
		expect(await frame.accessToken()).not.toBe('at-forged');
	});

	it('a second click while the window is open starts over; only the newer attempt counts', async () => {
		const first = clickSignIn();
		const firstNonce = openedNonce();
		const second = clickSignIn();
		expect(openedNonce()).not.toBe(firstNonce);
		const { callbackEnd } = await signInInWindow();
		await callbackEnd;
		await Promise.all([first, second]);
		expect(frame.status).toBe('signed_in');
	});
});

describe('the sign-in window’s name', () => {
	afterEach(() => vi.unstubAllGlobals());

	/** The names `window.open` is given by the browser environment for `attempts` sign-ins. */
	function openedNames(attempts: number): string[] {
		const open = vi.fn((_url: string, _name: string, _features: string) => null);
		vi.stubGlobal('open', open);
		vi.stubGlobal('window', { top: {}, self: {} });
		const env = browserEnvironment();
		for (let attempt = 0; attempt < attempts; attempt++) env.openPopup(`/auth/popup#${attempt}`);
		env.channel?.close();
		return open.mock.calls.map(([, name]) => name);
	}

	// A fixed name lets the embedding page take the window first (`open('', name)`), so that the
	// frame's window.open navigates the page's own window, which can then stall the sign-in.
	it('is new and unguessable for every attempt', () => {
		const names = openedNames(3);
		expect(names).toHaveLength(3);
		expect(new Set(names).size).toBe(3);
		for (const name of names) {
			expect(name).not.toBe('switchboard-sign-in');
			expect(name).toMatch(/^[A-Za-z0-9_-]{22,}$/);
		}
	});

	it('a second click opens a window of its own and closes the first one', async () => {
		const shown = { closed: false };
		const firstWindow: PopupWindow = {
			get closed() {
				return shown.closed;
			},
			close: () => void (shown.closed = true),
			postMessage: () => undefined
		};
		const open = frameBrowser.openPopup;
		frameBrowser.openPopup = () => firstWindow;
		const first = clickSignIn();
		frameBrowser.openPopup = open;
		const second = clickSignIn();
		expect(shown.closed, 'the first attempt’s window').toBe(true);
		const { callbackEnd } = await signInInWindow();
		await callbackEnd;
		await Promise.all([first, second]);
		expect(frame.status).toBe('signed_in');
	});
});

describe('renewing inside a frame', () => {
	async function signedInFrame(): Promise<void> {
		const clicked = clickSignIn();
		const { callbackEnd } = await signInInWindow();
		await callbackEnd;
		await clicked;
		expect(frame.status).toBe('signed_in');
	}

	it('the frame cannot refresh (no cookie there): "expired", saying a window will renew it', async () => {
		await signedInFrame();
		expect(await frame.refresh()).toBe(false);
		expect(frame.status).toBe('expired');
		expect(frame.failure).toMatchObject({ kind: 'auth_expired', code: 'renewal_needs_window' });
		expect(frame.account?.accountId, 'still shown').toBe('acct_42');
	});

	it('"Sign in again" opens the window, which renews with its cookie and closes — no form', async () => {
		await signedInFrame();
		const before = await frame.accessToken();
		await frame.refresh();
		popupBrowser.navigatedTo = null;

		const clicked = clickSignIn();
		expect(await popupFirstPage(openedNonce())).toEqual({ kind: 'stay' });
		await clicked;
		expect(popupBrowser.navigatedTo, 'no trip to the authorization server').toBeNull();
		expect(frame.status).toBe('signed_in');
		expect(await frame.accessToken()).not.toBe(before);
		expect(await frame.accessToken()).toBe(server.issuedAccessTokens.at(-1));
		expect(popupBrowser.window.closed).toBe(true);
	});
});

describe('signing out inside a frame', () => {
	it('opens a window that ends the first-party session; the next sign-in asks for the form', async () => {
		const clicked = clickSignIn();
		const { callbackEnd } = await signInInWindow();
		await callbackEnd;
		await clicked;
		expect(popupBrowser.cookies.size).toBe(1);

		await frame.signOut();
		expect(frame.status).toBe('signed_out');
		expect(frameBrowser.openedPopups.at(-1)).toBe('/auth/popup#sign-out');
		expect(
			await runSignInWindow({ hash: '#sign-out', appBase: '', env: popupBrowser.env })
		).toEqual({
			kind: 'stay'
		});
		expect(popupBrowser.cookies.size, 'the session cookie is gone').toBe(0);
		expect(popupBrowser.window.closed).toBe(true);

		popupBrowser.navigatedTo = null;
		const again = clickSignIn();
		expect(await popupFirstPage(openedNonce())).toEqual({ kind: 'stay' });
		expect(popupBrowser.navigatedTo, 'to the login form, not signed in silently').toContain(
			'/oauth/authorize'
		);
		popupBrowser.window.closed = true;
		await vi.waitFor(() => {
			frameBrowser.runTimers();
			expect(frame.status).toBe('signed_out');
		});
		await again;
	});
});

describe('a sign-in window nobody waits for', () => {
	it('opened by hand (no opener): signs in and carries on as the app', async () => {
		popupBrowser.opener = null;
		expect(await popupFirstPage(crypto.randomUUID())).toEqual({ kind: 'stay' });
		const callback = server.approve(popupBrowser.navigatedTo ?? '');
		const landing = popupPage();
		expect(await landing.handleCallback(callback)).toEqual({ returnTo: '/', draft: '' });
		expect(landing.status).toBe('signed_in');
		expect(popupBrowser.window.closed).toBe(false);
	});

	it('its opener has left for another site: the answer is dropped, the window carries on', async () => {
		const elsewhere = windowSide('https://portal.example');
		popupBrowser.opener = linkedWindows(elsewhere, popupBrowser.window).opener;
		expect(await popupFirstPage(crypto.randomUUID())).toEqual({ kind: 'stay' });
		const callback = server.approve(popupBrowser.navigatedTo ?? '');
		const landing = popupPage();
		const end = landing.handleCallback(callback);
		const delivered: IncomingMessage[] = [];
		elsewhere.listeners.add((message) => delivered.push(message));
		await vi.waitFor(() => {
			popupBrowser.runTimers();
			expect(landing.status).toBe('signed_in');
		});
		expect(await end).toEqual({ returnTo: '/', draft: '' });
		expect(delivered, 'addressed to this origin only').toEqual([]);
	});
});
