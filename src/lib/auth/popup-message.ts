/**
 * The two messages between an embedded copy of the app (the frame) and the sign-in window it
 * opened (the popup), both pages of this app's own origin:
 *
 * - popup → frame, `switchboard:sign-in-result`: how the attempt the frame started ended — what
 *   the frame's session needs (access token, its lifetime, the checked id-token claims) or why it
 *   failed. Never a refresh token: that stays in the popup's first-party HttpOnly cookie, and no
 *   script ever holds it;
 * - frame → popup, `switchboard:sign-in-received`: the frame has the result, the popup may close.
 *
 * Any page can post anything to a window it can reach, so an incoming message is believed only
 * when it comes from this app's origin, from the one window expected, with the expected type and
 * the nonce of the attempt the frame started — and only once. Senders name this origin as the
 * target, never `*`, so the browser drops a message if the other window has navigated elsewhere.
 * Everything here is pure: the windows and the event loop are the caller's.
 * @see HTML Living Standard, "Cross-document messaging": "Security" (check the `origin`, and the
 *   data, of every message) and "Posting messages" (`postMessage(message, targetOrigin)`)
 */
import { readOwnSentence } from '../failure/own-sentence.ts';
import { isFailureKind, type Failure } from '../failure/types.ts';
import type { TokenResult, TokenSet } from './token-client.ts';

export const RESULT_TYPE = 'switchboard:sign-in-result';
export const RECEIVED_TYPE = 'switchboard:sign-in-received';

/** What a `message` event says about itself (a `MessageEvent` in the browser). */
export interface IncomingMessage {
	readonly origin: string;
	readonly source: unknown;
	readonly data: unknown;
}

/** Who a message must come from to be believed. */
export interface ExpectedSender {
	/** This app's origin (`location.origin`). */
	origin: string;
	/** The window that must have sent it: the popup (in the frame), the opener (in the popup). */
	source: unknown;
	/** The nonce of this sign-in attempt, made by the frame. */
	nonce: string;
}

/** A nonce as the frame makes it (`crypto.randomUUID()`); anything else is not one of ours. */
const NONCE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Longest failure message carried over (the popup's own copy; a cap keeps a bug from flooding). */
const MAX_MESSAGE_LENGTH = 2_000;

export function isAttemptNonce(value: unknown): value is string {
	return typeof value === 'string' && NONCE.test(value);
}

/** The attempt nonce in the popup's address fragment (`#<nonce>`), or `null`. */
export function nonceFromFragment(hash: string): string | null {
	const value = hash.startsWith('#') ? hash.slice(1) : hash;
	return isAttemptNonce(value) ? value : null;
}

/** The popup's answer: only the listed fields are copied, whatever else the result holds. */
export function resultMessage(nonce: string, result: TokenResult) {
	return {
		type: RESULT_TYPE,
		nonce,
		result: result.ok
			? {
					ok: true,
					tokens: {
						accessToken: result.tokens.accessToken,
						expiresIn: result.tokens.expiresIn,
						claims: result.tokens.claims
					}
				}
			: {
					ok: false,
					failure: {
						kind: result.failure.kind,
						message: result.failure.message,
						...(result.failure.code === undefined ? {} : { code: result.failure.code }),
						...(result.failure.said === undefined ? {} : { said: result.failure.said })
					}
				}
	} as const;
}

export function receivedMessage(nonce: string) {
	return { type: RECEIVED_TYPE, nonce } as const;
}

function record(value: unknown): Record<string, unknown> | null {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: null;
}

/** The message's data when origin, source, type and nonce are the expected ones. */
function fromExpected(
	message: IncomingMessage,
	expected: ExpectedSender,
	type: string
): Record<string, unknown> | null {
	if (message.origin !== expected.origin || message.source !== expected.source) return null;
	if (expected.source === null || expected.source === undefined) return null;
	const data = record(message.data);
	if (data === null || data['type'] !== type) return null;
	return isAttemptNonce(data['nonce']) && data['nonce'] === expected.nonce ? data : null;
}

function readTokens(value: unknown): TokenSet | null {
	const tokens = record(value);
	if (tokens === null) return null;
	const { accessToken, expiresIn, claims } = tokens;
	if (typeof accessToken !== 'string' || accessToken === '') return null;
	if (expiresIn !== null && !(typeof expiresIn === 'number' && expiresIn > 0)) return null;
	const checkedClaims = claims === null ? null : record(claims);
	if (claims !== null && checkedClaims === null) return null;
	return { accessToken, expiresIn, claims: checkedClaims };
}

function readFailure(value: unknown): Failure | null {
	const failure = record(value);
	if (failure === null || !isFailureKind(failure['kind'])) return null;
	const { message, code } = failure;
	if (typeof message !== 'string' || (code !== undefined && typeof code !== 'string')) return null;
	const said = readOwnSentence(failure['said']);
	return {
		kind: failure['kind'],
		message: message.slice(0, MAX_MESSAGE_LENGTH),
		...(code === undefined ? {} : { code }),
		...(said === undefined ? {} : { said })
	};
}

function readResult(value: unknown): TokenResult | null {
	const result = record(value);
	if (result?.['ok'] === true) {
		const tokens = readTokens(result['tokens']);
		return tokens === null ? null : { ok: true, tokens };
	}
	if (result?.['ok'] === false) {
		const failure = readFailure(result['failure']);
		return failure === null ? null : { ok: false, failure };
	}
	return null;
}

/**
 * The frame's gate for the popup's answer: the result of the first message that passes every
 * check, then `null` for everything after it (a replayed answer is not a second sign-in).
 */
export function resultGate(
	expected: ExpectedSender
): (message: IncomingMessage) => TokenResult | null {
	let open = true;
	return (message) => {
		if (!open) return null;
		const data = fromExpected(message, expected, RESULT_TYPE);
		const result = data === null ? null : readResult(data['result']);
		if (result !== null) open = false;
		return result;
	};
}

/** The popup's check of the frame's acknowledgement. */
export function isReceivedMessage(message: IncomingMessage, expected: ExpectedSender): boolean {
	return fromExpected(message, expected, RECEIVED_TYPE) !== null;
}
