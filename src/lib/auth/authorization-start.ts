/**
 * Leaving for the authorization server: its metadata (AUTH_URL as the app's server resolved it),
 * a fresh authorization request, and the attempt kept in this tab's sessionStorage for the
 * callback. The caller navigates to the URL.
 * @see RFC 6749 §4.1.1, RFC 7636 §4.3
 */
import type { Failure } from '../failure/index.ts';
import { loadAuthorizationServer } from './authorization-server.ts';
import { createAuthorizationRequest } from './authorization-request.ts';
import { saveAttempt, type ResumePoint } from './sign-in-attempt.ts';

export interface SignInSettings {
	issuer: string;
	clientId: string;
	scopes: string;
}

export interface AuthorizationStart {
	settings: SignInSettings;
	/** `{base}/api/oauth/metadata`, absolute. */
	metadataUrl: string;
	/** `{origin}{base}/auth/callback`. */
	redirectUri: string;
	resume: ResumePoint;
	/** The embedded frame's nonce when this runs in its sign-in window. */
	openerNonce: string | null;
	now: number;
	fetch: typeof fetch;
	attemptStorage: Storage;
}

export type StartResult = { ok: true; url: string } | { ok: false; failure: Failure };

export async function startAuthorization(input: AuthorizationStart): Promise<StartResult> {
	const { settings } = input;
	const found = await loadAuthorizationServer(input.metadataUrl, settings.issuer, input.fetch);
	if (!found.ok) return found;
	const { attempt, url } = await createAuthorizationRequest({
		server: found.server,
		clientId: settings.clientId,
		scopes: settings.scopes,
		redirectUri: input.redirectUri,
		resume: input.resume,
		openerNonce: input.openerNonce,
		now: input.now
	});
	saveAttempt(input.attemptStorage, attempt);
	return { ok: true, url: url.href };
}
