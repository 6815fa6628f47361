/**
 * This app's own sentence for a failure, for when the gateway (or the sign-in server) said nothing
 * usable: which sentence and its parameters, kept on the Failure (`said`) so that the failure card
 * says it in the person's language. `Failure.message` keeps it in English (logs, exports, tests).
 * A gateway's own words are never one of these: they are shown as sent.
 *
 * This file is what the first paint needs (the types and reading a stored sentence); saying one
 * (`sayOwn`), the English table and `own` are in own-sentence-say.ts, loaded with the code that
 * makes or shows failures.
 */
import type { RedirectTarget } from './redirect.ts';
import { isFailureKind, type FailureKind } from './types.ts';

/** Why a token request could not be sent, in a few words about the sign-in server. */
export type TokenTransportReason =
	| { kind: 'offline' }
	| { kind: 'timeout' }
	| { kind: 'unreachable'; code?: string }
	/** Anything else: the underlying message as it was (it may be the runtime's own words). */
	| { kind: 'other'; text: string };

/** The OAuth error codes that mean "sign in again" (RFC 6749 §5.2 and refresh rotation). */
export const SIGN_IN_AGAIN_CODES = [
	'invalid_grant',
	'refresh_token_expired',
	'refresh_token_reused',
	'refresh_token_invalidated'
] as const;
export type SignInAgainCode = (typeof SIGN_IN_AGAIN_CODES)[number];

/** Sign-in problems the app detects itself, before any token request (auth/sign-in-failure.ts). */
export const SIGN_IN_PROBLEMS = [
	'no_sign_in_attempt',
	'state_mismatch',
	'issuer_mismatch',
	'missing_code',
	'nonce_mismatch',
	'invalid_response',
	'popup_blocked'
] as const;
export type SignInProblem = (typeof SIGN_IN_PROBLEMS)[number];

/** What a gateway sent where an event stream (or a JSON answer) was due (`malformed_response`). */
export const UNREADABLE_BODIES = [
	/** An HTML page (a proxy's or a login page) at status 200. */
	'page',
	/** A JSON document that is not an error report. */
	'json',
	/** Text whose lines are not event-stream lines. */
	'text',
	/** A non-streaming answer that is not a JSON object. */
	'not_object',
	/** A non-streaming answer: a JSON object, but not an answer. */
	'json_shape',
	/** A second answer started before the first one ended. */
	'second_answer'
] as const;
export type UnreadableBody = (typeof UNREADABLE_BODIES)[number];

/** What was wrong with one event of a stream (`event`: its name, as the gateway sent it). */
export const BAD_EVENTS = ['shape', 'not_json', 'not_object'] as const;
export type BadEvent = (typeof BAD_EVENTS)[number];

export type OwnSentence =
	/** The kind's plain sentence; with the HTTP status where the kind names one. */
	| { kind: 'fallback'; failure: FailureKind; status?: number }
	| { kind: 'stopped' }
	| { kind: 'connect_timeout'; seconds: number }
	| { kind: 'idle_timeout'; seconds: number }
	| { kind: 'answer_too_large' }
	| { kind: 'took_too_long' }
	| { kind: 'timed_out' }
	| { kind: 'unreadable' }
	| { kind: 'connection_broke' }
	| { kind: 'unknown' }
	| { kind: 'offline' }
	| { kind: 'dns_failed' }
	| { kind: 'connection_refused' }
	| { kind: 'connection_reset' }
	| { kind: 'certificate_refused' }
	| { kind: 'unreachable' }
	| { kind: 'asset_failed' }
	| { kind: 'stream_ended' }
	| { kind: 'stream_empty' }
	| { kind: 'stream_silent'; seconds: number }
	| { kind: 'event_too_large'; limit: number }
	| { kind: 'response_too_large'; limit: number }
	| { kind: 'page_closed' }
	| { kind: 'unreadable_body'; body: UnreadableBody }
	| { kind: 'bad_event'; event: string; problem: BadEvent }
	/** A 3xx from the gateway, which the app does not follow (failure/redirect.ts). */
	| { kind: 'redirected'; to: RedirectTarget; status?: number }
	| { kind: 'region_login' }
	| { kind: 'sign_in_again'; code?: SignInAgainCode }
	| { kind: 'token_unreadable' }
	/** `description`: the sign-in server's own words, shown as sent. */
	| { kind: 'token_denied'; description?: string }
	| { kind: 'token_client_error'; code: string; description?: string }
	| { kind: 'token_status'; status: number; description?: string }
	/** `url`: the token endpoint, without query or credentials. */
	| { kind: 'token_transport'; url?: string; reason: TokenTransportReason }
	| { kind: 'sign_in_problem'; problem: SignInProblem }
	/** Inside another site's frame, the session can only be renewed in a window of the app's own. */
	| { kind: 'frame_renewal' }
	/** The authorization server's answer to the callback (RFC 6749 §4.1.2.1), its words as sent. */
	| { kind: 'authorization_denied'; description?: string }
	| { kind: 'authorization_error'; code: string; description?: string };

