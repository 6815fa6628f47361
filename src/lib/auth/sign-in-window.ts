/**
 * The page of the sign-in window (`{base}/auth/popup#<nonce>`) that an embedded copy of the app
 * opens. It runs first-party, in a top-level window of the app's own: the session cookie is sent
 * and set here, and the authorization server agrees to be shown.
 *
 * 1. The frame's nonce comes from the address fragment (the caller takes it out of the address bar).
 * 2. A session this browser already holds with the app (the cookie) answers at once, without a
 *    form — this is also how an embedded session is renewed.
 * 3. Otherwise on to the authorization server, the attempt marked with the nonce; the callback
 *    answers the frame (AuthSession.handleCallback).
 *
 * Opened by hand (no nonce), or with nobody left to answer, the window is simply the way into the
 * app, which restores the session from the cookie like any page load.
 *
 * Opened with `#sign-out` by a page of this app (the frame's "Sign out"), it ends the session —
 * clears the first-party cookie, tells this origin's tabs — and closes. Any other opener (a page
 * of another site could open this address) is refused: no one else may sign the person out.
 */
import type { AuthEnvironment } from './auth-environment.ts';
import { startAuthorization, type SignInSettings } from './authorization-start.ts';
import { answerOpener } from './opener-answer.ts';
import { nonceFromFragment } from './popup-message.ts';
import { withRefreshLock } from './refresh-lock.ts';
import { endServerSession, refreshWithCookie, type TokenResult } from './token-client.ts';
import { appRouteUrl, SIGN_OUT_FRAGMENT, TOKEN_ROUTE_PATH } from './token-route-contract.ts';

export type SignInWindowEnd =
	/** The window's work goes on at the authorization server, or the frame has the answer. */
	| { kind: 'stay' }
	/** Nothing to answer, or nobody to answer: the window carries on as the app, at this path. */
	| { kind: 'go'; returnTo: string }
	/** Sign-in could not go on, and no frame took the news; the person can only close the window. */
	| { kind: 'problem'; message: string };

export interface SignInWindowInput {
	/** The address fragment (`location.hash`). */
	hash: string;
	/** The app's base path (`''` or `/tools/chat`). */
	appBase: string;
	env: AuthEnvironment;
}

function record(value: unknown): Record<string, unknown> | null {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: null;
}

/**
 * The sign-in settings from `GET {base}/api/config` (its `auth` member, as PublicConfig has it;
 * read here rather than with parsePublicConfig, which belongs to the chat page's code); `null`
 * when sign-in is not configured. Throws when they cannot be had.
 */
async function loadSettings(input: SignInWindowInput): Promise<SignInSettings | null> {
	const response = await input.env.fetch(`${input.appBase}/api/config`, { cache: 'no-store' });
	if (!response.ok)
		throw new Error(`The app server answered ${response.status} for its configuration.`);
	const auth = record(await response.json())?.['auth'];
	if (auth === null) return null;
	const settings = record(auth);
	const { url, clientId, scopes } = settings ?? {};
	if (typeof url !== 'string' || typeof clientId !== 'string')
		throw new Error('The server sent a configuration this app cannot read.');
	return { issuer: url, clientId, scopes: typeof scopes === 'string' ? scopes : '' };
}

/**
 * The opener is a page of this origin: its `location` can be read (a cross-origin WindowProxy
 * throws a SecurityError there).
 * @see HTML Living Standard, "Cross-origin objects" (`location` is not readable across origins)
 */
function openedByThisApp(opener: unknown, origin: string): boolean {
	try {
		return (opener as { location: { origin: string } } | null)?.location.origin === origin;
	} catch {
		return false;
	}
}

async function signOutForOpener(input: SignInWindowInput): Promise<SignInWindowEnd> {
	const { appBase, env } = input;
	if (!openedByThisApp(env.opener(), env.pageUrl().origin))
		return { kind: 'go', returnTo: `${appBase}/` };
	await endServerSession(appRouteUrl(appBase, TOKEN_ROUTE_PATH, env.pageUrl()), env.fetch);
	env.channel?.postMessage('signed-out');
	env.closeWindow();
	return { kind: 'stay' };
}

export async function runSignInWindow(input: SignInWindowInput): Promise<SignInWindowEnd> {
	const { appBase, env } = input;
	if (input.hash === SIGN_OUT_FRAGMENT) return signOutForOpener(input);
	const home: SignInWindowEnd = { kind: 'go', returnTo: `${appBase}/` };
	const nonce = nonceFromFragment(input.hash);
	if (nonce === null) return home;

	const answer = async (result: TokenResult): Promise<SignInWindowEnd> => {
		if (await answerOpener(nonce, result, env)) return { kind: 'stay' };
		return result.ok ? home : { kind: 'problem', message: result.failure.message };
	};

	let settings: SignInSettings | null;
	try {
		settings = await loadSettings(input);
	} catch (error) {
		const reason = error instanceof Error ? error.message : 'The configuration could not be read.';
		return { kind: 'problem', message: `Sign-in could not start: ${reason}` };
	}
	if (settings === null) return home;

	const tokenRoute = appRouteUrl(appBase, TOKEN_ROUTE_PATH, env.pageUrl());
	const renewed = await withRefreshLock(
		() => refreshWithCookie(tokenRoute, settings.issuer, settings.clientId, env.fetch),
		env.locks
	);
	if (renewed.ok || renewed.failure.kind !== 'auth_expired') return answer(renewed);

	const failure = await startAuthorization({
		settings,
		appBase,
		env,
		resume: { returnTo: `${appBase}/`, draft: '' },
		openerNonce: nonce
	});
	return failure === null ? { kind: 'stay' } : answer({ ok: false, failure });
}
