/**
 * Leaving for the authorization server: its metadata (AUTH_URL as the app's server resolved it),
 * a fresh authorization request, the attempt kept in this tab's sessionStorage for the callback,
 * and the navigation. Returns why it could not leave, or `null` once on the way.
 * @see RFC 6749 §4.1.1, RFC 7636 §4.3
 */
import type { Failure } from '../failure/index.ts';
import type { AuthEnvironment } from './auth-environment.ts';
import { loadAuthorizationServer } from './authorization-server.ts';
import { createAuthorizationRequest } from './authorization-request.ts';
import { saveAttempt, type ResumePoint } from './sign-in-attempt.ts';
import { appRouteUrl, CALLBACK_PATH, METADATA_ROUTE_PATH } from './token-route-contract.ts';

export interface SignInSettings {
	issuer: string;
	clientId: string;
	scopes: string;
}

export interface AuthorizationStart {
	settings: SignInSettings;
	/** The app's base path (`''` or `/tools/chat`). */
	appBase: string;
	env: Pick<AuthEnvironment, 'fetch' | 'attemptStorage' | 'navigate' | 'pageUrl' | 'now'>;
	resume: ResumePoint;
	/** The embedded frame's nonce when this runs in its sign-in window. */
	openerNonce: string | null;
}

export async function startAuthorization(input: AuthorizationStart): Promise<Failure | null> {
	const { settings, appBase, env } = input;
	const page = env.pageUrl();
	const metadataUrl = appRouteUrl(appBase, METADATA_ROUTE_PATH, page).href;
	const found = await loadAuthorizationServer(metadataUrl, settings.issuer, env.fetch);
	if (!found.ok) return found.failure;
	const { attempt, url } = await createAuthorizationRequest({
		server: found.server,
		clientId: settings.clientId,
		scopes: settings.scopes,
		redirectUri: `${page.origin}${appBase}${CALLBACK_PATH}`,
		resume: input.resume,
		openerNonce: input.openerNonce,
		now: env.now()
	});
	saveAttempt(env.attemptStorage, attempt);
	env.navigate(url.href);
	return null;
}
