/**
 * What the chat needs to know about credentials, behind one object: the sign-in session (when
 * AUTH_URL is set), the API key of each gateway profile, the credentials a request on a profile
 * carries, and "sign in again" from a failure card — which keeps the draft and the conversation.
 */
import type { PublicConfig } from '../config/public-config.ts';
import type { RouteKind } from '../wire/route-kind.ts';
import { ApiKeySession } from './api-key.svelte.ts';
import type { AuthSession } from './auth-session.svelte.ts';
import {
	gatewayCredentials,
	type CredentialSource,
	type RequestAuthorizer
} from './gateway-credentials.ts';

/** The gateway profile a request goes to, as far as credentials are concerned. */
export interface ProfileAccess {
	id: string;
	route: RouteKind;
	auth: CredentialSource;
}

/** Credentials for building a request now (the shape the turn planner takes). */
export interface RequestCredentials {
	bearer?: string;
	account?: { header: string; id: string };
}

export class GatewayAccess {
	readonly apiKey: ApiKeySession;
	/** Bumped to ask the API-key field to open and take focus (API-key mode's "sign in"). */
	keyPrompt = $state(0);
	#accountHeader = 'service-account-id';

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
		this.apiKey.configure(profile.id);
		return gatewayCredentials(profile.auth, this.auth, this.apiKey, () => this.#accountHeader);
	}

	/** The same credentials, as they are right now (no refresh), for building a request. */
	credentials(profile: ProfileAccess): RequestCredentials {
		this.apiKey.configure(profile.id);
		if (profile.auth === 'none') return {};
		const token = profile.auth === 'oauth' ? this.auth.currentAccessToken() : null;
		if (token !== null) {
			const id = this.auth.account?.accountId ?? null;
			return {
				bearer: token,
				...(id === null ? {} : { account: { header: this.#accountHeader, id } })
			};
		}
		const key = this.apiKey.key();
		return key === null ? {} : { bearer: key };
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

/** localStorage when the browser allows it (API keys the person chose to remember). */
export function keyStorage(): Storage | null {
	try {
		return typeof localStorage === 'undefined' ? null : localStorage;
	} catch {
		return null;
	}
}
