/**
 * Sign-in problems this app detects itself, before any token request — there is no HTTP answer
 * to classify, so each is stated directly as a `token_exchange_failed` Failure whose `code` names
 * the problem. (Failures of the token request itself go through `classifyTokenExchange`.)
 */
import type { Failure, SignInProblem } from '../failure/index.ts';
import { own } from '../failure/own-sentence-say.ts';

export type { SignInProblem };

export function signInFailure(problem: SignInProblem): Failure {
	return {
		kind: 'token_exchange_failed',
		code: problem,
		...own({ kind: 'sign_in_problem', problem })
	};
}

/**
 * A renewal refused inside a frame of another site: the browser keeps the session cookie away
 * from such frames (SameSite=Strict), so the session can only be picked up again in a window of
 * the app's own — which "Sign in again" opens, and which closes by itself while the session lasts.
 */
export function frameRenewalFailure(): Failure {
	return { kind: 'auth_expired', code: 'renewal_needs_window', ...own({ kind: 'frame_renewal' }) };
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
	const told = detail === null ? {} : { description: detail };
	return {
		kind: 'token_exchange_failed',
		code,
		...own(
			code === 'access_denied'
				? { kind: 'authorization_denied', ...told }
				: { kind: 'authorization_error', code, ...told }
		)
	};
}
