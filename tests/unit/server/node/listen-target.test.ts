/** Where `node build` listens, decided as adapter-node decides it. */
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../../src/lib/server/config.ts';
import { listenTarget } from '../../../../src/lib/server/node/listen-target.ts';

const PID = 4242;

describe('listenTarget', () => {
	it('listens on HOST and PORT by default', () => {
		expect(listenTarget(parseConfig({ HOST: '127.0.0.1', PORT: '8080' }), PID)).toEqual({
			kind: 'tcp',
			host: '127.0.0.1',
			port: 8080
		});
	});

	it('prefers SOCKET_PATH to HOST and PORT', () => {
		expect(listenTarget(parseConfig({ SOCKET_PATH: '/run/sb.sock', PORT: '8080' }), PID)).toEqual({
			kind: 'socket-path',
			path: '/run/sb.sock'
		});
	});

	it('serves the socket systemd passed to this process (descriptor 3) before anything else', () => {
		const config = parseConfig({
			LISTEN_PID: String(PID),
			LISTEN_FDS: '1',
			SOCKET_PATH: '/run/sb.sock'
		});
		expect(listenTarget(config, PID)).toEqual({ kind: 'systemd', fd: 3 });
	});

	it('ignores LISTEN_PID without a descriptor', () => {
		expect(listenTarget(parseConfig({ LISTEN_PID: String(PID) }), PID).kind).toBe('tcp');
	});

	it('refuses sockets passed to another process, naming LISTEN_PID', () => {
		const config = parseConfig({ LISTEN_PID: '1', LISTEN_FDS: '1' });
		expect(() => listenTarget(config, PID)).toThrow(ConfigError);
		expect(() => listenTarget(config, PID)).toThrow(/LISTEN_PID is 1, but this process is 4242/);
	});
});
