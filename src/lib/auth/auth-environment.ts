/**
 * What AuthSession needs from the browser, gathered in one place so tests can stand in for it.
 */
import { isFramed } from './frame-detect.ts';
import type { IncomingMessage } from './popup-message.ts';
import { browserLocks, type LockRequester } from './refresh-lock.ts';

/** A window this one may post to: the opener (seen from the popup) or the popup (from the frame). */
export interface MessageTarget {
	readonly closed: boolean;
	postMessage(message: unknown, targetOrigin: string): void;
}

/** The sign-in window, as `window.open` returned it to the frame. */
export interface PopupWindow extends MessageTarget {
	close(): void;
}

export interface AuthEnvironment {
	fetch: typeof fetch;
	/**
	 * This tab's sessionStorage: holds only the in-progress sign-in attempt. Read when needed: a
	 * frame of another site may be denied storage altogether (reading `sessionStorage` throws where
	 * the browser blocks third-party storage), and a frame signs in through its window instead.
	 */
	attemptStorage: Storage;
	/** Leaves for the authorization server. */
	navigate: (url: string) => void;
	/**
	 * Replaces the current history entry's URL without navigating. The browser's own
	 * `history.replaceState`, keeping `history.state` (where SvelteKit's router keeps its index):
	 * it runs while the callback page is still mounting, before `$app/navigation` may be used.
	 */
	replaceUrl: (path: string) => void;
	pageUrl: () => URL;
	locks: LockRequester | undefined;
	now: () => number;
	setTimer: (callback: () => void, ms: number) => unknown;
	clearTimer: (timer: unknown) => void;
	/** Tells other tabs of this origin about a sign-out (BroadcastChannel), when available. */
	channel: BroadcastChannel | null;
	/** Runs `callback` when this page is shown again from the back/forward cache. */
	onReturnFromHistory: (callback: () => void) => void;
	/** The app runs inside a frame of another page (sign-in then happens in a window of its own). */
	framed: boolean;
	/**
	 * Opens the sign-in window (`window.open`, with an opener, so that it can answer); `null` when
	 * the browser blocked it. Must be called while the click's user activation lasts.
	 */
	openPopup: (url: string) => PopupWindow | null;
	/** Listens to this window's `message` events; returns the function that stops listening. */
	listen: (listener: (message: IncomingMessage) => void) => () => void;
	/** The window that opened this one, when there is one. */
	opener: () => MessageTarget | null;
	/** Closes this window (allowed for a window a script opened). */
	closeWindow: () => void;
}

/**
 * A new name for every sign-in window, with 128 random bits. A fixed name would let the page that
 * embeds the app open a window of that name first (`open('', name)`): the frame's `window.open`
 * would then load the sign-in page into the embedding page's own window, which it can hold back.
 * A second "Sign in" opens a window of its own and AuthSession closes the first one.
 * `getRandomValues`, unlike `randomUUID`, is there on a plain-http page too.
 * @see HTML Living Standard, "window open steps" (a navigable with the given name is reused)
 */
function signInWindowName(): string {
	const bytes = crypto.getRandomValues(new Uint8Array(16));
	const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
	return `switchboard-sign-in-${hex}`;
}
/** A small window of its own (HTML "popup window is requested"); its size is the browser's. */
const POPUP_FEATURES = 'popup';

export const AUTH_CHANNEL_NAME = 'switchboard-auth';

/** Where the browser has none, or refuses one (a frame of another site denied storage): `null`. */
function authChannel(): BroadcastChannel | null {
	try {
		return new BroadcastChannel(AUTH_CHANNEL_NAME);
	} catch {
		return null;
	}
}

export function browserEnvironment(): AuthEnvironment {
	return {
		fetch: (input, init) => fetch(input, init),
		get attemptStorage() {
			return sessionStorage;
		},
		navigate: (url) => location.assign(url),
		replaceUrl: (path) => history.replaceState(history.state, '', path),
		pageUrl: () => new URL(location.href),
		locks: browserLocks(),
		now: Date.now,
		setTimer: (callback, ms) => setTimeout(callback, ms),
		clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
		channel: authChannel(),
		onReturnFromHistory: (callback) =>
			addEventListener('pageshow', (event) => {
				if (event.persisted) callback();
			}),
		framed: isFramed(window),
		openPopup: (url) => open(url, signInWindowName(), POPUP_FEATURES),
		listen: (listener) => {
			addEventListener('message', listener);
			return () => removeEventListener('message', listener);
		},
		opener: () => (opener as MessageTarget | null) ?? null,
		closeWindow: () => close()
	};
}