/**
 * The English of the two sentences a first paint can need before the failure card's code has
 * loaded: a part of the app that failed to load (failure/asset-load.ts), and an answer cut off by
 * a closed page (chat/conversation-writer.ts). The full English table (own-sentence-say.ts)
 * uses these, and loads with the turn's code and the failure card instead (bench:size budget).
 */
export const ENGLISH_ASSET_FAILED =
	'A part of this app failed to load, probably because a new version was deployed or the connection dropped.';
export const ENGLISH_PAGE_CLOSED =
	'The page was closed or reloaded while this answer was streaming.';

/** The sentences in one language (English below; the others in src/lib/i18n). */
export interface OwnSentenceCopy {
	/** Each kind's sentence, without its closing full stop. */
	fallback: { readonly [K in FailureKind]: string };
	/** A sentence closed, with the status line (`502 Bad Gateway`) when there is one. */
	closed: (sentence: string, status: string) => string;
	stopped: string;
	connectTimeout: (seconds: number) => string;
	idleTimeout: (seconds: number) => string;
	answerTooLarge: string;
	tookTooLong: string;
	timedOut: string;
	unreadable: string;
	connectionBroke: string;
	unknown: string;
	offline: string;
	dnsFailed: string;
	connectionRefused: string;
	connectionReset: string;
	certificateRefused: string;
	unreachable: string;
	assetFailed: string;
	streamEnded: string;
	streamEmpty: string;
	streamSilent: (seconds: number) => string;
	eventTooLarge: (limit: number) => string;
	responseTooLarge: (limit: number) => string;
	pageClosed: string;
	unreadableBody: { readonly [B in UnreadableBody]: string };
	/** `event` is the event's name as the gateway sent it. */
	badEvent: { readonly [P in BadEvent]: (event: string) => string };
	/** `status`: the status line (`301 Moved Permanently`), or ''. */
	redirected: { readonly [T in RedirectTarget]: (status: string) => string };
	regionLogin: string;
	signInAgain: { readonly [C in SignInAgainCode | 'other']: string };
	tokenUnreadable: string;
	/** `description` is the sign-in server's (or ''), shown as sent. */
	tokenDenied: (description: string) => string;
	tokenClientError: (code: string, description: string) => string;
	tokenStatus: (status: string, description: string) => string;
	tokenTransport: (url: string, reason: string) => string;
	transport: {
		offline: string;
		timeout: string;
		unreachable: (code: string) => string;
	};
	signInProblem: { readonly [P in SignInProblem]: string };
	frameRenewal: string;
	/** `description`: the authorization server's words (or ''), shown as sent. */
	authorizationDenied: (description: string) => string;
	authorizationError: (code: string, description: string) => string;
}

