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
import { ENGLISH_OWN_SENTENCES, own } from './own-sentence-say.ts';
import { SIGN_IN_AGAIN_CODES, type TokenTransportReason } from './own-sentence.ts';
import { safely } from './safely.ts';
import { capRaw } from './text.ts';
import type { Failure } from './types.ts';

export type TokenExchangeInput =
	{ status: number; headers: Headers; body: string } | { thrown: unknown; url?: string };

export const REGION_LOGIN_MESSAGE = ENGLISH_OWN_SENTENCES.regionLogin;

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
function transportReason(base: Failure): TokenTransportReason {
	if (base.kind === 'network') {
		switch (base.networkCase) {
			case 'offline':
			case 'timeout':
				return { kind: base.networkCase };
			case 'refused_or_blocked':
			case undefined:
				return base.code === undefined
					? { kind: 'unreachable' }
					: { kind: 'unreachable', code: base.code };
			default:
				return assertNever(base.networkCase, 'network case');
		}
	}
	return { kind: 'other', text: lowerFirst(redactTokenText(base.message).replace(/\.$/, '')) };
}

function fromThrown(thrown: unknown, url: string | undefined): Failure {
	const base = classifyThrown(thrown);
	if (isUserAbort(thrown)) return base;
	return {
		kind: 'token_exchange_failed',
		...own({
			kind: 'token_transport',
			...(url === undefined ? {} : { url: safeUrl(url) }),
			reason: transportReason(base)
		}),
		...(base.code === undefined ? {} : { code: base.code }),
		...(base.networkCase === undefined ? {} : { networkCase: base.networkCase }),
		...(base.raw === undefined ? {} : { raw: capRaw(redactTokenText(base.raw)) })
	};
}

function describeResponse(
	status: number,
	fields: ErrorFields | undefined
): Pick<Failure, 'kind' | 'message' | 'said'> {
	const codes = fields?.codes ?? [];
	const described = gatewayMessage(redactTokenText(fields?.message ?? ''));
	// `{"error":"access_denied"}` alone: the "message" is the code itself, already said below.
	const description = described !== undefined && codes.includes(described) ? undefined : described;
	const text = [fields?.message, fields?.label].filter((part) => part !== undefined).join(' ');
	if (
		codes.some((code) => kindForCode(code)?.kind === 'region_unsupported') ||
		kindForMessage(text) === 'region_unsupported'
	) {
		return { kind: 'region_unsupported', ...own({ kind: 'region_login' }) };
	}
	const lower = codes.map((code) => code.toLowerCase());
	const oauthCode = SIGN_IN_AGAIN_CODES.find((code) => lower.includes(code));
	if (oauthCode !== undefined) {
		return { kind: 'auth_expired', ...own({ kind: 'sign_in_again', code: oauthCode }) };
	}
	if (description?.startsWith('Token exchange failed') === true) {
		return { kind: 'token_exchange_failed', message: description };
	}
	const told = description === undefined ? {} : { description };
	if (codes.some((code) => code.toLowerCase() === 'access_denied')) {
		return { kind: 'token_exchange_failed', ...own({ kind: 'token_denied', ...told }) };
	}
	const clientError = codes.find((code) => CLIENT_ERRORS.has(code.toLowerCase()));
	if (clientError !== undefined) {
		return {
			kind: 'token_exchange_failed',
			...own({ kind: 'token_client_error', code: clientError, ...told })
		};
	}
	return { kind: 'token_exchange_failed', ...own({ kind: 'token_status', status, ...told }) };
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
			...own({ kind: 'token_unreadable' }),
			...hints
		};
	}
	// Everything below reads the redacted body only, so no secret can reach `code` or `message`.
	const redacted = redactTokenBody(body);
	const parsed = parseBody(redacted);
	const fields = parsed.json === undefined ? undefined : readErrorFields(parsed.json);
	const described = describeResponse(status, fields);
	const code = fields?.codes[0];
	const raw = body.trim() === '' ? undefined : capRaw(redacted);
	return {
		...described,
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
