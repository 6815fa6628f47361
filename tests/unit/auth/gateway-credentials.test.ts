import { describe, expect, it } from 'vitest';
import {
	gatewayCredentials,
	sendAuthorized,
	type OAuthCredential
} from '../../../src/lib/auth/gateway-credentials.ts';

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

describe('gateway credentials', () => {
	it('signed in: Bearer access token, and the account header on the backend route only', async () => {
		const creds = gatewayCredentials(
			'oauth',
			oauth(true).credential,
			withKey,
			() => 'service-account-id'
		);
		expect(await creds.headers('backend')).toEqual({
			authorization: 'Bearer at-1',
			'service-account-id': 'acct-7'
		});
		expect(await creds.headers('responses')).toEqual({ authorization: 'Bearer at-1' });
	});

	it('with an API key: Bearer, plus x-api-key on the messages route', async () => {
		const creds = gatewayCredentials('api_key', oauth(false).credential, withKey, () => 'h');
		expect(await creds.headers('responses')).toEqual({ authorization: 'Bearer sk-test-key' });
		expect(await creds.headers('messages')).toEqual({
			authorization: 'Bearer sk-test-key',
			'x-api-key': 'sk-test-key'
		});
	});

	it('never sends the sign-in token to a profile that is not the sign-in one', async () => {
		const { credential, state } = oauth(true);
		const apiKeyProfile = gatewayCredentials('api_key', credential, noKey, () => 'h');
		expect(await apiKeyProfile.headers('backend')).toEqual({});
		expect(await apiKeyProfile.recover()).toBe(false);
		expect(
			await gatewayCredentials('none', credential, withKey, () => 'h').headers('responses')
		).toEqual({});
		expect(state.refreshCalls).toBe(0);
	});

	it('an oauth profile without a sign-in uses the key the person pasted instead', async () => {
		const creds = gatewayCredentials('oauth', oauth(false).credential, withKey, () => 'h');
		expect(await creds.headers('responses')).toEqual({ authorization: 'Bearer sk-test-key' });
	});

	it('with nothing: no headers, and no recovery from a 401', async () => {
		const creds = gatewayCredentials('oauth', oauth(false).credential, noKey, () => 'h');
		expect(await creds.headers('backend')).toEqual({});
		expect(await creds.recover()).toBe(false);
	});
});

describe('sendAuthorized: refresh once on a 401, retry once', () => {
	function gateway(statuses: number[]) {
		const sent: Record<string, string>[] = [];
		const send = (headers: Record<string, string>) => {
			sent.push(headers);
			return Promise.resolve(new Response('{}', { status: statuses[sent.length - 1] ?? 200 }));
		};
		return { sent, send };
	}

	it('retries with the new token after a successful refresh', async () => {
		const { credential, state } = oauth(true);
		const { sent, send } = gateway([401, 200]);
		const response = await sendAuthorized(
			send,
			gatewayCredentials('oauth', credential, noKey, () => 'h'),
			'responses'
		);
		expect(response.status).toBe(200);
		expect(state.refreshCalls).toBe(1);
		expect(sent.map((headers) => headers['authorization'])).toEqual(['Bearer at-1', 'Bearer at-2']);
	});

	it('does not loop: a second 401 is returned as is', async () => {
		const { credential, state } = oauth(true);
		const { sent, send } = gateway([401, 401, 401]);
		const response = await sendAuthorized(
			send,
			gatewayCredentials('oauth', credential, noKey, () => 'h'),
			'responses'
		);
		expect(response.status).toBe(401);
		expect(state.refreshCalls).toBe(1);
		expect(sent).toHaveLength(2);
	});

	it('does not retry when the refresh fails', async () => {
		const { credential } = oauth(true, ['at-1'], false);
		const { sent, send } = gateway([401]);
		const response = await sendAuthorized(
			send,
			gatewayCredentials('oauth', credential, noKey, () => 'h'),
			'responses'
		);
		expect(response.status).toBe(401);
		expect(sent).toHaveLength(1);
	});

	it('leaves other statuses alone', async () => {
		const { credential, state } = oauth(true);
		const { sent, send } = gateway([403]);
		expect(
			(
				await sendAuthorized(
					send,
					gatewayCredentials('oauth', credential, noKey, () => 'h'),
					'responses'
				)
			).status
		).toBe(403);
		expect(state.refreshCalls).toBe(0);
		expect(sent).toHaveLength(1);
	});
});
