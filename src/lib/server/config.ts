/**
 * Runtime configuration, read from the environment once at start-up (never baked in at build time).
 * The variables and their defaults are documented in `docs/reference/config.md` and the README.
 *
 * `parseConfig` is pure: it takes an env record and either returns a validated `ServerConfig` or
 * throws a `ConfigError` whose message is one line naming the offending variable.
 */
import { randomBytes } from 'node:crypto';
import { ROUTE_KINDS, type RouteKind } from '../wire/route-kind.ts';
import {
	DEFAULT_ACCOUNT_HEADER,
	type GatewayMode,
	type PublicConfig
} from '../config/public-config.ts';
import { RELAY_PATH } from './relay/upstream-url.ts';
import {
	DEFAULT_FIRST_BYTE_TIMEOUT_SECONDS,
	DEFAULT_IDLE_TIMEOUT_SECONDS
} from './relay/limits.ts';
import {
	baseUrl,
	ConfigError,
	count,
	flag,
	oneOf,
	port,
	read,
	relayWait,
	seconds,
	type Env
} from './config-values.ts';
import { frameAncestors } from './frame-ancestors.ts';

export type { GatewayMode, PublicConfig };
export { ConfigError, type Env };

const GATEWAY_MODES: readonly GatewayMode[] = ['direct', 'relay'];
/** RFC 9110 §5.6.2 token: what a header field name may be. */
const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const AREA = /^[A-Za-z0-9._-]+$/;
const MIN_SECRET_LENGTH = 32;

/**
 * How the Node server listens and stops: adapter-node's variables, with adapter-node's meanings
 * (docs/reference/config.md; @see https://svelte.dev/docs/kit/adapter-node#Environment-variables).
 * Durations are whole seconds, as adapter-node reads them.
 */
export interface ListenConfig {
	host: string;
	port: number;
	/** `SOCKET_PATH`: listen on this Unix socket (or Windows pipe) instead of HOST and PORT. */
	socketPath: string | null;
	/** `SHUTDOWN_TIMEOUT`: after SIGTERM/SIGINT, how long requests in flight may take. */
	shutdownTimeoutSeconds: number;
	/** `IDLE_TIMEOUT`: with socket activation, stop after this long without requests (0: never). */
	idleTimeoutSeconds: number;
	/** `KEEP_ALIVE_TIMEOUT`, `HEADERS_TIMEOUT`: Node's server timeouts; `null` keeps Node's own. */
	keepAliveTimeoutSeconds: number | null;
	headersTimeoutSeconds: number | null;
	/** `LISTEN_PID`, `LISTEN_FDS`: systemd socket activation (0 when not set). */
	listenPid: number;
	listenFds: number;
}

export interface ServerConfig extends ListenConfig {
	/** Base URL of the gateway without a trailing slash, or `null` for the built-in demo gateway. */
	gatewayUrl: string | null;
	gatewayRoute: RouteKind;
	gatewayArea: string;
	gatewayMode: GatewayMode;
	defaultModel: string | null;
	allowCustomGateways: boolean;
	authUrl: string | null;
	oauthClientId: string | null;
	oauthScopes: string;
	accountHeader: string;
	accountClaim: string | null;
	classifierModels: string[];
	topUpUrl: string | null;
	/** Secret material the cookie key is derived from; random per process when not configured. */
	sessionSecret: string;
	sessionSecretIsEphemeral: boolean;
	/** CSP `frame-ancestors` sources, e.g. `["'self'", "https://intranet.example"]`. */
	frameAncestors: string[];
	/** `''` or a path like `/tools/chat` (leading slash, no trailing slash). */
	basePath: string;
	trustProxyHeaders: boolean;
	/** RELAY_FIRST_BYTE_TIMEOUT: longest wait for a relayed gateway's response head. */
	relayFirstByteTimeoutSeconds: number;
	/** RELAY_IDLE_TIMEOUT: longest silence in the middle of a relayed gateway's body. */
	relayIdleTimeoutSeconds: number;
}

function listenConfig(env: Env): ListenConfig {
	const listenFds = count(env, 'LISTEN_FDS');
	if (listenFds > 1) {
		throw new ConfigError(
			'LISTEN_FDS',
			`must be 0 or 1: one socket is served with socket activation (got ${listenFds})`
		);
	}
	return {
		host: read(env, 'HOST') ?? '0.0.0.0',
		port: port(env),
		socketPath: read(env, 'SOCKET_PATH') ?? null,
		shutdownTimeoutSeconds: seconds(env, 'SHUTDOWN_TIMEOUT') ?? 30,
		idleTimeoutSeconds: seconds(env, 'IDLE_TIMEOUT') ?? 0,
		keepAliveTimeoutSeconds: seconds(env, 'KEEP_ALIVE_TIMEOUT'),
		headersTimeoutSeconds: seconds(env, 'HEADERS_TIMEOUT'),
		listenPid: count(env, 'LISTEN_PID'),
		listenFds
	};
}

function basePath(env: Env): string {
	const value = read(env, 'BASE_PATH');
	if (value === undefined || value === '/') return '';
	const trimmed = value.replace(/\/+$/, '');
	const valid =
		trimmed.startsWith('/') &&
		/^(\/[A-Za-z0-9._~-]+)+$/.test(trimmed) &&
		!trimmed.split('/').some((segment) => segment === '.' || segment === '..');
	if (!valid) {
		throw new ConfigError(
			'BASE_PATH',
			`must be a path like /tools/chat: leading slash, plain segments (got "${value}")`
		);
	}
	return trimmed;
}

