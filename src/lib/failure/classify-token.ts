import { parseBody } from './body-shape.ts';
import { assertNever } from './assert-never.ts';
import { classifyThrown } from './classify-thrown.ts';
import { isUserAbort } from './errors.ts';
import { readErrorFields, type ErrorFields } from './fields.ts';
import { kindForCode } from './kinds-by-code.ts';
import { gatewayMessage } from './message.ts';
import { kindForMessage } from './patterns.ts';
import { redactTokenBody, redactTokenText, safeUrl } from './redact.ts';
import { requestIdFromHeaders } from './request-id.ts';
import { retryAfterFromHeaders } from './retry-after.ts';
import { safely } from './safely.ts';
import { statusLine } from './status.ts';
import { capRaw } from './text.ts';
import type { Failure } from './types.ts';

export type TokenExchangeInput =
	{ status: number; headers: Headers; body: string } | { thrown: unknown; url?: string };

export const REGION_LOGIN_MESSAGE =
	'Login failed: your country, region or territory is not supported';

/** Sentences for the OAuth error codes a person can act on (RFC 6749 §5.2 and refresh rotation). */
const SIGN_IN_AGAIN: Readonly<Record<string, string>> = {
	invalid_grant: 'Your sign-in code or session is no longer valid. Sign in again.',
	refresh_token_expired: 'Your session has expired. Sign in again.',
	refresh_token_reused:
		'Your session was ended because it was refreshed twice at once (for example from another tab). Sign in again.',
	refresh_token_invalidated: 'Your session was revoked. Sign in again.'
};

const CLIENT_ERRORS = new Set([
	'invalid_request',
	'invalid_client',
	'unauthorized_client',
	'unsupported_grant_type',
	'invalid_scope'
]);

function lowerFirst(text: string): string {
	return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Why the request could not be sent, in a few words about the sign-in server (not "the gateway"). */
function transportReason(base: Failure): string {
	if (base.kind === 'network') {
		switch (base.networkCase) {
			case 'offline':
				return 'your device is offline';
			case 'timeout':
				return 'the connection timed out';
			case 'refused_or_blocked':
			case undefined:
				return base.code === undefined
					? 'the sign-in server could not be reached'
					: `the sign-in server could not be reached (${base.code})`;
			default:
				return assertNever(base.networkCase, 'network case');
		}
	}
	return lowerFirst(redactTokenText(base.message).replace(/\.$/, ''));
}

function fromThrown(thrown: unknown, url: string | undefined): Failure {
	const base = classifyThrown(thrown);
	if (isUserAbort(thrown)) return base;
	const where = url === undefined ? '' : ` for url (${safeUrl(url)})`;
	const why = transportReason(base);
	return {
		kind: 'token_exchange_failed',
		message: `Token exchange failed: error sending request${where}: ${why}.`,
		...(base.code === undefined ? {} : { code: base.code }),
		...(base.networkCase === undefined ? {} : { networkCase: base.networkCase }),
		...(base.raw === undefined ? {} : { raw: capRaw(redactTokenText(base.raw)) })
	};
}

function describeResponse(
	status: number,
	fields: ErrorFields | undefined
): Pick<Failure, 'kind' | 'message'> {
	const codes = fields?.codes ?? [];
	const described = gatewayMessage(redactTokenText(fields?.message ?? ''));
	// `{"error":"access_denied"}` alone: the "message" is the code itself, already said below.
	const description = described !== undefined && codes.includes(described) ? undefined : described;
	const text = [fields?.message, fields?.label].filter((part) => part !== undefined).join(' ');
	if (
		codes.some((code) => kindForCode(code)?.kind === 'region_unsupported') ||
		kindForMessage(text) === 'region_unsupported'
	) {
		return { kind: 'region_unsupported', message: REGION_LOGIN_MESSAGE };
	}
	const oauthCode = codes.find((code) => code.toLowerCase() in SIGN_IN_AGAIN);
	if (oauthCode !== undefined) {
		return {
			kind: 'auth_expired',
			message: SIGN_IN_AGAIN[oauthCode.toLowerCase()] ?? 'Sign in again.'
		};
	}
	if (description?.startsWith('Token exchange failed') === true) {
		return { kind: 'token_exchange_failed', message: description };
	}
	const suffix = description === undefined ? '' : `: ${description}`;
	if (codes.some((code) => code.toLowerCase() === 'access_denied')) {
		return {
			kind: 'token_exchange_failed',
			message: `Token exchange failed: access was denied${suffix}`
		};
	}
	const clientError = codes.find((code) => CLIENT_ERRORS.has(code.toLowerCase()));
	if (clientError !== undefined) {
		return {
			kind: 'token_exchange_failed',
			message: `Token exchange failed: the sign-in server rejected this app's request (${clientError})${suffix}`
		};
	}
	return {
		kind: 'token_exchange_failed',
		message: `Token exchange failed: token endpoint returned status ${statusLine(status)}${suffix}`
	};
}

function fromResponse(status: number, headers: Headers, body: string): Failure {
	const requestId = requestIdFromHeaders(headers);
	const retryAfterMs = retryAfterFromHeaders(headers, Date.now());
	const hints = {
		status,
		...(requestId === undefined ? {} : { requestId }),
		...(retryAfterMs === undefined ? {} : { retryAfterMs })
	};
	if (status >= 200 && status < 300) {
		// A success body holds tokens by definition: nothing of it is kept, not even redacted.
		return {
			kind: 'token_exchange_failed',
			message: "Token exchange failed: the sign-in server's answer could not be read.",
			...hints
		};
	}
	// Everything below reads the redacted body only, so no secret can reach `code` or `message`.
	const redacted = redactTokenBody(body);
	const parsed = parseBody(redacted);
	const fields = parsed.json === undefined ? undefined : readErrorFields(parsed.json);
	const { kind, message } = describeResponse(status, fields);
	const code = fields?.codes[0];
	const raw = body.trim() === '' ? undefined : capRaw(redacted);
	return {
		kind,
		message,
		...hints,
		...(code === undefined ? {} : { code }),
		...(raw === undefined ? {} : { raw })
	};
}

/**
 * A failed token request (authorization-code exchange or refresh, docs/reference/wire.md
 * "Sign-in") → one Failure:
 * - transport failure → `token_exchange_failed`, "Token exchange failed: error sending request for
 *   url (…/oauth/token): <reason>" (query and credentials stripped from the url);
 * - 403 `unsupported_country_region_territory` → `region_unsupported`, {@link REGION_LOGIN_MESSAGE};
 * - `invalid_grant`, `refresh_token_expired|reused|invalidated` → `auth_expired` ("sign in again");
 * - other OAuth errors (`access_denied`, `invalid_client`, …) and statuses → `token_exchange_failed`
 *   with the server's `error_description`.
 * No token ever reaches `message` or `raw`: a 2xx body is dropped entirely, and secret fields
 * (`access_token`, `refresh_token`, `id_token`, `code`, `code_verifier`, …) are redacted from any other.
 */
export function classifyTokenExchange(input: TokenExchangeInput): Failure {
	if ('thrown' in input) return safely(() => fromThrown(input.thrown, input.url));
	return safely(() => fromResponse(input.status, input.headers, input.body), input.status);
}
