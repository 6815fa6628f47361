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
/**
 * Deployment (issue 8): sub-path, relay, a gateway without CORS, embedding, two stateless replicas.
 * Specs named `deploy-*.spec.ts` run in the 'deployment' project and address these directly.
 */
export const DEPLOY_PORTS = {
	/** BASE_PATH=/tools/chat on the built-in demo gateway. */
	subPathApp: 4183,
	/** GATEWAY_MODE=relay → the gateway without CORS. */
	relayApp: 4184,
	/** The standalone demo gateway with CORS off (DEMO_GATEWAY_CORS=off), like a bare upstream. */
	noCorsGateway: 4185,
	/** GATEWAY_MODE=direct → the gateway without CORS: every browser call is refused (CORS). */
	directNoCorsApp: 4186,
	/** A page on another origin that embeds the app in an iframe (tests/e2e/support/embedding-host.ts). */
	embeddingHost: 4187,
	/** BASE_PATH=/tools/chat, AUTH_URL → the test authorization server, FRAME_ANCESTORS → the host. */
	framedApp: 4188,
	/** Two replicas sharing SESSION_SECRET, and a round-robin in front of them. */
	replicaA: 4189,
	replicaB: 4190,
	roundRobin: 4191,
	/** A split deployment: a front web server with the static files, proxying the rest to… */
	splitFront: 4192,
	/** …this Node server (BASE_PATH=/tools/chat, the built-in demo gateway). */
	splitApp: 4193
} as const;

export const SUB_PATH = '/tools/chat';
export const SUB_PATH_APP_URL = `http://127.0.0.1:${DEPLOY_PORTS.subPathApp}${SUB_PATH}`;
export const RELAY_APP_URL = `http://127.0.0.1:${DEPLOY_PORTS.relayApp}`;
/** `localhost`: another origin than the apps on 127.0.0.1. */
export const NO_CORS_GATEWAY_URL = `http://localhost:${DEPLOY_PORTS.noCorsGateway}`;
export const DIRECT_NO_CORS_APP_URL = `http://127.0.0.1:${DEPLOY_PORTS.directNoCorsApp}`;
/** The allowed embedder: `localhost`, so another site than the app on 127.0.0.1 (cross-site frame). */
export const EMBEDDING_HOST_URL = `http://localhost:${DEPLOY_PORTS.embeddingHost}`;
/** The same host server under another origin, which FRAME_ANCESTORS does not list. */
export const FOREIGN_EMBEDDING_HOST_URL = `http://127.0.0.1:${DEPLOY_PORTS.embeddingHost}`;
export const FRAMED_APP_URL = `http://127.0.0.1:${DEPLOY_PORTS.framedApp}${SUB_PATH}`;
export const REPLICA_A_URL = `http://127.0.0.1:${DEPLOY_PORTS.replicaA}`;
export const REPLICA_B_URL = `http://127.0.0.1:${DEPLOY_PORTS.replicaB}`;
export const ROUND_ROBIN_URL = `http://127.0.0.1:${DEPLOY_PORTS.roundRobin}`;
export const SPLIT_FRONT_URL = `http://127.0.0.1:${DEPLOY_PORTS.splitFront}${SUB_PATH}`;

/** The callback address of every app that signs in with the test authorization server. */
export const SIGN_IN_REDIRECT_URIS = [
	SIGN_IN_APP_URL,
	SHORT_TOKEN_APP_URL,
	LOGGED_APP_URL,
	FRAMED_APP_URL,
	ROUND_ROBIN_URL
].map((app) => `${app}/auth/callback`);
/** SESSION_SECRET of the e2e apps (a test value; never use it anywhere else). */
export const E2E_SESSION_SECRET = 'e2e-session-secret-not-for-production-use-0123456789';
/** ACCOUNT_CLAIM of the e2e apps: the test server's claim object and its field. */
export const E2E_ACCOUNT_CLAIM = 'https://switchboard.test/auth.account_id';
