/**
 * The production server's own output during a whole sign-in — code exchange, refresh on reload,
 * sign-out — and a burst of abuse holds no code, verifier, token or session cookie. Starts its own
 * app (configured like the sign-in app) to read what it prints; then checks its rate limit, which
 * would disturb the shared apps.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import {
	AUTH_SERVER_URL,
	E2E_ACCOUNT_CLAIM,
	E2E_SESSION_SECRET,
	LOGGED_APP_URL,
	SIGN_IN_PORTS
} from './servers.ts';
import { accountMenu, openApp, signIn, signOut, watchTokenRoute } from './support/sign-in.ts';

test.use({ baseURL: LOGGED_APP_URL });
// One app process for both tests, in order: the rate-limit test spends the burst.
test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let output = '';

test.beforeAll(async () => {
	server = spawn(process.execPath, ['build'], {
		env: {
			PATH: process.env['PATH'] ?? '',
			HOST: '127.0.0.1',
			PORT: String(SIGN_IN_PORTS.loggedApp),
			AUTH_URL: AUTH_SERVER_URL,
			OAUTH_CLIENT_ID: 'switchboard',
			ACCOUNT_CLAIM: E2E_ACCOUNT_CLAIM,
			SESSION_SECRET: E2E_SESSION_SECRET
		},
		stdio: ['ignore', 'pipe', 'pipe']
	});
	server.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
	server.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
	await expect
		.poll(
			() =>
				fetch(`${LOGGED_APP_URL}/healthz`).then(
					(r) => r.status,
					() => 0
				),
			{ timeout: 15_000 }
		)
		.toBe(200);
});

test.afterAll(() => {
	server?.kill();
});

test('prints no code, verifier, token or cookie while signing in, refreshing and out', async ({
	page,
	context
}) => {
	const watched = watchTokenRoute(page);
	await openApp(page);
	await signIn(page, 'logcheck');
	await page.reload();
	await expect(accountMenu(page)).toBeVisible();
	const cookies = (await context.cookies()).filter(
		(cookie) => cookie.name === 'switchboard-session'
	);
	expect(cookies).toHaveLength(1);
	await signOut(page);

	const secrets = [...watched.secrets, ...cookies.map((cookie) => cookie.value)];
	expect(secrets.length).toBeGreaterThanOrEqual(4);
	expect(output).toContain('Gateway:');
	for (const secret of secrets) expect(output).not.toContain(secret);
});

test('rate-limits each client: 429 with Retry-After once its burst is spent', async () => {
	const statuses: number[] = [];
	let retryAfter: string | null = null;
	for (let index = 0; index < 80 && retryAfter === null; index++) {
		const response = await fetch(`${LOGGED_APP_URL}/api/oauth/token`, {
			method: 'POST',
			headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
			body: 'probe'
		});
		statuses.push(response.status);
		if (response.status === 429) retryAfter = response.headers.get('retry-after');
	}
	expect(statuses).toContain(403);
	expect(statuses.at(-1)).toBe(429);
	expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
});
