import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/chromium.ts';
import { APP_URL, CROSS_ORIGIN_APP_URL, DEMO_GATEWAY_URL, PORTS } from './tests/e2e/servers.ts';
import {
	DEPLOY_PORTS,
	EMBEDDING_HOST_URL,
	NO_CORS_GATEWAY_URL,
	RELAY_APP_URL,
	REPLICA_A_URL,
	REPLICA_B_URL,
	SUB_PATH
} from './tests/e2e/servers.ts';
import {
	AUTH_SERVER_URL,
	E2E_ACCOUNT_CLAIM,
	E2E_SESSION_SECRET,
	FAULTY_AUTH_SERVER_URL,
	SIGN_IN_APP_URL,
	SIGN_IN_PORTS
} from './tests/e2e/servers.ts';

/**
 * End-to-end tests run in Chromium against the production build (`node build`), with real servers
 * on 127.0.0.1: the app on the built-in demo gateway, a standalone demo gateway on its own origin,
 * and a second app instance that talks to that gateway cross-origin. Browser tests run against
 * both apps; tests of the server process itself run once.
 */
const SERVER_ONLY = /server-[^/]+\.spec\.ts$/;
/** Sign-in specs run against the apps configured with AUTH_URL (the 'sign-in' project). */
const SIGN_IN_SPECS = /auth-[^/]+\.spec\.ts$/;
/** Deployment specs address their own servers (sub-path, relay, embedding, replicas). */
const DEPLOY_SPECS = /deploy-[^/]+\.spec\.ts$/;

/** A clean slate for the servers: configuration comes only from what each entry sets. */
const noGatewayConfig = {
	GATEWAY_URL: '',
	GATEWAY_MODE: '',
	AUTH_URL: '',
	BASE_PATH: '',
	HOST: '127.0.0.1'
};

/** An app on the built-in demo gateway whose sign-in goes to `authUrl` as client `clientId`. */
function signInApp(
	port: number,
	authUrl: string,
	clientId: string,
	env: Record<string, string> = {}
) {
	return {
		command: 'node build',
		url: `http://127.0.0.1:${port}/healthz`,
		env: {
			...noGatewayConfig,
			PORT: String(port),
			AUTH_URL: authUrl,
			OAUTH_CLIENT_ID: clientId,
			OAUTH_SCOPES: '',
			ACCOUNT_CLAIM: E2E_ACCOUNT_CLAIM,
			ACCOUNT_HEADER: '',
			SESSION_SECRET: E2E_SESSION_SECRET,
			TRUST_PROXY_HEADERS: '',
			...env
		},
		reuseExistingServer: false
	};
}