const SIMPLE_KINDS: ReadonlySet<string> = new Set([
	'stopped',
	'answer_too_large',
	'took_too_long',
	'timed_out',
	'unreadable',
	'connection_broke',
	'unknown',
	'offline',
	'dns_failed',
	'connection_refused',
	'connection_reset',
	'certificate_refused',
	'unreachable',
	'asset_failed',
	'stream_ended',
	'stream_empty',
	'page_closed',
	'region_login',
	'token_unreadable',
	'frame_renewal'
] satisfies OwnSentence['kind'][]);

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown): value is number =>
	typeof value === 'number' && Number.isFinite(value) && value >= 0;
const text = (value: unknown): value is string => typeof value === 'string';
const optionalText = (fields: Fields, key: string): { [key: string]: string } | null => {
	const value = fields[key];
	if (value === undefined) return {};
	return text(value) ? { [key]: value } : null;
};

function readReason(value: unknown): TokenTransportReason | undefined {
	if (!isFields(value)) return undefined;
	switch (value['kind']) {
		case 'offline':
		case 'timeout':
			return { kind: value['kind'] };
		case 'unreachable':
			return text(value['code'])
				? { kind: 'unreachable', code: value['code'] }
				: { kind: 'unreachable' };
		case 'other':
			return text(value['text']) ? { kind: 'other', text: value['text'] } : undefined;
		default:
			return undefined;
	}
}

/**
 * A stored `said`, validated (records are untrusted input); `undefined` when it is not one of
 * ours, and the Failure's English `message` is shown instead.
 */
export function readOwnSentence(value: unknown): OwnSentence | undefined {
	if (!isFields(value) || !text(value['kind'])) return undefined;
	const kind = value['kind'];
	if (SIMPLE_KINDS.has(kind)) return { kind } as OwnSentence;
	const description = optionalText(value, 'description');
	switch (kind) {
		case 'fallback': {
			const failure = value['failure'];
			if (!isFailureKind(failure)) return undefined;
			return count(value['status'])
				? { kind, failure, status: value['status'] }
				: { kind, failure };
		}
		case 'connect_timeout':
		case 'idle_timeout':
		case 'stream_silent':
			return count(value['seconds']) ? { kind, seconds: value['seconds'] } : undefined;
		case 'event_too_large':
		case 'response_too_large':
			return count(value['limit']) ? { kind, limit: value['limit'] } : undefined;
		case 'unreadable_body': {
			const body = UNREADABLE_BODIES.find((known) => known === value['body']);
			return body === undefined ? undefined : { kind, body };
		}
		case 'bad_event': {
			const problem = BAD_EVENTS.find((known) => known === value['problem']);
			const event = value['event'];
			return problem === undefined || !text(event) ? undefined : { kind, event, problem };
		}
		case 'redirected': {
			const to = value['to'];
			if (to !== 'https' && to !== 'elsewhere') return undefined;
			return count(value['status']) ? { kind, to, status: value['status'] } : { kind, to };
		}
		case 'sign_in_again': {
			const code = SIGN_IN_AGAIN_CODES.find((known) => known === value['code']);
			return code === undefined ? { kind } : { kind, code };
		}
		case 'token_denied':
		case 'authorization_denied':
			return description === null ? undefined : { kind, ...description };
		case 'authorization_error':
			return description === null || !text(value['code'])
				? undefined
				: { kind, code: value['code'], ...description };
		case 'sign_in_problem': {
			const problem = SIGN_IN_PROBLEMS.find((known) => known === value['problem']);
			return problem === undefined ? undefined : { kind, problem };
		}
		case 'token_client_error':
			return description === null || !text(value['code'])
				? undefined
				: { kind, code: value['code'], ...description };
		case 'token_status':
			return description === null || !count(value['status'])
				? undefined
				: { kind, status: value['status'], ...description };
		case 'token_transport': {
			const reason = readReason(value['reason']);
			const url = optionalText(value, 'url');
			return reason === undefined || url === null ? undefined : { kind, reason, ...url };
		}
		default:
			return undefined;
	}
}
