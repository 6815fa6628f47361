/**
 * The credentials a gateway request carries, decided at send time (so the freshest access token
 * goes out), and what to do after a 401: refresh once, then the caller sends once more. Which
 * headers carry them is not decided here: that is the one header table,
 * src/lib/gateway/gateway-headers.ts.
 *
 * Per gateway profile (`auth`):
 * - `oauth` (the server's own gateway, AUTH_URL set): signed in → the access token (`bearer`),
 *   with the account id from the id token when it names one; not signed in → the profile's API
 *   key, if the person chose to paste one instead.
 * - `api_key`: the profile's key.
 * - `none`: nothing.
 * The sign-in access token is only ever sent to the gateway the server configured
 * (`configuredByServer`): a gateway the person added themselves that claims `oauth` (a stored
 * record from before, or altered) is treated as `api_key`, and a 401 from it never refreshes.
 */
export type CredentialSource = 'oauth' | 'api_key' | 'none';

/**
 * Which header carries an API key on the Messages route: `x-api-key` (the Anthropic API's, and
 * what every relay reads; the default) or `authorization` (`Bearer`, for relays that read only
 * that, like one-api). Other routes always send `Authorization: Bearer`.
 * docs/reference/long-context-and-browser-headers.md.
 */
export type KeyHeader = 'x-api-key' | 'authorization';

/** An access token from sign-in, or an API key the person pasted. */
export type GatewayCredential =
	{ kind: 'bearer'; token: string } | { kind: 'api_key'; key: string; header?: KeyHeader };

/** What a request carries as it is sent (turned into headers by the gateway header table). */
export interface SendCredentials {
	credential: GatewayCredential | null;
	/** The backend route's account header: its name from configuration, the id from sign-in. */
	account: { header: string; id: string } | null;
}

export interface RequestAuthorizer {
	/** The credentials to send now (nothing when there are none). */
	credentials(): Promise<SendCredentials>;
	/** After a 401: `true` when a new credential is ready and the request may be sent once more. */
	recover(): Promise<boolean>;
}

/** The parts of AuthSession this needs (kept structural so tests can stand in for it). */
export interface OAuthCredential {
	readonly signedIn: boolean;
	readonly account: { accountId: string | null } | null;
	accessToken(): Promise<string | null>;
	refresh(): Promise<boolean>;
}

export interface KeyCredential {
	key(): string | null;
}

/** The gateway profile a request goes to, as far as its credentials are concerned. */
export interface CredentialProfile {
	auth: CredentialSource;
	/** The server's own gateway (GATEWAY_URL): the only one the sign-in access token may go to. */
	configuredByServer: boolean;
	/** The header an API key goes in on the Messages route (default `x-api-key`). */
	keyHeader?: KeyHeader;
}

export const NO_CREDENTIALS: SendCredentials = { credential: null, account: null };

export function gatewayCredentials(
	profile: CredentialProfile,
	oauth: OAuthCredential,
	apiKey: KeyCredential,
	accountHeader: () => string
): RequestAuthorizer {
	const { auth, configuredByServer, keyHeader = 'x-api-key' } = profile;
	const signIn = auth === 'oauth' && configuredByServer;
	return {
		async credentials() {
			if (auth === 'none') return NO_CREDENTIALS;
			if (signIn && oauth.signedIn) {
				const token = await oauth.accessToken();
				if (token !== null) {
					const id = oauth.account?.accountId ?? null;
					return {
						credential: { kind: 'bearer', token },
						account: id === null || id === '' ? null : { header: accountHeader(), id }
					};
				}
			}
			const key = apiKey.key();
			return key === null
				? NO_CREDENTIALS
				: { credential: { kind: 'api_key', key, header: keyHeader }, account: null };
		},
		recover() {
			return signIn && oauth.signedIn ? oauth.refresh() : Promise.resolve(false);
		}
	};
}
