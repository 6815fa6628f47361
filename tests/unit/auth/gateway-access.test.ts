/**
 * The sign-in access token goes only to the server's own gateway: a real sign-in (the browser
 * double, the real token route, the mini authorization server), then what requests on each
 * gateway profile would carry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthSession } from '../../../src/lib/auth/auth-session.svelte.ts';
import { GatewayAccess, type ProfileAccess } from '../../../src/lib/auth/gateway-access.svelte.ts';
import { readProfile } from '../../../src/lib/chat/settings.ts';
import { authorizationServerLookup } from '../../../src/lib/server/oauth/authorization-server.ts';
import { browserDouble } from './browser-double.ts';
import { MemoryStorage } from './memory-storage.ts';
import { startMiniServer, type MiniServer } from './mini-authorization-server.ts';
import { APP, CLIENT_ID, routeDeps, signInConfig } from './token-route-harness.ts';

let server: MiniServer;
let auth: AuthSession;

beforeAll(async () => {
	server = await startMiniServer(CLIENT_ID);
	const browser = browserDouble(
		APP,
		routeDeps(server.endpoint.url, {
			authorizationServer: authorizationServerLookup(server.endpoint.url)
		})
	);
	auth = new AuthSession('', browser.env);
	auth.configure(signInConfig(server.endpoint.url, 'responses'));
	browser.address = `${APP}/`;
	await auth.signIn({ returnTo: '/', draft: '' });
	const callback = server.approve(browser.navigatedTo ?? '');
	browser.address = callback.href;
	await auth.handleCallback(callback);
});
afterAll(() => {
	auth.dispose();
	return server.close();
});

const SERVER_GATEWAY: ProfileAccess = {
	id: 'server',
	baseUrl: 'https://gw.example.com',
	route: 'responses',
	auth: 'oauth',
	configuredByServer: true
};
/** A gateway the person added whose stored profile claims sign-in (an old or altered record). */
const ADDED_AS_OAUTH: ProfileAccess = {
	id: 'added-1',
	baseUrl: 'https://added.example.com',
	route: 'responses',
	auth: 'oauth',
	configuredByServer: false
};

describe('the sign-in access token', () => {
	it('goes to the server’s own gateway', async () => {
		expect(auth.signedIn).toBe(true);
		const access = new GatewayAccess(auth, new MemoryStorage());
		const sent = await access.authorizerFor(SERVER_GATEWAY).credentials();
		expect(sent.credential).toEqual({
			kind: 'bearer',
			token: server.issuedAccessTokens.at(-1)
		});
	});

	it('never goes to a gateway the person added, even one marked for sign-in', async () => {
		const access = new GatewayAccess(auth, new MemoryStorage());
		const authorizer = access.authorizerFor(ADDED_AS_OAUTH);
		expect(await authorizer.credentials()).toEqual({ credential: null, account: null });
		expect(access.hasCredential(ADDED_AS_OAUTH)).toBe(false);
		// A 401 from that gateway does not spend the refresh token either.
		const issued = server.issuedAccessTokens.length;
		expect(await authorizer.recover()).toBe(false);
		expect(server.issuedAccessTokens).toHaveLength(issued);
	});

	it('a gateway the person added sends the key pasted for it instead', async () => {
		const access = new GatewayAccess(auth, new MemoryStorage());
		access.apiKey.configure(ADDED_AS_OAUTH.id, ADDED_AS_OAUTH.baseUrl);
		access.apiKey.set('sk-added', false);
		const sent = await access.authorizerFor(ADDED_AS_OAUTH).credentials();
		expect(sent).toEqual({
			credential: { kind: 'api_key', key: 'sk-added', header: 'x-api-key' },
			account: null
		});
	});
});

describe('stored gateway profiles', () => {
	const stored = { id: 'added-1', name: 'Mine', baseUrl: 'https://gw.example.com' };

	it('a person-added profile that claims sign-in is read as an API-key profile', () => {
		expect(readProfile({ ...stored, auth: 'oauth' })?.auth).toBe('api_key');
	});

	it('keeps the API-key and no-credential choices', () => {
		expect(readProfile({ ...stored, auth: 'api_key' })?.auth).toBe('api_key');
		expect(readProfile({ ...stored, auth: 'none' })?.auth).toBe('none');
	});
});
