/**
 * The sealed session cookie: what one replica seals, another with the same SESSION_SECRET opens;
 * any change to the value, another secret, or another cookie name makes it unreadable.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveSessionKey, seal, unseal } from '../../../src/lib/server/oauth/seal.ts';
import {
	cookiePolicy,
	DEV_COOKIE_NAME,
	openSession,
	readCookie,
	SECURE_COOKIE_NAME,
	sealSession,
	sessionCookie
} from '../../../src/lib/server/oauth/session-cookie.ts';

const SECRET = 'the-shared-secret-of-every-replica-32+';
const key = deriveSessionKey(SECRET);
const policy = { name: SECURE_COOKIE_NAME, secure: true, path: '/' };
const payload = {
	refreshToken: 'rt-secret-value',
	claims: { sub: 'u1' },
	expiresAt: 2_000_000_000
};
const NOW = 1_700_000_000;

describe('seal / unseal (AES-256-GCM, HKDF-derived key)', () => {
	it('round-trips, and another replica with the same secret opens it', () => {
		const sealed = sealSession(key, policy, payload);
		expect(sealed).not.toContain('rt-secret-value');
		expect(openSession(deriveSessionKey(SECRET), policy, sealed, NOW)).toEqual(payload);
	});

	it('seals the same payload differently each time (fresh iv)', () => {
		expect(sealSession(key, policy, payload)).not.toBe(sealSession(key, policy, payload));
	});

	it('rejects a value sealed under another secret', () => {
		const sealed = sealSession(
			deriveSessionKey('another-secret-entirely-32-characters'),
			policy,
			payload
		);
		expect(openSession(key, policy, sealed, NOW)).toBeNull();
	});

	it('rejects a value moved to the other cookie name (the name is authenticated)', () => {
		const sealed = sealSession(key, policy, payload);
		expect(openSession(key, { ...policy, name: DEV_COOKIE_NAME }, sealed, NOW)).toBeNull();
	});

	it('rejects an expired payload even if the browser kept the cookie', () => {
		const sealed = sealSession(key, policy, payload);
		expect(openSession(key, policy, sealed, payload.expiresAt)).toBeNull();
	});

	it('rejects every single-byte change, truncation and garbage', () => {
		const sealed = seal(key, 'hello', 'ctx');
		const bytes = Buffer.from(sealed.slice(3), 'base64url');
		fc.assert(
			fc.property(fc.nat(bytes.byteLength - 1), fc.integer({ min: 1, max: 255 }), (index, flip) => {
				const changed = Buffer.from(bytes);
				changed[index] = (changed[index] ?? 0) ^ flip;
				expect(unseal(key, `v1.${changed.toString('base64url')}`, 'ctx')).toBeNull();
			})
		);
		expect(unseal(key, sealed.slice(0, -4), 'ctx')).toBeNull();
		expect(unseal(key, 'v1.', 'ctx')).toBeNull();
		expect(unseal(key, 'not-sealed', 'ctx')).toBeNull();
		expect(unseal(key, sealed, 'other-ctx')).toBeNull();
		expect(unseal(key, sealed, 'ctx')).toBe('hello');
	});
});

describe('cookie names and attributes', () => {
	it('https → __Host- prefix, Secure, Path=/', () => {
		expect(cookiePolicy(new URL('https://chat.example.com'), '/tools/chat')).toEqual({
			name: '__Host-switchboard-session',
			secure: true,
			path: '/'
		});
	});

	it.each([
		'http://localhost:3000',
		'http://127.0.0.1:4173',
		'http://[::1]:3000',
		'http://app.localhost'
	])('plain http on loopback (%s) → the development name, scoped to the token route', (origin) => {
		expect(cookiePolicy(new URL(origin), '/tools/chat')).toEqual({
			name: 'switchboard-session',
			secure: false,
			path: '/tools/chat/api/oauth'
		});
	});

	it('plain http elsewhere → no cookie at all', () => {
		expect(cookiePolicy(new URL('http://chat.example.com'), '')).toBeNull();
		expect(cookiePolicy(new URL('http://10.0.0.5:3000'), '')).toBeNull();
	});

	it('writes HttpOnly; SameSite=Strict; Secure and refuses a cookie too large to keep', () => {
		expect(sessionCookie(policy, 'v1.abc', 60)).toBe(
			'__Host-switchboard-session=v1.abc; Path=/; Max-Age=60; HttpOnly; SameSite=Strict; Secure'
		);
		expect(sessionCookie(policy, 'x'.repeat(4000), 60)).toBeNull();
	});

	it('reads one cookie out of a Cookie header', () => {
		expect(readCookie('a=1; switchboard-session=v1.xyz; b=2', 'switchboard-session')).toBe(
			'v1.xyz'
		);
		expect(readCookie('xswitchboard-session=1', 'switchboard-session')).toBeNull();
		expect(readCookie(null, 'switchboard-session')).toBeNull();
	});
});
