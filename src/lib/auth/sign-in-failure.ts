/**
 * Sign-in problems this app detects itself, before any token request — there is no HTTP answer
 * to classify, so each is stated directly as a `token_exchange_failed` Failure whose `code` names
 * the problem. (Failures of the token request itself go through `classifyTokenExchange`.)
 */
import type { Failure } from '../failure/index.ts';

export type SignInProblem =
	| 'no_sign_in_attempt'
	| 'state_mismatch'
	| 'issuer_mismatch'
	| 'missing_code'
	| 'nonce_mismatch'
	| 'invalid_response'
	| 'popup_blocked';

const MESSAGES: Readonly<Record<SignInProblem, string>> = {
	no_sign_in_attempt:
		'Sign-in failed: this tab has no sign-in in progress (it was already completed, or started elsewhere).',
	state_mismatch:
		'Sign-in failed: the answer from the sign-in server does not belong to the sign-in started in this tab (state mismatch).',
	issuer_mismatch:
		'Sign-in failed: the answer came from a different sign-in server than the one this app uses.',
	missing_code: 'Sign-in failed: the sign-in server sent no authorization code.',
	nonce_mismatch:
		'Sign-in failed: the identity token does not belong to the sign-in started in this tab (nonce mismatch).',
	invalid_response: 'Sign-in failed: the answer from the sign-in server could not be read.',
	popup_blocked:
		'Signing in here needs a small window of its own, and the browser blocked it. Allow pop-ups for this site, or press "Try again".'
};

export function signInFailure(problem: SignInProblem): Failure {
	return { kind: 'token_exchange_failed', code: problem, message: MESSAGES[problem] };
}

/**
 * A renewal refused inside a frame of another site: the browser keeps the session cookie away
 * from such frames (SameSite=Strict), so the session can only be picked up again in a window of
 * the app's own — which "Sign in again" opens, and which closes by itself while the session lasts.
 */
export function frameRenewalFailure(): Failure {
	return {
		kind: 'auth_expired',
		code: 'renewal_needs_window',
		message:
			'This page shows Switchboard inside another site, where the browser does not share your sign-in. Press "Sign in again": a small window opens and, while your session lasts, closes by itself.'
	};
}

/** Printable text only, capped: an error description comes from the address bar. */
function clean(text: string | null): string | null {
	const printable = text?.replace(/[^\P{C}]/gu, ' ').trim() ?? '';
	return printable === '' ? null : printable.slice(0, 300);
}

/**
 * An error the authorization server sent back to the callback (RFC 6749 §4.1.2.1): `access_denied`
 * (the person declined) and the others, with the server's own description when it gave one.
 */
export function authorizationErrorFailure(error: string, description: string | null): Failure {
	const code = clean(error) ?? 'server_error';
	const detail = clean(description);
	const message =
		code === 'access_denied'
			? `Sign-in was cancelled: access was denied${detail === null ? '.' : `: ${detail}`}`
			: `Sign-in failed: the sign-in server answered ${code}${detail === null ? '.' : `: ${detail}`}`;
	return { kind: 'token_exchange_failed', code, message };
}
