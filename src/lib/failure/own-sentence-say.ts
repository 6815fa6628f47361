/**
 * Saying our own failure sentences: `sayOwn` in any language's words, the English words (the
 * source language; the others are in src/lib/i18n), and `own`, which writes a Failure's English
 * `message` beside its `said`. Apart from own-sentence.ts so that this loads with the code that
 * makes or shows failures (the turn's code, the sign-in flow, the failure card), not with the
 * first paint (bench:size).
 */
import { assertNever } from './assert-never.ts';
import {
	ENGLISH_ASSET_FAILED,
	ENGLISH_PAGE_CLOSED,
	type OwnSentence,
	type OwnSentenceCopy,
	type TokenTransportReason
} from './own-sentence.ts';
import { statusLine } from './status.ts';
import type { FailureKind } from './types.ts';

/** The kinds whose fallback sentence names the HTTP status when there is one. */
const WITH_STATUS: ReadonlySet<FailureKind> = new Set<FailureKind>([
	'insufficient_balance',
	'rate_limited',
	'classifier_unavailable',
	'auth_expired',
	'forbidden',
	'not_found',
	'request_too_large',
	'bad_request',
	'overloaded',
	'upstream_failed',
	'bad_gateway',
	'origin_timeout',
	'server_error',
	'asset_timeout',
	'malformed_response',
	'unknown'
]);

const suffix = (description: string): string => (description === '' ? '' : `: ${description}`);

