/**
 * What the chat needs to know about credentials, behind one object: the sign-in session (when
 * AUTH_URL is set), the API key of each gateway profile, the credentials a request on a profile
 * carries, and "sign in again" from a failure card — which keeps the draft and the conversation.
 */
import { DEFAULT_ACCOUNT_HEADER, type PublicConfig } from '../config/public-config.ts';
import type { RouteKind } from '../wire/route-kind.ts';
import { ApiKeySession } from './api-key.svelte.ts';
import type { AuthSession } from './auth-session.svelte.ts';
import {
	gatewayCredentials,
	type CredentialProfile,
	type RequestAuthorizer
} from './gateway-credentials.ts';

/**
 * The gateway profile a request goes to, as far as credentials are concerned. Only the one with
 * `configuredByServer` (the server's own gateway) is ever sent the sign-in access token.
 */
export interface ProfileAccess extends CredentialProfile {
	id: string;
	/** The gateway's base URL: a remembered API key belongs to one profile at one base URL. */
	baseUrl: string;
	route: RouteKind;
}

export class GatewayAccess {
	readonly apiKey: ApiKeySession;
	/** Bumped to ask the API-key field to open and take focus (API-key mode's "sign in"). */
	keyPrompt = $state(0);
	#accountHeader = DEFAULT_ACCOUNT_HEADER;

	constructor(
		readonly auth: AuthSession,
		keyStorage: Storage | null
	) {
		this.apiKey = new ApiKeySession(keyStorage);
	}

	/** Takes the configuration (sign-in settings, account header name). */
	configure(config: PublicConfig): void {
		this.#accountHeader = config.accountHeader;
		this.auth.configure(config);
	}

	/** Resumes a signed-in session from its cookie (after a page load). */
	prepare(): Promise<void> {
		return this.auth.restore();
	}

	/** What a request on `profile` carries, and how it recovers from a 401. */
	authorizerFor(profile: ProfileAccess): RequestAuthorizer {
		this.apiKey.configure(profile.id, profile.baseUrl);
		return gatewayCredentials(profile, this.auth, this.apiKey, () => this.#accountHeader);
	}

	/** Whether a request on `profile` has a credential to carry now (a sign-in or a key). */
	hasCredential(profile: ProfileAccess): boolean {
		this.apiKey.configure(profile.id, profile.baseUrl);
		if (profile.auth === 'none') return false;
		const signIn = profile.auth === 'oauth' && profile.configuredByServer;
		return (signIn && this.auth.signedIn) || this.apiKey.key() !== null;
	}

	/** Signs in (and back to this page with `draft`), or in API-key mode asks for a key. */
	async signIn(draft: string): Promise<void> {
		if (!this.auth.available) {
			this.keyPrompt++;
			return;
		}
		const { pathname, search, hash } = location;
		await this.auth.signIn({ returnTo: `${pathname}${search}${hash}`, draft });
	}

	/** The draft carried through the last sign-in, once (`''` when none). */
	resumedDraft(): string {
		return this.auth.takeResume()?.draft ?? '';
	}
}