function headerName(env: Env, name: string, fallback: string): string {
	const value = read(env, name) ?? fallback;
	if (!HTTP_TOKEN.test(value)) {
		throw new ConfigError(name, `must be a valid HTTP header name (got "${value}")`);
	}
	return value.toLowerCase();
}

function sessionSecret(env: Env): { secret: string; ephemeral: boolean } {
	const value = env['SESSION_SECRET'];
	if (value === undefined || value === '') {
		return { secret: randomBytes(32).toString('base64url'), ephemeral: true };
	}
	if (value.length < MIN_SECRET_LENGTH) {
		throw new ConfigError(
			'SESSION_SECRET',
			`must be at least ${MIN_SECRET_LENGTH} characters (got ${value.length})`
		);
	}
	return { secret: value, ephemeral: false };
}

export function parseConfig(env: Env): ServerConfig {
	const gatewayUrl = baseUrl(env, 'GATEWAY_URL');
	const gatewayMode = oneOf(env, 'GATEWAY_MODE', GATEWAY_MODES, 'direct');
	if (gatewayMode === 'relay' && gatewayUrl === null) {
		throw new ConfigError('GATEWAY_MODE', 'is relay, which needs GATEWAY_URL to be set');
	}
	const area = read(env, 'GATEWAY_AREA') ?? 'codex';
	if (!AREA.test(area)) {
		throw new ConfigError(
			'GATEWAY_AREA',
			`must be a single path segment like codex (got "${area}")`
		);
	}
	const authUrl = baseUrl(env, 'AUTH_URL');
	const oauthClientId = read(env, 'OAUTH_CLIENT_ID') ?? null;
	if (authUrl !== null && oauthClientId === null) {
		throw new ConfigError('OAUTH_CLIENT_ID', 'must be set when AUTH_URL is set');
	}
	const topUpUrl = read(env, 'TOP_UP_URL') === undefined ? null : baseUrl(env, 'TOP_UP_URL');
	const accountClaim = read(env, 'ACCOUNT_CLAIM') ?? null;
	const classifierModels = (read(env, 'CLASSIFIER_MODELS') ?? 'codex-auto-review')
		.split(',')
		.map((model) => model.trim())
		.filter((model) => model !== '');
	const secret = sessionSecret(env);

	return {
		...listenConfig(env),
		gatewayUrl,
		gatewayRoute: oneOf(env, 'GATEWAY_ROUTE', ROUTE_KINDS, 'responses'),
		gatewayArea: area,
		gatewayMode,
		defaultModel: read(env, 'DEFAULT_MODEL') ?? null,
		allowCustomGateways: flag(env, 'ALLOW_CUSTOM_GATEWAYS', true),
		authUrl,
		oauthClientId,
		oauthScopes: read(env, 'OAUTH_SCOPES') ?? 'openid profile email offline_access',
		accountHeader: headerName(env, 'ACCOUNT_HEADER', DEFAULT_ACCOUNT_HEADER),
		accountClaim,
		classifierModels,
		topUpUrl,
		sessionSecret: secret.secret,
		sessionSecretIsEphemeral: secret.ephemeral,
		frameAncestors: frameAncestors(env),
		basePath: basePath(env),
		trustProxyHeaders: flag(env, 'TRUST_PROXY_HEADERS', false),
		relayFirstByteTimeoutSeconds:
			relayWait(env, 'RELAY_FIRST_BYTE_TIMEOUT') ?? DEFAULT_FIRST_BYTE_TIMEOUT_SECONDS,
		relayIdleTimeoutSeconds: relayWait(env, 'RELAY_IDLE_TIMEOUT') ?? DEFAULT_IDLE_TIMEOUT_SECONDS
	};
}

/** The path under which the built-in demo gateway is mounted on this app's origin. */
export const DEMO_GATEWAY_PATH = '/demo';

/**
 * What the browser is told. The gateway's `url` is where the browser sends its requests: in relay
 * mode the relay's path on this origin (under BASE_PATH), so that the browser talks to nothing
 * but its own origin; with no gateway configured, the built-in demo gateway's path; otherwise the
 * configured gateway itself. `upstreamHost` names the configured gateway whenever there is one.
 */
export function toPublicConfig(config: ServerConfig): PublicConfig {
	const gatewayUrl =
		config.gatewayUrl === null
			? `${config.basePath}${DEMO_GATEWAY_PATH}`
			: config.gatewayMode === 'relay'
				? `${config.basePath}${RELAY_PATH}`
				: config.gatewayUrl;
	return {
		gateway: {
			url: gatewayUrl,
			route: config.gatewayRoute,
			area: config.gatewayArea,
			mode: config.gatewayMode,
			demo: config.gatewayUrl === null,
			...(config.gatewayUrl === null ? {} : { upstreamHost: new URL(config.gatewayUrl).host })
		},
		defaultModel: config.defaultModel,
		allowCustomGateways: config.allowCustomGateways,
		auth:
			config.authUrl !== null && config.oauthClientId !== null
				? { url: config.authUrl, clientId: config.oauthClientId, scopes: config.oauthScopes }
				: null,
		accountHeader: config.accountHeader,
		accountClaim: config.accountClaim,
		classifierModels: config.classifierModels,
		topUpUrl: config.topUpUrl,
		basePath: config.basePath
	};
}

let loaded: ServerConfig | undefined;

/** The process-wide configuration; parsed from `process.env` on first use (at start-up, via `init`). */
export function serverConfig(): ServerConfig {
	loaded ??= parseConfig(process.env);
	return loaded;
}
