import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/chromium.ts';
import { APP_URL, CROSS_ORIGIN_APP_URL, DEMO_GATEWAY_URL, PORTS } from './tests/e2e/servers.ts';

/**
 * End-to-end tests run in Chromium against the production build (`node build`), with real servers
 * on 127.0.0.1: the app on the built-in demo gateway, a standalone demo gateway on its own origin,
 * and a second app instance that talks to that gateway cross-origin. Browser tests run against
 * both apps; tests of the server process itself run once.
 */
const SERVER_ONLY = /server-[^/]+\.spec\.ts$/;

/** A clean slate for the servers: configuration comes only from what each entry sets. */
const noGatewayConfig = {
	GATEWAY_URL: '',
	GATEWAY_MODE: '',
	AUTH_URL: '',
	BASE_PATH: '',
	HOST: '127.0.0.1'
};

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
		}
	],
	projects: [
		{ name: 'built-in demo gateway', use: { baseURL: APP_URL }, testIgnore: SERVER_ONLY },
		{
			name: 'cross-origin gateway',
			use: { baseURL: CROSS_ORIGIN_APP_URL },
			testIgnore: SERVER_ONLY
		},
		{ name: 'server', testMatch: SERVER_ONLY }
	]
});
