/**
 * The page of the sign-in window (`{base}/auth/popup#<nonce>`) that an embedded copy of the app
 * opens: reads the frame's nonce from the address fragment (and takes it out of the address bar),
 * loads the sign-in settings, and signs in for the frame (AuthSession.signInForOpener). Opened by
 * hand — no nonce — it is simply the way into the app.
 */
import { parsePublicConfig } from '../config/public-config.ts';
import type { AuthSession } from './auth-session.svelte.ts';
import { nonceFromFragment } from './popup-message.ts';

export type SignInWindowEnd =
	/** The window's work goes on (at the authorization server), or it is closing. */
	| { kind: 'stay' }
	/** Nobody to answer: the window carries on as the app, at this path. */
	| { kind: 'go'; returnTo: string }
	/** The sign-in settings could not be loaded; the person can only close the window. */
	| { kind: 'problem'; message: string };

export interface SignInWindowInput {
	auth: AuthSession;
	/** The address fragment (`location.hash`). */
	hash: string;
	/** `{base}/api/config`. */
	configUrl: string;
	/** `{base}/`. */
	home: string;
	fetch: typeof fetch;
}

export async function runSignInWindow(input: SignInWindowInput): Promise<SignInWindowEnd> {
	const nonce = nonceFromFragment(input.hash);
	if (nonce === null) return { kind: 'go', returnTo: input.home };
	try {
		const response = await input.fetch(input.configUrl, { cache: 'no-store' });
		if (!response.ok)
			throw new Error(`The app server answered ${response.status} for its configuration.`);
		input.auth.configure(parsePublicConfig(await response.json()));
	} catch (error) {
		const reason = error instanceof Error ? error.message : 'The configuration could not be read.';
		return { kind: 'problem', message: `Sign-in could not start: ${reason}` };
	}
	if (!input.auth.available) return { kind: 'go', returnTo: input.home };
	const resume = await input.auth.signInForOpener(nonce);
	return resume === null ? { kind: 'stay' } : { kind: 'go', returnTo: resume.returnTo };
}
