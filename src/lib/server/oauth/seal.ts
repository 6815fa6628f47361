/**
 * Authenticated encryption for the session cookie: AES-256-GCM (NIST SP 800-38D) with a key derived
 * from SESSION_SECRET by HKDF-SHA-256 (RFC 5869). Any replica with the same secret opens what
 * another sealed; anything altered, or sealed under another secret, fails to open.
 *
 * Sealed form: `v1.` + base64url(iv ‖ ciphertext ‖ tag), with a fresh random 96-bit iv per seal.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The cookie key for `secret`. The info string names the purpose, so no other use shares it. */
export function deriveSessionKey(secret: string): Buffer {
	return Buffer.from(
		hkdfSync('sha256', secret, 'switchboard', 'switchboard session cookie / aes-256-gcm / v1', 32)
	);
}

/** Encrypts `plaintext`; `context` is authenticated too (associated data) but not stored. */
export function seal(key: Buffer, plaintext: string, context: string): string {
	const iv = randomBytes(IV_BYTES);
	const cipher = createCipheriv('aes-256-gcm', key, iv);
	cipher.setAAD(Buffer.from(context, 'utf8'));
	const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
	return VERSION + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The plaintext, or `null` when `sealed` was altered, truncated, or sealed under another key. */
export function unseal(key: Buffer, sealed: string, context: string): string | null {
	if (!sealed.startsWith(VERSION)) return null;
	const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64url');
	if (bytes.byteLength < IV_BYTES + TAG_BYTES) return null;
	try {
		const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), {
			authTagLength: TAG_BYTES
		});
		decipher.setAAD(Buffer.from(context, 'utf8'));
		decipher.setAuthTag(bytes.subarray(bytes.byteLength - TAG_BYTES));
		const body = bytes.subarray(IV_BYTES, bytes.byteLength - TAG_BYTES);
		return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
	} catch {
		return null;
	}
}
