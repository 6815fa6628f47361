/**
 * The demo's `encrypted_content` for reasoning items: an opaque base64 token (shaped like the
 * service's Fernet tokens, `gAAAAA…`) that only the demo can recognise when a client sends it
 * back, so a client that edits, truncates or invents one is refused as the real service refuses it
 * (`invalid_encrypted_content`). Nothing is encrypted: the token is a nonce and its HMAC.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Fixed, so a token made by one demo process is recognised by another (the e2e servers). */
const KEY = 'switchboard-demo-gateway-reasoning';
const PREFIX = 'gAAAAA';
const NONCE_BYTES = 16;

const mac = (nonce: Buffer): Buffer => createHmac('sha256', KEY).update(nonce).digest();

export function makeEncryptedReasoning(): string {
	const nonce = randomBytes(NONCE_BYTES);
	return PREFIX + Buffer.concat([nonce, mac(nonce)]).toString('base64');
}

export function isDemoEncryptedReasoning(token: string): boolean {
	if (!token.startsWith(PREFIX)) return false;
	const bytes = Buffer.from(token.slice(PREFIX.length), 'base64');
	if (bytes.length !== NONCE_BYTES + 32) return false;
	return timingSafeEqual(bytes.subarray(NONCE_BYTES), mac(bytes.subarray(0, NONCE_BYTES)));
}
