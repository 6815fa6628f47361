import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, toPublicConfig } from '../../../src/lib/server/config.ts';

const SECRET = 'x'.repeat(32);

function configError(env: Record<string, string>): ConfigError {
	try {
		parseConfig(env);
	} catch (error) {
		if (error instanceof ConfigError) return error;
		throw error;
	}
	throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
	it('gives the documented defaults for an empty environment', () => {
		const config = parseConfig({});
		expect(config).toMatchObject({
			host: '0.0.0.0',
			port: 3000,
			gatewayUrl: null,
			gatewayRoute: 'responses',
			gatewayArea: 'codex',
			gatewayMode: 'direct',
			defaultModel: null,
			allowCustomGateways: true,
			authUrl: null,
			oauthScopes: 'openid profile email offline_access',
			accountHeader: 'service-account-id',
			accountClaim: null,
			classifierModels: ['codex-auto-review'],
			topUpUrl: null,
			frameAncestors: ["'self'"],
			basePath: '',
			trustProxyHeaders: false,
			sessionSecretIsEphemeral: true,
			relayFirstByteTimeoutSeconds: 300,
			relayIdleTimeoutSeconds: 300
		});
		expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
	});

	it('gives every process its own random session secret when none is set', () => {
		expect(parseConfig({}).sessionSecret).not.toBe(parseConfig({}).sessionSecret);
	});

	it('reads every variable of the reference table', () => {
		const config = parseConfig({
			HOST: '127.0.0.1',
			PORT: '8080',
			GATEWAY_URL: 'https://gw.example.com/',
			GATEWAY_ROUTE: 'backend',
			GATEWAY_AREA: 'codex',
			GATEWAY_MODE: 'relay',
			DEFAULT_MODEL: 'gpt-5.1-codex',
			ALLOW_CUSTOM_GATEWAYS: 'false',
			AUTH_URL: 'https://auth.example.com',
			OAUTH_CLIENT_ID: 'switchboard',
			OAUTH_SCOPES: 'openid offline_access',
			ACCOUNT_HEADER: 'ChatGPT-Account-Id',
			ACCOUNT_CLAIM: 'https://api.openai.com/auth.chatgpt_account_id',
			CLASSIFIER_MODELS: 'codex-auto-review, safety-1 ,',
			TOP_UP_URL: 'https://gw.example.com/topup',
			SESSION_SECRET: SECRET,
			FRAME_ANCESTORS: "'self' https://intranet.example.com",
			BASE_PATH: '/tools/chat/',
			TRUST_PROXY_HEADERS: 'true',
			RELAY_FIRST_BYTE_TIMEOUT: '120',
			RELAY_IDLE_TIMEOUT: '45'
		});
		expect(config).toMatchObject({
			host: '127.0.0.1',
			port: 8080,
			gatewayUrl: 'https://gw.example.com',
			gatewayRoute: 'backend',
			gatewayMode: 'relay',
			defaultModel: 'gpt-5.1-codex',
			allowCustomGateways: false,
			authUrl: 'https://auth.example.com',
			oauthClientId: 'switchboard',
			oauthScopes: 'openid offline_access',
			accountHeader: 'chatgpt-account-id',
			accountClaim: 'https://api.openai.com/auth.chatgpt_account_id',
			classifierModels: ['codex-auto-review', 'safety-1'],
			topUpUrl: 'https://gw.example.com/topup',
			sessionSecret: SECRET,
			sessionSecretIsEphemeral: false,
			frameAncestors: ["'self'", 'https://intranet.example.com'],
			basePath: '/tools/chat',
			trustProxyHeaders: true,
			relayFirstByteTimeoutSeconds: 120,
			relayIdleTimeoutSeconds: 45
		});
	});

	it.each(['0', '-1', '1.5', 'soon'])(
		'refuses relay waits that are not at least one whole second (%s)',
		(value) => {
			expect(() => parseConfig({ RELAY_IDLE_TIMEOUT: value })).toThrow(/RELAY_IDLE_TIMEOUT/);
			expect(() => parseConfig({ RELAY_FIRST_BYTE_TIMEOUT: value })).toThrow(
				/RELAY_FIRST_BYTE_TIMEOUT/
			);
		}
	);

	it("reads adapter-node's listening and shutdown variables, in whole seconds", () => {
		expect(parseConfig({})).toMatchObject({
			socketPath: null,
			shutdownTimeoutSeconds: 30,
			idleTimeoutSeconds: 0,
			keepAliveTimeoutSeconds: null,
			headersTimeoutSeconds: null,
			listenPid: 0,
			listenFds: 0
		});
		expect(
			parseConfig({
				SOCKET_PATH: '/run/switchboard.sock',
				SHUTDOWN_TIMEOUT: '5',
				IDLE_TIMEOUT: '60',
				KEEP_ALIVE_TIMEOUT: '65',
				HEADERS_TIMEOUT: '66',
				LISTEN_PID: '4242',
				LISTEN_FDS: '1'
			})
		).toMatchObject({
			socketPath: '/run/switchboard.sock',
			shutdownTimeoutSeconds: 5,
			idleTimeoutSeconds: 60,
			keepAliveTimeoutSeconds: 65,
			headersTimeoutSeconds: 66,
			listenPid: 4242,
			listenFds: 1
		});
	});

	it('keeps a gateway base path but drops its trailing slash', () => {
		expect(parseConfig({ GATEWAY_URL: 'https://gw.example.com/openai/' }).gatewayUrl).toBe(
			'https://gw.example.com/openai'
		);
	});

	it('treats blank values as unset', () => {
		expect(parseConfig({ GATEWAY_URL: '  ', GATEWAY_ROUTE: '' }).gatewayUrl).toBeNull();
	});

	it.each([
		[{ GATEWAY_URL: 'not a url' }, 'GATEWAY_URL'],
		[{ GATEWAY_URL: 'ftp://gw.example.com' }, 'GATEWAY_URL'],
		[{ GATEWAY_URL: 'https://user:pw@gw.example.com' }, 'GATEWAY_URL'],
		[{ GATEWAY_URL: 'https://gw.example.com/?key=1' }, 'GATEWAY_URL'],
		[{ GATEWAY_ROUTE: 'chat' }, 'GATEWAY_ROUTE'],
		[{ GATEWAY_MODE: 'proxy' }, 'GATEWAY_MODE'],
		[{ GATEWAY_MODE: 'relay' }, 'GATEWAY_MODE'],
		[{ GATEWAY_AREA: '../admin' }, 'GATEWAY_AREA'],
		[{ PORT: 'eighty' }, 'PORT'],
		[{ PORT: '70000' }, 'PORT'],
		[{ ALLOW_CUSTOM_GATEWAYS: 'maybe' }, 'ALLOW_CUSTOM_GATEWAYS'],
		[{ AUTH_URL: 'https://auth.example.com' }, 'OAUTH_CLIENT_ID'],
		[{ AUTH_URL: 'javascript:alert(1)', OAUTH_CLIENT_ID: 'x' }, 'AUTH_URL'],
		[{ ACCOUNT_HEADER: 'bad header' }, 'ACCOUNT_HEADER'],
		[{ TOP_UP_URL: 'nope' }, 'TOP_UP_URL'],
		[{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
		[{ FRAME_ANCESTORS: '*' }, 'FRAME_ANCESTORS'],
		[{ FRAME_ANCESTORS: "'none' https://a.example.com" }, 'FRAME_ANCESTORS'],
		[{ BASE_PATH: 'tools' }, 'BASE_PATH'],
		[{ BASE_PATH: '/tools/../admin' }, 'BASE_PATH'],
		[{ BASE_PATH: '/tools chat' }, 'BASE_PATH'],
		[{ TRUST_PROXY_HEADERS: 'sometimes' }, 'TRUST_PROXY_HEADERS'],
		[{ SHUTDOWN_TIMEOUT: '1.5' }, 'SHUTDOWN_TIMEOUT'],
		[{ IDLE_TIMEOUT: '-1' }, 'IDLE_TIMEOUT'],
		[{ KEEP_ALIVE_TIMEOUT: '5s' }, 'KEEP_ALIVE_TIMEOUT'],
		[{ HEADERS_TIMEOUT: 'soon' }, 'HEADERS_TIMEOUT'],
		[{ LISTEN_PID: 'me' }, 'LISTEN_PID'],
		[{ LISTEN_FDS: '2' }, 'LISTEN_FDS']
	])('rejects %o with one line naming %s', (env, variable) => {
		const error = configError(env);
		expect(error.variable).toBe(variable);
		expect(error.message).toContain(variable);
		expect(error.message).not.toContain('\n');
	});

	describe('FRAME_ANCESTORS: each source a CSP Level 3 ancestor-source', () => {
		// @see https://www.w3.org/TR/CSP3/#directive-frame-ancestors (ancestor-source-list)
		// @see https://www.w3.org/TR/CSP3/#grammardef-host-source
		it.each([
			// One directive must not become two: `;` ends a directive, `,` a policy.
			['https://a.example;sandbox', 'https://a.example;sandbox'],
			['https://a.example;sandbox allow-scripts', 'https://a.example;sandbox'],
			["'self' https://a.example/;report-uri", 'https://a.example/;report-uri'],
			// A quote, or a keyword that is not an ancestor source.
			["https://a'b.example", "https://a'b.example"],
			['"https://a.example"', '"\\"https://a.example\\""'],
			["'self", "'self"],
			["'unsafe-inline'", "'unsafe-inline'"],
			["'nonce-abc'", "'nonce-abc'"],
			["'sha256-abc='", "'sha256-abc='"],
			// Not host-sources.
			['*', '*'],
			['https://user@a.example', 'https://user@a.example'],
			['https://a.example?x=1', 'https://a.example?x=1'],
			['https://a.example#top', 'https://a.example#top'],
			['https://a.example:', 'https://a.example:'],
			['https://a.example:80a', 'https://a.example:80a'],
			['https://*', 'https://*'],
			['https://a.*.example', 'https://a.*.example'],
			['https://a..example', 'https://a..example'],
			['https://a_b.example', 'https://a_b.example'],
			['https://[::1]', 'https://[::1]'],
			['https://a.example//x', 'https://a.example//x'],
			['https://ä.example', 'https://ä.example'],
			['://a.example', '://a.example'],
			['1http://a.example', '1http://a.example'],
			['https:/a.example', 'https:/a.example'],
			// Control characters are not sources (and are not written raw into the log line).
			['https://a.example\u0000x', '"https://a.example\\u0000x"'],
			['https://a.example\u007fx', '"https://a.example\\u007fx"']
		])('stops at %j, naming the variable and the source', (value, source) => {
			const error = configError({ FRAME_ANCESTORS: value });
			expect(error.variable).toBe('FRAME_ANCESTORS');
			expect(error.message).toContain('FRAME_ANCESTORS');
			expect(error.message).toContain(source.startsWith('"') ? source : `"${source}"`);
			const controls = [...error.message].filter((char) => char < ' ' || char === '\u007f');
			expect(controls).toEqual([]);
		});

		it.each([',', "'none' 'self'"])(
			'stops at %j: no source, or more than one with none',
			(value) => {
				const error = configError({ FRAME_ANCESTORS: value });
				expect(error.variable).toBe('FRAME_ANCESTORS');
				expect(error.message).not.toContain('\n');
			}
		);

		it.each([
			["'self'", ["'self'"]],
			["'none'", ["'none'"]],
			["'SELF'", ["'self'"]],
			['https:', ['https:']],
			['https://intranet.example.com', ['https://intranet.example.com']],
			['intranet.example.com', ['intranet.example.com']],
			['https://*.example.com', ['https://*.example.com']],
			['https://portal.example.com:8443', ['https://portal.example.com:8443']],
			['https://portal.example.com:*', ['https://portal.example.com:*']],
			['http://localhost:5173', ['http://localhost:5173']],
			['https://portal.example.com/embed/', ['https://portal.example.com/embed/']],
			['https://portal.example.com.', ['https://portal.example.com.']],
			[
				"'self', https://a.example.com  https://b.example.com",
				["'self'", 'https://a.example.com', 'https://b.example.com']
			]
		])('accepts %j', (value, sources) => {
			expect(parseConfig({ FRAME_ANCESTORS: value }).frameAncestors).toEqual(sources);
		});
	});

	it('accepts route and mode names in any case', () => {
		const config = parseConfig({
			GATEWAY_URL: 'https://gw.example.com',
			GATEWAY_ROUTE: 'Messages',
			GATEWAY_MODE: 'RELAY'
		});
		expect(config.gatewayRoute).toBe('messages');
		expect(config.gatewayMode).toBe('relay');
	});
});

describe('toPublicConfig', () => {
	it('points the browser at the built-in demo gateway when none is configured', () => {
		const config = toPublicConfig(parseConfig({ BASE_PATH: '/tools/chat' }));
		expect(config.gateway).toEqual({
			url: '/tools/chat/demo',
			route: 'responses',
			area: 'codex',
			mode: 'direct',
			demo: true
		});
		expect(config.gateway).not.toHaveProperty('upstreamHost');
		expect(config.auth).toBeNull();
	});

	it('carries no secret', () => {
		const config = toPublicConfig(
			parseConfig({
				SESSION_SECRET: SECRET,
				AUTH_URL: 'https://auth.example.com',
				OAUTH_CLIENT_ID: 'switchboard',
				GATEWAY_URL: 'https://gw.example.com'
			})
		);
		expect(JSON.stringify(config)).not.toContain(SECRET);
		expect(config.auth).toEqual({
			url: 'https://auth.example.com',
			clientId: 'switchboard',
			scopes: 'openid profile email offline_access'
		});
		expect(config.gateway.demo).toBe(false);
		expect(config.gateway.url).toBe('https://gw.example.com');
		expect(config.gateway.upstreamHost).toBe('gw.example.com');
	});

	it('in relay mode, points the browser at the relay on its own origin, under BASE_PATH', () => {
		const config = toPublicConfig(
			parseConfig({
				GATEWAY_URL: 'https://gw.example.com:8443/openai',
				GATEWAY_MODE: 'relay',
				BASE_PATH: '/tools/chat'
			})
		);
		expect(config.gateway).toEqual({
			url: '/tools/chat/api/relay',
			route: 'responses',
			area: 'codex',
			mode: 'relay',
			demo: false,
			upstreamHost: 'gw.example.com:8443'
		});
		// Nothing tells the browser the gateway's address: it has no reason to go there.
		expect(JSON.stringify(config)).not.toContain('https://gw.example.com');
		expect(
			toPublicConfig(parseConfig({ GATEWAY_URL: 'https://gw.example.com', GATEWAY_MODE: 'relay' }))
				.gateway.url
		).toBe('/api/relay');
	});
});
