/**
 * A fresh authorization request (RFC 6749 §4.1.1) with PKCE S256 (RFC 7636 §4.1–4.3): new
 * `code_verifier`, `state` and — when `openid` is requested — `nonce` for every attempt, as
 * RFC 9700 §2.1.1 asks of public clients.
 */
import {
	calculatePKCECodeChallenge,
	generateRandomCodeVerifier,
	generateRandomNonce,
	generateRandomState,
	type AuthorizationServer
} from 'oauth4webapi';
import type { ResumePoint, SignInAttempt } from './sign-in-attempt.ts';

export interface AuthorizationRequestInput {
	server: AuthorizationServer;
	clientId: string;
	/** Space-separated, as configured (`OAUTH_SCOPES`). */
	scopes: string;
	redirectUri: string;
	resume: ResumePoint;
	/** The embedded frame's nonce when this runs in its sign-in window (see SignInAttempt). */
	openerNonce: string | null;
	now: number;
}

export async function createAuthorizationRequest(
	input: AuthorizationRequestInput
): Promise<{ attempt: SignInAttempt; url: URL }> {
	const { server } = input;
	if (server.authorization_endpoint === undefined) {
		throw new TypeError('The sign-in server publishes no authorization endpoint.');
	}
	const scopes = input.scopes.split(/\s+/).filter((scope) => scope !== '');
	const codeVerifier = generateRandomCodeVerifier();
	const state = generateRandomState();
	const nonce = scopes.includes('openid') ? generateRandomNonce() : null;
	const url = new URL(server.authorization_endpoint);
	url.searchParams.set('response_type', 'code');
	url.searchParams.set('client_id', input.clientId);
	url.searchParams.set('redirect_uri', input.redirectUri);
	if (scopes.length > 0) url.searchParams.set('scope', scopes.join(' '));
	url.searchParams.set('state', state);
	url.searchParams.set('code_challenge', await calculatePKCECodeChallenge(codeVerifier));
	url.searchParams.set('code_challenge_method', 'S256');
	if (nonce !== null) url.searchParams.set('nonce', nonce);
	// OIDC Core §11: a request for offline access (a refresh token) must ask for consent.
	if (nonce !== null && scopes.includes('offline_access'))
		url.searchParams.set('prompt', 'consent');
	return {
		url,
		attempt: {
			state,
			codeVerifier,
			nonce,
			issuer: server.issuer,
			issParameterSupported: server.authorization_response_iss_parameter_supported === true,
			clientId: input.clientId,
			redirectUri: input.redirectUri,
			resume: input.resume,
			openerNonce: input.openerNonce,
			createdAt: input.now
		}
	};
}
