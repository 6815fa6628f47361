/**
 * A stand-in for the browser around AuthSession in Node: same-origin `fetch` to the app's routes
 * (the real route handlers, with a cookie jar that honours HttpOnly by keeping cookies out of
 * reach of the page), sessionStorage, the address bar, and timers that only run when told.
 */
import type {
	AuthEnvironment,
	MessageTarget,
	PopupWindow
} from '../../../src/lib/auth/auth-environment.ts';
import type { LockRequester } from '../../../src/lib/auth/refresh-lock.ts';
import { handleMetadataRequest } from '../../../src/lib/server/oauth/metadata-route.ts';
import {
	handleSignOut,
	handleTokenRequest,
	type TokenRouteDeps
} from '../../../src/lib/server/oauth/token-route.ts';
import { MemoryStorage } from './memory-storage.ts';
import { windowSide, type WindowSide } from './window-double.ts';

export interface BrowserDouble {
	env: AuthEnvironment;
	/** The cookie jar, as the browser keeps it (the page cannot read it: nothing exposes it). */
	cookies: Map<string, string>;
	attemptStorage: MemoryStorage;
	/** Where `navigate` sent the page last. */
	navigatedTo: string | null;
	/** The address bar after `replaceUrl`. */
	address: string;
	/** Every same-origin request body sent, in order. */
	requests: { method: string; path: string; body: string }[];
	/** Every answer body the page received from the app's routes, in order. */
	answers: string[];
	/** Runs the pending timers (the proactive refresh, the popup's watch and answer timeout). */
	runTimers(): void;
	/** This page's window: its origin, `message` listeners, and whether it was closed. */
	window: WindowSide;
	/** The page is inside a frame of another site. */
	framed: boolean;
	/** What `window.open` does (default: the browser blocks it). */
	openPopup: (url: string) => PopupWindow | null;
	/** The URLs `window.open` was called with, in order. */
	openedPopups: string[];
	/** `window.opener` (default: none). */
	opener: MessageTarget | null;
	/** What `GET /api/config` answers (default: 404). */
	configAnswer: () => Response;
}

export function browserDouble(
	app: string,
	deps: TokenRouteDeps,
	locks?: LockRequester
): BrowserDouble {
	const timers = new Map<number, () => void>();
	let nextTimer = 1;
	const double: BrowserDouble = {
		cookies: new Map(),
		attemptStorage: new MemoryStorage(),
		navigatedTo: null,
		address: `${app}/`,
		requests: [],
		answers: [],
		runTimers() {
			const pending = [...timers.values()];
			timers.clear();
			for (const run of pending) run();
		},
		window: windowSide(app),
		framed: false,
		openPopup: () => null,
		openedPopups: [],
		opener: null,
		configAnswer: () => new Response('not found', { status: 404 }),
		env: undefined as unknown as AuthEnvironment
	};

	const fetchDouble = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
		const url = new URL(input instanceof Request ? input.url : input.toString(), app);
		if (url.origin !== app) throw new TypeError('Failed to fetch');
		const headers = new Headers(init?.headers);
		headers.set('origin', app);
		headers.set('sec-fetch-site', 'same-origin');
		const cookie = [...double.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
		if (cookie !== '') headers.set('cookie', cookie);
		const method = init?.method ?? 'GET';
		// The token client sends URLSearchParams bodies; nothing else reaches these routes.
		const body = init?.body instanceof URLSearchParams ? init.body.toString() : undefined;
		double.requests.push({ method, path: url.pathname, body: body ?? '' });
		const request = new Request(url, { method, headers, ...(body === undefined ? {} : { body }) });
		const call = { request, url, peerAddress: '127.0.0.1' };
		let response: Response;
		if (url.pathname === '/api/oauth/metadata')
			response = await handleMetadataRequest(deps.authorizationServer);
		else if (url.pathname === '/api/oauth/token' && method === 'POST')
			response = await handleTokenRequest(call, deps);
		else if (url.pathname === '/api/oauth/token' && method === 'DELETE')
			response = handleSignOut(call, deps);
		else if (url.pathname === '/api/config' && method === 'GET') response = double.configAnswer();
		else response = new Response('not found', { status: 404 });
		double.answers.push(await response.clone().text());
		for (const setCookie of response.headers.getSetCookie()) {
			const [pair = ''] = setCookie.split(';');
			const [name = '', value = ''] = pair.split('=');
			if (/Max-Age=0/.test(setCookie)) double.cookies.delete(name);
			else double.cookies.set(name, value);
		}
		return response;
	};

	double.env = {
		fetch: fetchDouble,
		attemptStorage: double.attemptStorage,
		navigate: (url) => (double.navigatedTo = url),
		replaceUrl: (path) => (double.address = new URL(path, app).href),
		pageUrl: () => new URL(double.address),
		locks,
		now: Date.now,
		setTimer: (callback) => {
			const id = nextTimer++;
			timers.set(id, callback);
			return id;
		},
		clearTimer: (timer) => {
			if (typeof timer === 'number') timers.delete(timer);
		},
		channel: null,
		onReturnFromHistory: () => undefined,
		get framed() {
			return double.framed;
		},
		openPopup: (url) => {
			double.openedPopups.push(url);
			return double.openPopup(url);
		},
		listen: (listener) => {
			double.window.listeners.add(listener);
			return () => double.window.listeners.delete(listener);
		},
		opener: () => double.opener,
		closeWindow: () => {
			double.window.closed = true;
		}
	};
	return double;
}
