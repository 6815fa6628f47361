/** What `node build` prints once it listens: where to open it, what it serves, and true warnings only. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/lib/server/config.ts';
import { startUpLines } from '../../../src/lib/server/start-up.ts';

const tcp = (host: string, port = 3000) => ({ kind: 'tcp' as const, host, port });

describe('startUpLines', () => {
	it('names the address to open and the demo gateway, and nothing else, with nothing configured', () => {
		expect(startUpLines(parseConfig({}), tcp('0.0.0.0'))).toEqual([
			'Switchboard is running: open http://localhost:3000/',
			'Gateway: the built-in demo gateway at /demo (set GATEWAY_URL to use your own).'
		]);
	});

	it('opens under BASE_PATH, at the address it listens on', () => {
		const lines = startUpLines(parseConfig({ BASE_PATH: '/tools/chat' }), tcp('127.0.0.1', 8080));
		expect(lines[0]).toBe('Switchboard is running: open http://127.0.0.1:8080/tools/chat/');
		expect(lines[1]).toContain('/tools/chat/demo');
		expect(startUpLines(parseConfig({}), tcp('::1'))[0]).toContain('http://[::1]:3000/');
	});

	it('names a configured gateway, its route and how the browser reaches it', () => {
		const direct = parseConfig({
			GATEWAY_URL: 'https://gw.example.com',
			GATEWAY_ROUTE: 'messages'
		});
		expect(startUpLines(direct, tcp('0.0.0.0'))[1]).toBe(
			'Gateway: https://gw.example.com (messages route, called directly from the browser).'
		);
		const relay = parseConfig({ GATEWAY_URL: 'https://gw.example.com', GATEWAY_MODE: 'relay' });
		expect(startUpLines(relay, tcp('0.0.0.0'))[1]).toBe(
			'Gateway: https://gw.example.com (responses route, relayed through /api/relay).'
		);
	});

	it('warns about SESSION_SECRET only when sign-in is configured and the secret is not', () => {
		const signIn = { AUTH_URL: 'https://auth.example.com', OAUTH_CLIENT_ID: 'switchboard' };
		const withoutSecret = startUpLines(parseConfig(signIn), tcp('0.0.0.0'));
		expect(withoutSecret).toContain('Sign-in: https://auth.example.com (client switchboard).');
		expect(withoutSecret.some((line) => line.includes('SESSION_SECRET is not set'))).toBe(true);
		const withSecret = startUpLines(
			parseConfig({ ...signIn, SESSION_SECRET: 'x'.repeat(32) }),
			tcp('0.0.0.0')
		);
		expect(withSecret.join('\n')).not.toContain('SESSION_SECRET');
		expect(startUpLines(parseConfig({}), tcp('0.0.0.0')).join('\n')).not.toContain(
			'SESSION_SECRET'
		);
	});

	it('says where it listens on a socket path or a socket systemd passed', () => {
		const config = parseConfig({});
		expect(startUpLines(config, { kind: 'socket-path', path: '/run/sb.sock' })[0]).toContain(
			'/run/sb.sock'
		);
		expect(startUpLines(config, { kind: 'systemd', fd: 3 })[0]).toContain('file descriptor 3');
	});
});
