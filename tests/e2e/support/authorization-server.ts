/**
 * The e2e tests' authorization server: oidc-provider on 127.0.0.1, run by Playwright as its own
 * web server (`npx tsx tests/e2e/support/authorization-server.ts`).
 *
 * - Public clients (token_endpoint_auth_method `none`), PKCE required, routes at `/oauth/authorize`
 *   and `/oauth/token` (the layout Switchboard assumes when there is no discovery; discovery is
 *   served too), refresh tokens for `offline_access`, rotated on every use (a reused one revokes
 *   the grant).
 * - `switchboard` issues hour-long access tokens; `switchboard-short` 20-second ones, for the
 *   proactive-refresh test.
 * - A minimal interaction: a login form asking for an account name ("Continue" signs in and grants
 *   the requested scopes; "Cancel" answers `access_denied`). The id token carries the claim
 *   `https://switchboard.test/auth` with `account_id` = `acct_<name>` (for ACCOUNT_CLAIM).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';
import { AUTH_SERVER_PORT, AUTH_SERVER_URL, SIGN_IN_REDIRECT_URIS } from '../servers.ts';

export const ACCOUNT_CLAIM_NAME = 'https://switchboard.test/auth';

const port = Number(process.env['PORT'] ?? AUTH_SERVER_PORT);
const issuer = process.env['ISSUER'] ?? AUTH_SERVER_URL;

const client = (client_id: string) => ({
	client_id,
	token_endpoint_auth_method: 'none' as const,
	application_type: 'web' as const,
	grant_types: ['authorization_code', 'refresh_token'],
	response_types: ['code'],
	redirect_uris: SIGN_IN_REDIRECT_URIS
});

const configuration: Configuration = {
	clients: [client('switchboard'), client('switchboard-short')],
	routes: { authorization: '/oauth/authorize', token: '/oauth/token' },
	pkce: { required: () => true },
	scopes: ['openid', 'offline_access', 'profile', 'email'],
	claims: {
		openid: ['sub'],
		email: ['email', 'email_verified'],
		profile: ['name', ACCOUNT_CLAIM_NAME]
	},
	// Scope claims go into the id token, where ACCOUNT_CLAIM reads them.
	conformIdTokenClaims: false,
	features: { devInteractions: { enabled: false } },
	interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
	cookies: { keys: ['switchboard-e2e-cookie-key-not-a-secret'] },
	ttl: {
		AccessToken: (_ctx, _token, client) => (client.clientId === 'switchboard-short' ? 20 : 3600),
		AuthorizationCode: 60,
		IdToken: 3600,
		RefreshToken: 24 * 3600,
		Grant: 24 * 3600,
		Session: 24 * 3600,
		Interaction: 3600
	},
	findAccount: (_ctx, accountId) => ({
		accountId,
		claims: () => ({
			sub: accountId,
			email: `${accountId}@example.test`,
			email_verified: true,
			name: accountId.charAt(0).toUpperCase() + accountId.slice(1),
			[ACCOUNT_CLAIM_NAME]: { account_id: `acct_${accountId}` }
		})
	}),
	renderError: (ctx, out) => {
		ctx.type = 'text/plain';
		ctx.body = `${out.error}: ${out.error_description ?? ''}`;
	}
};

const provider = new Provider(issuer, configuration);

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(uid: string, clientId: string): string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test sign-in</title></head>
<body><main><h1>Sign in to the test server</h1><p>for ${escapeHtml(clientId)}</p>
<form method="post" action="/interaction/${uid}/login">
<label for="account">Account</label> <input id="account" name="account" autocomplete="off" required>
<button type="submit">Continue</button></form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

function param(params: Record<string, unknown>, name: string, fallback: string): string {
	const value = params[name];
	return typeof value === 'string' ? value : fallback;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function interaction(
	req: IncomingMessage,
	res: ServerResponse,
	path: string[]
): Promise<void> {
	const details = await provider.interactionDetails(req, res);
	const clientId = param(details.params, 'client_id', '');
	const [, uid, action] = path;
	if (uid !== details.uid) throw new Error('interaction mismatch');
	if (req.method === 'GET' && action === undefined) {
		res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
		res.end(loginPage(details.uid, clientId));
		return;
	}
	if (req.method === 'POST' && action === 'abort') {
		await provider.interactionFinished(
			req,
			res,
			{ error: 'access_denied', error_description: 'The person declined to sign in.' },
			{ mergeWithLastSubmission: false }
		);
		return;
	}
	if (req.method === 'POST' && action === 'login') {
		const account = (await readForm(req)).get('account')?.trim().toLowerCase() ?? '';
		if (!/^[a-z0-9-]{1,32}$/.test(account)) {
			res.writeHead(400, { 'content-type': 'text/plain' });
			res.end('Account names are letters, digits and hyphens.');
			return;
		}
		// Sign in and grant everything asked for, in one step (login and consent prompts).
		const grant = new provider.Grant({ accountId: account, clientId });
		grant.addOIDCScope(param(details.params, 'scope', 'openid'));
		const grantId = await grant.save();
		await provider.interactionFinished(
			req,
			res,
			{ login: { accountId: account }, consent: { grantId } },
			{ mergeWithLastSubmission: false }
		);
		return;
	}
	res.writeHead(404);
	res.end();
}

const callback = provider.callback();
const server = createServer((req, res) => {
	const path =
		(req.url ?? '/')
			.split('?')[0]
			?.split('/')
			.filter((part) => part !== '') ?? [];
	if (path[0] === 'interaction') {
		interaction(req, res, path).catch((error: unknown) => {
			res.writeHead(400, { 'content-type': 'text/plain' });
			res.end(error instanceof Error ? error.message : 'interaction failed');
		});
		return;
	}
	void callback(req, res);
});

server.listen(port, '127.0.0.1', () => {
	console.log(`Test authorization server: ${issuer}`);
});
