/**
 * One sign-in attempt's secrets and where to return afterwards, kept in this tab's sessionStorage
 * between leaving for the authorization server and coming back — the only thing sign-in ever
 * stores. Read once, deleted on read (a callback cannot be replayed against it), and refused when
 * malformed or older than {@link ATTEMPT_MAX_AGE_MS}. Holds no token: a code verifier is useless
 * without the code, which never touches storage.
 * @see RFC 7636 §4.1 (code_verifier), RFC 6749 §10.12 (state), OIDC Core §3.1.2.1 (nonce)
 */
import { isAttemptNonce } from './popup-message.ts';

export interface ResumePoint {
	/** A path on this origin (with query and fragment) to go back to. */
	returnTo: string;
	/** What the person had typed but not sent. */
	draft: string;
}

export interface SignInAttempt {
	state: string;
	codeVerifier: string;
	/** Only when `openid` was requested. */
	nonce: string | null;
	/** The authorization server the attempt went to (checked against `iss`, RFC 9207). */
	issuer: string;
	issParameterSupported: boolean;
	clientId: string;
	redirectUri: string;
	resume: ResumePoint;
	/**
	 * Set when this attempt runs in a sign-in window opened by an embedded copy of the app: that
	 * frame's nonce, sent back with the result (see popup-message.ts). `null` for a sign-in of
	 * this tab itself.
	 */
	openerNonce: string | null;
	/** Epoch ms. */
	createdAt: number;
}

export const ATTEMPT_STORAGE_KEY = 'switchboard.sign-in-attempt';
/** Longer than any real sign-in takes; shorter than a forgotten tab. */
export const ATTEMPT_MAX_AGE_MS = 30 * 60 * 1000;
const MAX_DRAFT_LENGTH = 200_000;

export function saveAttempt(storage: Storage, attempt: SignInAttempt): void {
	storage.setItem(ATTEMPT_STORAGE_KEY, JSON.stringify(attempt));
}

/** A path on this origin: starts with one `/` (not `//`, which would name another host). */
export function safeReturnPath(value: unknown, fallback: string): string {
	return typeof value === 'string' && /^\/(?![/\\])/.test(value) && !/[\r\n]/.test(value)
		? value
		: fallback;
}

function text(value: unknown): value is string {
	return typeof value === 'string' && value !== '';
}

function parse(raw: string, fallbackPath: string, now: number): SignInAttempt | null {
	let value: unknown;
	try {
		value = JSON.parse(raw);
	} catch {
		return null;
	}
	if (typeof value !== 'object' || value === null) return null;
	const record = value as Record<string, unknown>;
	const { state, codeVerifier, nonce, issuer, clientId, redirectUri, createdAt, resume } = record;
	if (!text(state) || !text(codeVerifier) || !text(issuer) || !text(clientId) || !text(redirectUri))
		return null;
	if (nonce !== null && !text(nonce)) return null;
	const openerNonce = record['openerNonce'] ?? null;
	if (openerNonce !== null && !isAttemptNonce(openerNonce)) return null;
	if (typeof createdAt !== 'number' || now - createdAt > ATTEMPT_MAX_AGE_MS || createdAt > now)
		return null;
	const point =
		typeof resume === 'object' && resume !== null ? (resume as Record<string, unknown>) : {};
	const draft = typeof point['draft'] === 'string' ? point['draft'].slice(0, MAX_DRAFT_LENGTH) : '';
	return {
		state,
		codeVerifier,
		nonce,
		issuer,
		issParameterSupported: record['issParameterSupported'] === true,
		clientId,
		redirectUri,
		resume: { returnTo: safeReturnPath(point['returnTo'], fallbackPath), draft },
		openerNonce,
		createdAt
	};
}

/** The stored attempt, removed from storage whatever it held; `null` when none is usable. */
export function takeAttempt(
	storage: Storage,
	fallbackPath: string,
	now: number
): SignInAttempt | null {
	const raw = storage.getItem(ATTEMPT_STORAGE_KEY);
	storage.removeItem(ATTEMPT_STORAGE_KEY);
	return raw === null ? null : parse(raw, fallbackPath, now);
}
