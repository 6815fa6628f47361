/**
 * What AuthSession needs from the browser, gathered in one place so tests can stand in for it.
 */
import { browserLocks, type LockRequester } from './refresh-lock.ts';

export interface AuthEnvironment {
	fetch: typeof fetch;
	/** This tab's sessionStorage: holds only the in-progress sign-in attempt. */
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
}

export const AUTH_CHANNEL_NAME = 'switchboard-auth';

export function browserEnvironment(): AuthEnvironment {
	return {
		fetch: (input, init) => fetch(input, init),
		attemptStorage: sessionStorage,
		navigate: (url) => location.assign(url),
		replaceUrl: (path) => history.replaceState(history.state, '', path),
		pageUrl: () => new URL(location.href),
		locks: browserLocks(),
		now: Date.now,
		setTimer: (callback, ms) => setTimeout(callback, ms),
		clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
		channel:
			typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL_NAME),
		onReturnFromHistory: (callback) =>
			addEventListener('pageshow', (event) => {
				if (event.persisted) callback();
			})
	};
}
