/**
 * Refreshes run one at a time across every tab of this origin. The authorization server rotates
 * refresh tokens and revokes the whole grant when an old one is used again (RFC 9700 §4.14.2), so
 * two tabs refreshing with the same cookie at once would sign the person out everywhere.
 *
 * Web Locks serialise across tabs: the second tab's request leaves only after the first one's
 * answer has replaced the cookie, so it carries the new token. Without Web Locks (very old
 * browsers), or where the browser refuses them (a frame of another site denied storage: the
 * request rejects with a SecurityError before the task runs), refreshes are serialised within
 * the tab only.
 * @see https://w3c.github.io/web-locks/
 */
export const REFRESH_LOCK_NAME = 'switchboard-token-refresh';

export interface LockRequester {
	request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

let inTab: Promise<unknown> = Promise.resolve();

export function withRefreshLock<T>(
	task: () => Promise<T>,
	locks: LockRequester | undefined
): Promise<T> {
	if (locks === undefined) return inTabOnly(task);
	let ran = false;
	return locks
		.request(REFRESH_LOCK_NAME, () => {
			ran = true;
			return task();
		})
		.catch((error: unknown) => {
			if (ran) throw error;
			return inTabOnly(task);
		});
}

function inTabOnly<T>(task: () => Promise<T>): Promise<T> {
	const run = inTab.then(task, task);
	inTab = run.catch(() => undefined);
	return run;
}

/** The browser's lock manager, when it has one. */
export function browserLocks(): LockRequester | undefined {
	if (typeof navigator === 'undefined' || navigator.locks === undefined) return undefined;
	const manager = navigator.locks;
	return { request: (name, callback) => manager.request(name, callback) };
}
