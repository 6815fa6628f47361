/**
 * How one environment variable is read for the server's configuration (config.ts): blank counts
 * as unset, and a value that cannot be used throws a `ConfigError` whose one-line message names the
 * variable and what it must be.
 */
export class ConfigError extends Error {
	constructor(
		readonly variable: string,
		problem: string
	) {
		super(`Invalid configuration: ${variable} ${problem}`);
		this.name = 'ConfigError';
	}
}

export type Env = Readonly<Record<string, string | undefined>>;

/** Blank values count as unset, so `FOO=` in a unit file means "use the default". */
export function read(env: Env, name: string): string | undefined {
	const value = env[name]?.trim();
	return value === undefined || value === '' ? undefined : value;
}

export function oneOf<T extends string>(
	env: Env,
	name: string,
	allowed: readonly T[],
	fallback: T
): T {
	const value = read(env, name);
	if (value === undefined) return fallback;
	const match = allowed.find((candidate) => candidate === value.toLowerCase());
	if (match === undefined) {
		throw new ConfigError(name, `must be one of ${allowed.join(', ')} (got "${value}")`);
	}
	return match;
}

export function flag(env: Env, name: string, fallback: boolean): boolean {
	const value = read(env, name)?.toLowerCase();
	if (value === undefined) return fallback;
	if (['true', '1', 'yes', 'on'].includes(value)) return true;
	if (['false', '0', 'no', 'off'].includes(value)) return false;
	throw new ConfigError(name, `must be true or false (got "${value}")`);
}

/** An absolute http(s) URL with no credentials, query or fragment; returned without trailing `/`. */
export function baseUrl(env: Env, name: string): string | null {
	const value = read(env, name);
	if (value === undefined) return null;
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		throw new ConfigError(name, `must be an absolute http(s) URL (got "${value}")`);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new ConfigError(name, `must use http or https (got "${url.protocol}")`);
	}
	if (url.username !== '' || url.password !== '') {
		throw new ConfigError(name, 'must not contain a user name or password');
	}
	if (url.search !== '' || url.hash !== '') {
		throw new ConfigError(name, 'must not contain a query or fragment');
	}
	return url.href.replace(/\/+$/, '');
}

export function port(env: Env): number {
	const value = read(env, 'PORT');
	if (value === undefined) return 3000;
	const parsed = Number(value);
	if (!/^\d+$/.test(value) || parsed > 65535) {
		throw new ConfigError('PORT', `must be a whole number from 0 to 65535 (got "${value}")`);
	}
	return parsed;
}

/** A whole number of seconds (adapter-node's timeouts are "non-negative integers"). */
export function seconds(env: Env, name: string): number | null {
	const value = read(env, name);
	if (value === undefined) return null;
	if (!/^\d+$/.test(value)) {
		throw new ConfigError(name, `must be a whole number of seconds (got "${value}")`);
	}
	return Number(value);
}

/** A relay wait: whole seconds, at least one (a zero would cut every answer); `null` when unset. */
export function relayWait(env: Env, name: string): number | null {
	const value = seconds(env, name);
	if (value === 0) throw new ConfigError(name, 'must be at least 1 second (got "0")');
	return value;
}

/** systemd's LISTEN_PID / LISTEN_FDS: a process id and a descriptor count, 0 when unset. */
export function count(env: Env, name: string): number {
	const value = read(env, name);
	if (value === undefined) return 0;
	if (!/^\d+$/.test(value)) {
		throw new ConfigError(name, `must be a whole number (got "${value}")`);
	}
	return Number(value);
}