export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: '**/*.spec.ts',
	fullyParallel: true,
	forbidOnly: process.env['CI'] !== undefined,
	retries: 0,
	workers: 2,
	reporter: [['list']],
	use: {
		trace: 'retain-on-failure',
		launchOptions: chromiumLaunchOptions
	},
	webServer: [
		{
			command: 'node build',
			url: `${APP_URL}/healthz`,
			env: { ...noGatewayConfig, PORT: String(PORTS.app) },
			reuseExistingServer: false
		},
		{
			command: 'npx tsx src/lib/server/demo-gateway/standalone.ts',
			url: `${DEMO_GATEWAY_URL}/v1/models`,
			env: { HOST: '127.0.0.1', PORT: String(PORTS.demoGateway) },
			reuseExistingServer: false
		},
		{
			command: 'node build',
			url: `${CROSS_ORIGIN_APP_URL}/healthz`,
			env: {
				...noGatewayConfig,
				PORT: String(PORTS.crossOriginApp),
				GATEWAY_URL: DEMO_GATEWAY_URL
			},
			reuseExistingServer: false
		},
		{
			command: 'npx tsx tests/e2e/support/authorization-server.ts',
			url: `${AUTH_SERVER_URL}/.well-known/openid-configuration`,
			env: { PORT: String(SIGN_IN_PORTS.authServer) },
			reuseExistingServer: false
		},
		{
			command: 'npx tsx tests/e2e/support/faulty-authorization-server.ts',
			url: `${FAULTY_AUTH_SERVER_URL}/healthz`,
			env: { PORT: String(SIGN_IN_PORTS.faultyAuthServer) },
			reuseExistingServer: false
		},
		signInApp(SIGN_IN_PORTS.signInApp, AUTH_SERVER_URL, 'switchboard', {
			GATEWAY_ROUTE: 'backend'
		}),
		signInApp(SIGN_IN_PORTS.shortTokenApp, AUTH_SERVER_URL, 'switchboard-short'),
		signInApp(SIGN_IN_PORTS.regionApp, `${FAULTY_AUTH_SERVER_URL}/region`, 'switchboard'),
		signInApp(SIGN_IN_PORTS.unreachableApp, `${FAULTY_AUTH_SERVER_URL}/reset`, 'switchboard'),
		// Deployment (issue 8).
		{
			command: 'node build',
			url: `http://127.0.0.1:${DEPLOY_PORTS.subPathApp}${SUB_PATH}/healthz`,
			env: { ...noGatewayConfig, PORT: String(DEPLOY_PORTS.subPathApp), BASE_PATH: SUB_PATH },
			reuseExistingServer: false
		},
		{
			command: 'npx tsx src/lib/server/demo-gateway/standalone.ts',
			url: `${NO_CORS_GATEWAY_URL}/v1/models`,
			env: {
				HOST: '127.0.0.1',
				PORT: String(DEPLOY_PORTS.noCorsGateway),
				DEMO_GATEWAY_CORS: 'off'
			},
			reuseExistingServer: false
		},
		{
			command: 'node build',
			url: `${RELAY_APP_URL}/healthz`,
			env: {
				...noGatewayConfig,
				PORT: String(DEPLOY_PORTS.relayApp),
				GATEWAY_URL: NO_CORS_GATEWAY_URL,
				GATEWAY_MODE: 'relay'
			},
			reuseExistingServer: false
		},
		{
			command: 'node build',
			url: `http://127.0.0.1:${DEPLOY_PORTS.directNoCorsApp}/healthz`,
			env: {
				...noGatewayConfig,
				PORT: String(DEPLOY_PORTS.directNoCorsApp),
				GATEWAY_URL: NO_CORS_GATEWAY_URL
			},
			reuseExistingServer: false
		},
		{
			command: 'npx tsx tests/e2e/support/embedding-host.ts',
			url: `${EMBEDDING_HOST_URL}/healthz`,
			env: { PORT: String(DEPLOY_PORTS.embeddingHost) },
			reuseExistingServer: false
		},
		{
			...signInApp(DEPLOY_PORTS.framedApp, AUTH_SERVER_URL, 'switchboard', {
				BASE_PATH: SUB_PATH,
				FRAME_ANCESTORS: `'self' ${EMBEDDING_HOST_URL}`
			}),
			url: `http://127.0.0.1:${DEPLOY_PORTS.framedApp}${SUB_PATH}/healthz`
		},
		signInApp(DEPLOY_PORTS.replicaA, AUTH_SERVER_URL, 'switchboard'),
		signInApp(DEPLOY_PORTS.replicaB, AUTH_SERVER_URL, 'switchboard'),
		{
			command: 'npx tsx tests/e2e/support/round-robin.ts',
			url: `http://127.0.0.1:${DEPLOY_PORTS.roundRobin}/__round-robin/healthz`,
			env: {
				PORT: String(DEPLOY_PORTS.roundRobin),
				REPLICAS: `${REPLICA_A_URL},${REPLICA_B_URL}`
			},
			reuseExistingServer: false
		},
		{
			command: 'node build',
			url: `http://127.0.0.1:${DEPLOY_PORTS.splitApp}${SUB_PATH}/healthz`,
			env: { ...noGatewayConfig, PORT: String(DEPLOY_PORTS.splitApp), BASE_PATH: SUB_PATH },
			reuseExistingServer: false
		},
		{
			command: 'npx tsx tests/e2e/support/split-front.ts',
			url: `http://127.0.0.1:${DEPLOY_PORTS.splitFront}/__front/healthz`,
			env: {
				PORT: String(DEPLOY_PORTS.splitFront),
				UPSTREAM: `http://127.0.0.1:${DEPLOY_PORTS.splitApp}`,
				BASE_PATH: SUB_PATH
			},
			reuseExistingServer: false
		}
	],
	projects: [
		{
			name: 'built-in demo gateway',
			use: { baseURL: APP_URL },
			testIgnore: [SERVER_ONLY, SIGN_IN_SPECS, DEPLOY_SPECS]
		},
		{
			name: 'cross-origin gateway',
			use: { baseURL: CROSS_ORIGIN_APP_URL },
			testIgnore: [SERVER_ONLY, SIGN_IN_SPECS, DEPLOY_SPECS]
		},
		{ name: 'server', testMatch: SERVER_ONLY },
		{ name: 'sign-in', use: { baseURL: SIGN_IN_APP_URL }, testMatch: SIGN_IN_SPECS },
		{ name: 'deployment', testMatch: DEPLOY_SPECS }
	]
});
