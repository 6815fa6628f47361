/**
 * The one send that applies the gateway header table: credentials of the moment at each send, one
 * refresh and one more send after a 401.
 */
import { describe, expect, it } from 'vitest';
import {
	gatewayCredentials,
	type OAuthCredential
} from '../../../src/lib/auth/gateway-credentials.ts';
import { sendAuthorized } from '../../../src/lib/gateway/send-authorized.ts';

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
/** The server's own gateway, with sign-in. */
const SIGN_IN = { auth: 'oauth', configuredByServer: true } as const;

describe('sendAuthorized: refresh once on a 401, retry once, the table applied at each send', () => {
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
		const response = await sendAuthorized(send, {
			route: 'responses',
			authorizer: gatewayCredentials(SIGN_IN, credential, noKey, () => 'h')
		});
		expect(response.status).toBe(200);
		expect(state.refreshCalls).toBe(1);
		expect(sent.map((headers) => headers['authorization'])).toEqual(['Bearer at-1', 'Bearer at-2']);
	});

	it('does not loop: a second 401 is returned as is', async () => {
		const { credential, state } = oauth(true);
		const { sent, send } = gateway([401, 401, 401]);
		const response = await sendAuthorized(send, {
			route: 'responses',
			authorizer: gatewayCredentials(SIGN_IN, credential, noKey, () => 'h')
		});
		expect(response.status).toBe(401);
		expect(state.refreshCalls).toBe(1);
		expect(sent).toHaveLength(2);
	});

	it('does not retry when the refresh fails', async () => {
		const { credential } = oauth(true, ['at-1'], false);
		const { sent, send } = gateway([401]);
		const response = await sendAuthorized(send, {
			route: 'responses',
			authorizer: gatewayCredentials(SIGN_IN, credential, noKey, () => 'h')
		});
		expect(response.status).toBe(401);
		expect(sent).toHaveLength(1);
	});

	it('leaves other statuses alone', async () => {
		const { credential, state } = oauth(true);
		const { sent, send } = gateway([403]);
		expect(
			(
				await sendAuthorized(send, {
					route: 'responses',
					authorizer: gatewayCredentials(SIGN_IN, credential, noKey, () => 'h')
				})
			).status
		).toBe(403);
		expect(state.refreshCalls).toBe(0);
		expect(sent).toHaveLength(1);
	});
});

describe('sendAuthorized: the whole table, once', () => {
	it('adds the route, account and session headers to the credentials at each send', async () => {
		const sent: Record<string, string>[] = [];
		const { credential } = oauth(true);
		const statuses = [401, 200];
		await sendAuthorized(
			(headers) => {
				sent.push(headers);
				return Promise.resolve(new Response('{}', { status: statuses[sent.length - 1] ?? 200 }));
			},
			{
				route: 'backend',
				authorizer: gatewayCredentials(SIGN_IN, credential, noKey, () => 'service-account-id'),
				sessionId: 'conv-1'
			}
		);
		const expected = (token: string) => ({
			authorization: `Bearer ${token}`,
			'service-account-id': 'acct-7',
			version: '0.1.0',
			originator: 'switchboard',
			session_id: 'conv-1',
			'session-id': 'conv-1'
		});
		expect(sent).toEqual([expected('at-1'), expected('at-2')]);
	});

	it('without an authorizer: the table without credentials', async () => {
		const sent: Record<string, string>[] = [];
		await sendAuthorized(
			(headers) => {
				sent.push(headers);
				return Promise.resolve(new Response('{}'));
			},
			{ route: 'messages' }
		);
		expect(sent).toEqual([
			{
				'anthropic-version': '2023-06-01',
				'anthropic-dangerous-direct-browser-access': 'true'
			}
		]);
	});
});