export const ENGLISH_OWN_SENTENCES: OwnSentenceCopy = {
	fallback: {
		insufficient_balance: 'The account does not have enough balance or quota for this request',
		payment_authorization_failed: 'The payment authorization was declined',
		usage_limit: 'The usage limit of your plan has been reached',
		rate_limited: 'The gateway is receiving too many requests from you right now',
		classifier_unavailable: 'The safety-check model is temporarily unavailable',
		model_unavailable: 'This model is not available on the gateway right now',
		model_retired: 'This model has been retired',
		context_too_large: 'The conversation is longer than this model can read at once',
		long_context_required: 'This request needs the larger context option to be enabled',
		encrypted_content_unsupported: 'This model does not accept encrypted content',
		thinking_block_invalid: 'An earlier message contains a thinking block the model rejected',
		thinking_mode_unsupported: 'This model does not support the chosen thinking setting',
		auth_expired: 'Your sign-in or API key is no longer accepted',
		region_unsupported: 'The service is not available in your country, region or territory',
		token_exchange_failed: 'Token exchange failed',
		forbidden: 'The gateway refused this request',
		not_found: 'The gateway has no such address',
		request_too_large: 'The request is too large for the gateway',
		bad_request: 'The gateway rejected the request',
		overloaded: 'The model is overloaded right now',
		upstream_failed: "The gateway's upstream provider failed to answer",
		bad_gateway: 'The gateway, or a proxy in front of it, answered without details',
		origin_timeout: "The gateway's server did not answer in time",
		server_error: 'The gateway had an internal error',
		asset_timeout: 'A part of this app failed to load',
		network: 'The gateway could not be reached',
		malformed_response: 'The gateway sent an answer that could not be read',
		response_too_large: 'The answer was larger than this app accepts',
		stream_interrupted: 'The answer stopped before it was complete',
		stream_stalled: 'The answer stopped arriving',
		unknown: 'Something went wrong'
	},
	closed: (sentence, status) => (status === '' ? `${sentence}.` : `${sentence} (${status}).`),
	stopped: 'The request was stopped.',
	connectTimeout: (seconds) =>
		`The connection to the gateway timed out: no answer within ${seconds} s.`,
	idleTimeout: (seconds) => `The answer stopped arriving: nothing came for ${seconds} s.`,
	answerTooLarge: 'The answer was larger than this app accepts, so it was stopped.',
	tookTooLong: 'The answer took too long and was stopped.',
	timedOut: 'The connection to the gateway timed out.',
	unreadable: 'The gateway sent an answer that could not be read.',
	connectionBroke: 'The connection broke before the answer was complete.',
	unknown: 'Something went wrong, and the app could not tell what.',
	offline: 'Your device is offline, so the gateway could not be reached.',
	dnsFailed: "The gateway's address could not be found (the DNS lookup failed).",
	connectionRefused: 'The gateway refused the connection.',
	connectionReset: 'The connection to the gateway was reset.',
	certificateRefused: "The gateway's security certificate was not accepted.",
	unreachable:
		'The gateway could not be reached: it refused the connection, its address did not resolve, or the browser blocked the answer (an error page without CORS headers looks like this).',
	assetFailed: ENGLISH_ASSET_FAILED,
	streamEnded: 'The answer stopped before the gateway said it was complete.',
	streamEmpty: 'The gateway ended the answer without sending anything.',
	streamSilent: (seconds) =>
		`The answer sent nothing for ${seconds} s, so the app stopped waiting.`,
	eventTooLarge: (limit) =>
		`One event of the answer was larger than this app accepts (${limit} characters).`,
	responseTooLarge: (limit) => `The answer was larger than this app accepts (${limit} bytes).`,
	pageClosed: ENGLISH_PAGE_CLOSED,
	unreadableBody: {
		page: 'The gateway answered with a web page instead of an event stream.',
		json: 'The gateway answered with JSON instead of an event stream.',
		text: 'The gateway answered with text that is not an event stream.',
		not_object: 'The gateway answered with something that is not a JSON object.',
		json_shape: 'The gateway answered with JSON of an unexpected shape.',
		second_answer: 'The gateway started a second answer before the first one ended.'
	},
	badEvent: {
		shape: (event) => `A ${event} event of the answer had an unexpected shape.`,
		not_json: (event) => `A ${event} event of the answer is not valid JSON.`,
		not_object: (event) => `A ${event} event of the answer is not a JSON object.`
	},
	redirected: {
		https: (status) =>
			`The gateway redirects to the same address over https${status === '' ? '' : ` (${status})`}: the gateway's address should begin with https://.`,
		elsewhere: (status) =>
			`The gateway redirects to another address${status === '' ? '' : ` (${status})`}, which this app does not follow: a proxy in front of the gateway may want a sign-in in the browser, or the gateway has moved.`
	},
	regionLogin: 'Login failed: your country, region or territory is not supported',
	signInAgain: {
		invalid_grant: 'Your sign-in code or session is no longer valid. Sign in again.',
		refresh_token_expired: 'Your session has expired. Sign in again.',
		refresh_token_reused:
			'Your session was ended because it was refreshed twice at once (for example from another tab). Sign in again.',
		refresh_token_invalidated: 'Your session was revoked. Sign in again.',
		other: 'Sign in again.'
	},
	tokenUnreadable: "Token exchange failed: the sign-in server's answer could not be read.",
	tokenDenied: (description) => `Token exchange failed: access was denied${suffix(description)}`,
	tokenClientError: (code, description) =>
		`Token exchange failed: the sign-in server rejected this app's request (${code})${suffix(description)}`,
	tokenStatus: (status, description) =>
		`Token exchange failed: token endpoint returned status ${status}${suffix(description)}`,
	tokenTransport: (url, reason) =>
		`Token exchange failed: error sending request${url === '' ? '' : ` for url (${url})`}: ${reason}.`,
	transport: {
		offline: 'your device is offline',
		timeout: 'the connection timed out',
		unreachable: (code) =>
			code === ''
				? 'the sign-in server could not be reached'
				: `the sign-in server could not be reached (${code})`
	},
	signInProblem: {
		no_sign_in_attempt:
			'Sign-in failed: this tab has no sign-in in progress (it was already completed, or started elsewhere).',
		state_mismatch:
			'Sign-in failed: the answer from the sign-in server does not belong to the sign-in started in this tab (state mismatch).',
		issuer_mismatch:
			'Sign-in failed: the answer came from a different sign-in server than the one this app uses.',
		missing_code: 'Sign-in failed: the sign-in server sent no authorization code.',
		nonce_mismatch:
			'Sign-in failed: the identity token does not belong to the sign-in started in this tab (nonce mismatch).',
		invalid_response: 'Sign-in failed: the answer from the sign-in server could not be read.',
		popup_blocked:
			'Signing in here needs a small window of its own, and the browser blocked it. Allow pop-ups for this site, or press "Try again".'
	},
	frameRenewal:
		'This page shows Switchboard inside another site, where the browser does not share your sign-in. Press "Sign in again": a small window opens and, while your session lasts, closes by itself.',
	authorizationDenied: (description) =>
		`Sign-in was cancelled: access was denied${description === '' ? '.' : `: ${description}`}`,
	authorizationError: (code, description) =>
		`Sign-in failed: the sign-in server answered ${code}${description === '' ? '.' : `: ${description}`}`
};

