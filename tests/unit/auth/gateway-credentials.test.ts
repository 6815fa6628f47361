import { describe, expect, it } from 'vitest';
import {
	gatewayCredentials,
	type OAuthCredential
} from '../../../src/lib/auth/gateway-credentials.ts';

/** The server's own gateway with sign-in, one with a key, one with nothing. */
const SIGN_IN = { auth: 'oauth', configuredByServer: true } as const;
const API_KEY = { auth: 'api_key', configuredByServer: false } as const;
const NONE = { auth: 'none', configuredByServer: false } as const;

function oauth(signedIn: boolean, tokens: string[] = ['at-1', 'at-2'], refreshes = true) {
	let current = 0;
	const state = { refreshCalls: 0 };
	const credential: OAuthCredential = {
		signedIn,
		account: { accountId: 'acct-7' },
		accessToken: () => Promise.resolve(tokens[current] ?? null),
		refresh: () => {
			state.refreshCalls++;
			current++;
			return Promise.resolve(refreshes);
		}
	};
	return { credential, state };
}

const noKey = { key: () => null };
const withKey = { key: () => 'sk-test-key' };
const NOTHING = { credential: null, account: null };

describe('gateway credentials', () => {
	// Which headers carry these: tests/unit/gateway/gateway-headers.test.ts.
	it('signed in: the access token, with the account named by the configured header', async () => {
		const creds = gatewayCredentials(
			SIGN_IN,
			oauth(true).credential,
			withKey,
			() => 'service-account-id'
		);
		expect(await creds.credentials()).toEqual({
			credential: { kind: 'bearer', token: 'at-1' },
			account: { header: 'service-account-id', id: 'acct-7' }
		});
	});

	it('signed in without an account id: no account', async () => {
		const { credential } = oauth(true);
		const noAccount = { ...credential, account: { accountId: null } };
		const creds = gatewayCredentials(SIGN_IN, noAccount, withKey, () => 'service-account-id');
		expect((await creds.credentials()).account).toBeNull();
	});

	it('with an API key: the key, and no account', async () => {
		const creds = gatewayCredentials(API_KEY, oauth(false).credential, withKey, () => 'h');
		expect(await creds.credentials()).toEqual({
			credential: { kind: 'api_key', key: 'sk-test-key', header: 'x-api-key' },
			account: null
		});
	});

	it('never sends the sign-in token to a profile that is not the sign-in one', async () => {
		const { credential, state } = oauth(true);
		const apiKeyProfile = gatewayCredentials(API_KEY, credential, noKey, () => 'h');
		expect(await apiKeyProfile.credentials()).toEqual(NOTHING);
		expect(await apiKeyProfile.recover()).toBe(false);
		expect(await gatewayCredentials(NONE, credential, withKey, () => 'h').credentials()).toEqual(
			NOTHING
		);
		expect(state.refreshCalls).toBe(0);
	});

	it('never sends the sign-in token to a person-added gateway that claims sign-in', async () => {
		const { credential, state } = oauth(true);
		const added = { auth: 'oauth', configuredByServer: false } as const;
		expect(await gatewayCredentials(added, credential, noKey, () => 'h').credentials()).toEqual(
			NOTHING
		);
		const withItsKey = gatewayCredentials(added, credential, withKey, () => 'h');
		expect(await withItsKey.credentials()).toEqual({
			credential: { kind: 'api_key', key: 'sk-test-key', header: 'x-api-key' },
			account: null
		});
		expect(await withItsKey.recover()).toBe(false);
		expect(state.refreshCalls).toBe(0);
	});

	it('an oauth profile without a sign-in uses the key the person pasted instead', async () => {
		const creds = gatewayCredentials(SIGN_IN, oauth(false).credential, withKey, () => 'h');
		expect((await creds.credentials()).credential).toEqual({
			kind: 'api_key',
			key: 'sk-test-key',
			header: 'x-api-key'
		});
	});

	it('with nothing: no credentials, and no recovery from a 401', async () => {
		const creds = gatewayCredentials(SIGN_IN, oauth(false).credential, noKey, () => 'h');
		expect(await creds.credentials()).toEqual(NOTHING);
		expect(await creds.recover()).toBe(false);
	});
});
