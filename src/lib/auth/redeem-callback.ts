/**
 * The authorization response at the callback, checked against this tab's attempt and redeemed at
 * the token route: the tokens, or why sign-in failed.
 * @see RFC 6749 §4.1.2–4.1.3, OIDC Core §3.1.3.7
 */
import { checkCallback } from './callback.ts';
import type { SignInAttempt } from './sign-in-attempt.ts';
import { signInFailure } from './sign-in-failure.ts';
import { exchangeCode, type TokenResult } from './token-client.ts';

export async function redeemCallback(
	params: URLSearchParams,
	attempt: SignInAttempt | null,
	tokenRouteUrl: URL,
	fetchFn: typeof fetch
): Promise<TokenResult> {
	const checked = checkCallback(params, attempt);
	if (!checked.ok) return checked;
	if (attempt === null) return { ok: false, failure: signInFailure('no_sign_in_attempt') };
	const result = await exchangeCode(tokenRouteUrl, attempt, checked.params, fetchFn);
	// OIDC Core §3.1.3.7 (11): the id token must carry the nonce this attempt sent.
	if (result.ok && attempt.nonce !== null && result.tokens.claims !== null) {
		if (result.tokens.claims['nonce'] !== attempt.nonce)
			return { ok: false, failure: signInFailure('nonce_mismatch') };
	}
	return result;
}
