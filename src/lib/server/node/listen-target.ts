/**
 * Where the Node server listens, from the configuration, as adapter-node decides it
 * (@see https://svelte.dev/docs/kit/adapter-node#Environment-variables): a socket systemd passed
 * (socket activation, @see https://www.freedesktop.org/software/systemd/man/latest/sd_listen_fds.html),
 * else `SOCKET_PATH`, else `HOST` and `PORT`.
 */
import { ConfigError, type ListenConfig } from '../config.ts';

/** sd_listen_fds(3): passed descriptors start at 3 (`SD_LISTEN_FDS_START`). */
const SD_LISTEN_FDS_START = 3;

export type ListenTarget =
	| { kind: 'systemd'; fd: number }
	| { kind: 'socket-path'; path: string }
	| { kind: 'tcp'; host: string; port: number };

/**
 * @param pid this process's id: LISTEN_PID names the process the sockets were passed to, and
 *   one meant for another process is an error (systemd sets it for the process it starts).
 */
export function listenTarget(config: ListenConfig, pid: number): ListenTarget {
	if (config.listenPid !== 0 && config.listenPid !== pid) {
		throw new ConfigError(
			'LISTEN_PID',
			`is ${config.listenPid}, but this process is ${pid}: the socket was passed to another process`
		);
	}
	if (config.listenPid === pid && config.listenFds === 1) {
		return { kind: 'systemd', fd: SD_LISTEN_FDS_START };
	}
	if (config.socketPath !== null) return { kind: 'socket-path', path: config.socketPath };
	return { kind: 'tcp', host: config.host, port: config.port };
}
