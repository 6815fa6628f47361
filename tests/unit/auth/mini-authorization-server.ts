/**
 * A small authorization server on 127.0.0.1 for AuthSession's Node tests: issues codes for
 * authorization requests it is shown, redeems each code once with PKCE S256, and rotates refresh
 * tokens, refusing a reused one (RFC 9700 §4.14.2). The e2e tests use oidc-provider instead.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
	fakeIdToken,
	json,
	startFakeTokenEndpoint,
	type FakeTokenEndpoint
} from './fake-token-endpoint.ts';

export interface MiniServer {
	endpoint: FakeTokenEndpoint;
	/** Approves an authorization request URL: returns the callback URL with a fresh code. */
	approve(authorizeUrl: string): URL;
	/** The refresh tokens issued so far, in order (the test checks none reached the browser). */
	issuedRefreshTokens: string[];
	issuedAccessTokens: string[];
	/** Next token responses' access-token lifetime. */
	expiresIn: number;
	close(): Promise<void>;
}

const random = () => randomBytes(16).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function startMiniServer(clientId: string): Promise<MiniServer> {
	const endpoint = await startFakeTokenEndpoint();
	const codes = new Map<
		string,
		{ challenge: string; nonce: string | null; redirectUri: string; used: boolean }
	>();
	const liveRefreshTokens = new Set<string>();
	const server: MiniServer = {
		endpoint,
		issuedRefreshTokens: [],
		issuedAccessTokens: [],
		expiresIn: 3600,
		approve(authorizeUrl) {
			const url = new URL(authorizeUrl);
			const code = random();
			const redirectUri = url.searchParams.get('redirect_uri') ?? '';
			codes.set(code, {
				challenge: url.searchParams.get('code_challenge') ?? '',
				nonce: url.searchParams.get('nonce'),
				redirectUri,
				used: false
			});
			const callback = new URL(redirectUri);
			callback.searchParams.set('code', code);
			callback.searchParams.set('state', url.searchParams.get('state') ?? '');
			callback.searchParams.set('iss', endpoint.url);
			return callback;
		},
		close: () => endpoint.close()
	};

	function issue(response: ServerResponse, nonce: string | null): void {
		const accessToken = `at-${random()}`;
		const refreshToken = `rt-${random()}`;
		server.issuedAccessTokens.push(accessToken);
		server.issuedRefreshTokens.push(refreshToken);
		liveRefreshTokens.add(refreshToken);
		const now = Math.floor(Date.now() / 1000);
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(
			JSON.stringify({
				access_token: accessToken,
				token_type: 'Bearer',
				expires_in: server.expiresIn,
				refresh_token: refreshToken,
				id_token: fakeIdToken({
					iss: endpoint.url,
					sub: 'user-1',
					aud: clientId,
					iat: now,
					exp: now + 600,
					name: 'Ada Lovelace',
					'https://api.example.com/auth': { account_id: 'acct_42' },
					...(nonce === null ? {} : { nonce })
				})
			})
		);
	}

	endpoint.respond = (request, response) => {
		if (request.path !== '/oauth/token') {
			response.writeHead(404);
			response.end();
			return;
		}
		const form = new URLSearchParams(request.body);
		const invalidGrant = json(400, {
			error: 'invalid_grant',
			error_description: 'grant request is invalid'
		});
		if (form.get('grant_type') === 'authorization_code') {
			const grant = codes.get(form.get('code') ?? '');
			if (
				grant === undefined ||
				grant.used ||
				s256(form.get('code_verifier') ?? '') !== grant.challenge ||
				grant.redirectUri !== form.get('redirect_uri')
			) {
				invalidGrant(request, response);
				return;
			}
			grant.used = true;
			issue(response, grant.nonce);
			return;
		}
		const presented = form.get('refresh_token') ?? '';
		if (!liveRefreshTokens.delete(presented)) {
			// Reuse of a rotated token revokes the whole grant.
			liveRefreshTokens.clear();
			invalidGrant(request, response);
			return;
		}
		issue(response, null);
	};
	return server;
}