/** `sentence` in the language of `copy` (English: ENGLISH_OWN_SENTENCES). */
export function sayOwn(sentence: OwnSentence, copy: OwnSentenceCopy): string {
	switch (sentence.kind) {
		case 'fallback': {
			const { failure, status } = sentence;
			const line = status !== undefined && WITH_STATUS.has(failure) ? statusLine(status) : '';
			return copy.closed(copy.fallback[failure], line);
		}
		case 'stopped':
			return copy.stopped;
		case 'connect_timeout':
			return copy.connectTimeout(sentence.seconds);
		case 'idle_timeout':
			return copy.idleTimeout(sentence.seconds);
		case 'answer_too_large':
			return copy.answerTooLarge;
		case 'took_too_long':
			return copy.tookTooLong;
		case 'timed_out':
			return copy.timedOut;
		case 'unreadable':
			return copy.unreadable;
		case 'connection_broke':
			return copy.connectionBroke;
		case 'redirected':
			return copy.redirected[sentence.to](
				sentence.status === undefined ? '' : statusLine(sentence.status)
			);
		case 'unknown':
			return copy.unknown;
		case 'offline':
			return copy.offline;
		case 'dns_failed':
			return copy.dnsFailed;
		case 'connection_refused':
			return copy.connectionRefused;
		case 'connection_reset':
			return copy.connectionReset;
		case 'certificate_refused':
			return copy.certificateRefused;
		case 'unreachable':
			return copy.unreachable;
		case 'asset_failed':
			return copy.assetFailed;
		case 'stream_ended':
			return copy.streamEnded;
		case 'stream_empty':
			return copy.streamEmpty;
		case 'stream_silent':
			return copy.streamSilent(sentence.seconds);
		case 'event_too_large':
			return copy.eventTooLarge(sentence.limit);
		case 'response_too_large':
			return copy.responseTooLarge(sentence.limit);
		case 'page_closed':
			return copy.pageClosed;
		case 'unreadable_body':
			return copy.unreadableBody[sentence.body];
		case 'bad_event':
			return copy.badEvent[sentence.problem](sentence.event);
		case 'region_login':
			return copy.regionLogin;
		case 'sign_in_again':
			return copy.signInAgain[sentence.code ?? 'other'];
		case 'token_unreadable':
			return copy.tokenUnreadable;
		case 'token_denied':
			return copy.tokenDenied(sentence.description ?? '');
		case 'token_client_error':
			return copy.tokenClientError(sentence.code, sentence.description ?? '');
		case 'token_status':
			return copy.tokenStatus(statusLine(sentence.status), sentence.description ?? '');
		case 'token_transport':
			return copy.tokenTransport(sentence.url ?? '', transportReason(sentence.reason, copy));
		case 'sign_in_problem':
			return copy.signInProblem[sentence.problem];
		case 'frame_renewal':
			return copy.frameRenewal;
		case 'authorization_denied':
			return copy.authorizationDenied(sentence.description ?? '');
		case 'authorization_error':
			return copy.authorizationError(sentence.code, sentence.description ?? '');
		default:
			return assertNever(sentence, 'own sentence');
	}
}

function transportReason(reason: TokenTransportReason, copy: OwnSentenceCopy): string {
	switch (reason.kind) {
		case 'offline':
			return copy.transport.offline;
		case 'timeout':
			return copy.transport.timeout;
		case 'unreachable':
			return copy.transport.unreachable(reason.code ?? '');
		case 'other':
			return reason.text;
		default:
			return assertNever(reason, 'token transport reason');
	}
}

/** The fields of a Failure that say one of our sentences: `message` in English, and `said`. */
export function own(sentence: OwnSentence): { message: string; said: OwnSentence } {
	return { message: sayOwn(sentence, ENGLISH_OWN_SENTENCES), said: sentence };
}
