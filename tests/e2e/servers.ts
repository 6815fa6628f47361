/** Where the e2e servers listen (all on loopback); started by playwright.config.ts. */
export const PORTS = { app: 4173, crossOriginApp: 4174, demoGateway: 4175 } as const;

export const APP_URL = `http://127.0.0.1:${PORTS.app}`;
export const CROSS_ORIGIN_APP_URL = `http://127.0.0.1:${PORTS.crossOriginApp}`;
/** `localhost`, not 127.0.0.1: a different origin from the apps, so every call is cross-origin. */
export const DEMO_GATEWAY_URL = `http://localhost:${PORTS.demoGateway}`;

/** Sign-in: apps with AUTH_URL set, the oidc-provider test server, and the fault stand-in. */
export const SIGN_IN_PORTS = {
	/** AUTH_URL → the test authorization server, client `switchboard` (hour-long tokens). */
	signInApp: 4176,
	/** The same, client `switchboard-short` (20-second access tokens: the refresh test). */
	shortTokenApp: 4177,
	/** AUTH_URL → the stand-in whose token endpoint refuses the region (403). */
	regionApp: 4178,
	/** AUTH_URL → the stand-in whose token endpoint drops the connection. */
	unreachableApp: 4179,
	authServer: 4180,
	faultyAuthServer: 4181,
	/** Started by server-token-route-logs.spec.ts itself, to read its output. */
	loggedApp: 4182
} as const;

export const SIGN_IN_APP_URL = `http://127.0.0.1:${SIGN_IN_PORTS.signInApp}`;
export const SHORT_TOKEN_APP_URL = `http://127.0.0.1:${SIGN_IN_PORTS.shortTokenApp}`;
export const REGION_APP_URL = `http://127.0.0.1:${SIGN_IN_PORTS.regionApp}`;
export const UNREACHABLE_APP_URL = `http://127.0.0.1:${SIGN_IN_PORTS.unreachableApp}`;
export const LOGGED_APP_URL = `http://127.0.0.1:${SIGN_IN_PORTS.loggedApp}`;
export const AUTH_SERVER_PORT = SIGN_IN_PORTS.authServer;
export const AUTH_SERVER_URL = `http://127.0.0.1:${SIGN_IN_PORTS.authServer}`;
export const FAULTY_AUTH_SERVER_URL = `http://127.0.0.1:${SIGN_IN_PORTS.faultyAuthServer}`;
/** The callback address of every app that signs in with the test authorization server. */
export const SIGN_IN_REDIRECT_URIS = [SIGN_IN_APP_URL, SHORT_TOKEN_APP_URL, LOGGED_APP_URL].map(
	(app) => `${app}/auth/callback`
);
/** SESSION_SECRET of the e2e apps (a test value; never use it anywhere else). */
export const E2E_SESSION_SECRET = 'e2e-session-secret-not-for-production-use-0123456789';
/** ACCOUNT_CLAIM of the e2e apps: the test server's claim object and its field. */
export const E2E_ACCOUNT_CLAIM = 'https://switchboard.test/auth.account_id';
