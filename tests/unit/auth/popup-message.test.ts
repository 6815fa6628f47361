/**
 * The checks on messages between an embedded frame and its sign-in window: only this origin,
 * only the expected window, only the expected type and attempt nonce, only once — and the result
 * never carries more than the frame needs (no refresh token, whatever the sender put in).
 */
import { describe, expect, it } from 'vitest';
import { isFramed } from '../../../src/lib/auth/frame-detect.ts';
import {
	isReceivedMessage,
	nonceFromFragment,
	receivedMessage,
	RESULT_TYPE,
	resultGate,
	resultMessage,
	type IncomingMessage
} from '../../../src/lib/auth/popup-message.ts';
import { signInFailure } from '../../../src/lib/auth/sign-in-failure.ts';
import type { TokenResult } from '../../../src/lib/auth/token-client.ts';

const ORIGIN = 'http://127.0.0.1:4188';
const NONCE = '3b241101-e2bb-4255-8caf-4136c566a962';
const OTHER_NONCE = '9f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const popup = { name: 'the sign-in window' };
const otherWindow = { name: 'the embedding page' };

const signedIn: TokenResult = {
	ok: true,
	tokens: {
		accessToken: 'at-real',
		expiresIn: 3600,
		claims: { sub: 'ada', email: 'ada@example.test' }
	}
};
const genuine = resultMessage(NONCE, signedIn);

function message(overrides: Partial<IncomingMessage> = {}): IncomingMessage {
	return { origin: ORIGIN, source: popup, data: structuredClone(genuine), ...overrides };
}

function withData(change: (data: Record<string, unknown>) => void): IncomingMessage {
	const data = structuredClone(genuine) as unknown as Record<string, unknown>;
	change(data);
	return message({ data });
}

function withResult(result: unknown): IncomingMessage {
	return withData((data) => (data['result'] = result));
}

const gate = () => resultGate({ origin: ORIGIN, source: popup, nonce: NONCE });

describe('the frame accepts the sign-in window’s answer', () => {
	it('from this origin, from the window it opened, of the right type and attempt', () => {
		expect(gate()(message())).toEqual(signedIn);
	});

	it('carries a failure across, with its kind, code and message', () => {
		const failed: TokenResult = { ok: false, failure: signInFailure('state_mismatch') };
		expect(gate()(message({ data: resultMessage(NONCE, failed) }))).toEqual(failed);
	});

	it('accepts an answer without lifetime or claims', () => {
		const bare: TokenResult = {
			ok: true,
			tokens: { accessToken: 'at', expiresIn: null, claims: null }
		};
		expect(gate()(message({ data: resultMessage(NONCE, bare) }))).toEqual(bare);
	});
});

describe('the frame ignores everything else', () => {
	const foreignOrigins = [
		'http://localhost:4187',
		'http://127.0.0.1:4187',
		'https://127.0.0.1:4188',
		'http://127.0.0.1:41880',
		'http://127.0.0.1:4188.evil.example',
		`${ORIGIN}/`,
		'null',
		''
	];
	it.each(foreignOrigins)('a message from the origin %j', (origin) => {
		expect(gate()(message({ origin }))).toBeNull();
	});

	it.each([
		['another window of this origin', otherWindow],
		['no window (a worker or a port)', null],
		['an unknown source', undefined]
	])('a message from %s', (_label, source) => {
		expect(gate()(message({ source }))).toBeNull();
	});

	it('anything at all when the frame has no window to expect (blocked)', () => {
		const noWindow = resultGate({ origin: ORIGIN, source: null, nonce: NONCE });
		expect(noWindow(message({ source: null }))).toBeNull();
	});

	it.each([
		[
			'the acknowledgement type',
			(data: Record<string, unknown>) => (data['type'] = receivedMessage(NONCE).type)
		],
		['an unprefixed type', (data: Record<string, unknown>) => (data['type'] = 'sign-in-result')],
		['no type', (data: Record<string, unknown>) => delete data['type']],
		['no nonce', (data: Record<string, unknown>) => delete data['nonce']],
		['an empty nonce', (data: Record<string, unknown>) => (data['nonce'] = '')],
		['another attempt’s nonce', (data: Record<string, unknown>) => (data['nonce'] = OTHER_NONCE)],
		[
			'a nonce of another shape',
			(data: Record<string, unknown>) => (data['nonce'] = NONCE.toUpperCase())
		],
		['no result', (data: Record<string, unknown>) => delete data['result']]
	])('a message with %s', (_label, change) => {
		expect(gate()(withData(change))).toBeNull();
	});

	it.each([
		['a string', JSON.stringify(genuine)],
		['an array', [genuine]],
		['null', null],
		['a number', 42]
	])('data that is %s', (_label, data) => {
		expect(gate()(message({ data }))).toBeNull();
	});

	it.each([
		['ok as a string', { ok: 'true', tokens: signedIn.ok && signedIn.tokens }],
		['no access token', { ok: true, tokens: { expiresIn: 3600, claims: null } }],
		[
			'an empty access token',
			{ ok: true, tokens: { accessToken: '', expiresIn: 3600, claims: null } }
		],
		[
			'a negative lifetime',
			{ ok: true, tokens: { accessToken: 'at', expiresIn: -1, claims: null } }
		],
		[
			'a lifetime as text',
			{ ok: true, tokens: { accessToken: 'at', expiresIn: '3600', claims: null } }
		],
		[
			'claims as a list',
			{ ok: true, tokens: { accessToken: 'at', expiresIn: 60, claims: ['sub'] } }
		],
		['no tokens', { ok: true }],
		['a failure of an unknown kind', { ok: false, failure: { kind: 'teapot', message: 'no' } }],
		['a failure without a message', { ok: false, failure: { kind: 'auth_expired' } }],
		[
			'a failure with a numeric code',
			{ ok: false, failure: { kind: 'auth_expired', message: 'x', code: 401 } }
		]
	])('a result with %s', (_label, result) => {
		expect(gate()(withResult(result))).toBeNull();
	});
});

describe('one answer per attempt', () => {
	it('a replayed answer is ignored once one was accepted', () => {
		const accept = gate();
		expect(accept(message())).toEqual(signedIn);
		expect(accept(message())).toBeNull();
		expect(
			accept(
				message({
					data: resultMessage(NONCE, { ok: false, failure: signInFailure('missing_code') })
				})
			)
		).toBeNull();
	});

	it('a rejected message does not use the attempt up: the genuine answer still counts', () => {
		const accept = gate();
		expect(accept(message({ origin: 'http://localhost:4187' }))).toBeNull();
		expect(accept(withData((data) => (data['nonce'] = OTHER_NONCE)))).toBeNull();
		expect(accept(message())).toEqual(signedIn);
	});
});

describe('what crosses between the windows', () => {
	it('the answer holds the access token, lifetime and claims — nothing else the sender had', () => {
		const leaky = {
			ok: true,
			tokens: {
				accessToken: 'at',
				expiresIn: 60,
				claims: null,
				refreshToken: 'rt-secret',
				refresh_token: 'rt-secret'
			}
		} as unknown as TokenResult;
		const sent = resultMessage(NONCE, leaky);
		expect(JSON.stringify(sent)).not.toContain('rt-secret');
		expect(sent).toEqual({
			type: RESULT_TYPE,
			nonce: NONCE,
			result: { ok: true, tokens: { accessToken: 'at', expiresIn: 60, claims: null } }
		});
	});

	it('the frame reads only those fields, whatever a message carries', () => {
		const received = gate()(
			withResult({
				ok: true,
				tokens: { accessToken: 'at', expiresIn: 60, claims: null, refresh_token: 'rt-secret' }
			})
		);
		expect(received).toEqual({
			ok: true,
			tokens: { accessToken: 'at', expiresIn: 60, claims: null }
		});
	});

	it('a failure crosses with kind, code and message only', () => {
		const failed: TokenResult = {
			ok: false,
			failure: {
				kind: 'auth_expired',
				code: 'invalid_grant',
				message: 'ended',
				raw: '{"secret":1}',
				status: 400
			}
		};
		expect(resultMessage(NONCE, failed).result).toEqual({
			ok: false,
			failure: { kind: 'auth_expired', code: 'invalid_grant', message: 'ended' }
		});
	});
});

describe('the sign-in window accepts the frame’s acknowledgement', () => {
	const opener = { name: 'the frame' };
	const expected = { origin: ORIGIN, source: opener, nonce: NONCE };
	const ack = (overrides: Partial<IncomingMessage>): IncomingMessage => ({
		origin: ORIGIN,
		source: opener,
		data: receivedMessage(NONCE),
		...overrides
	});

	it('from its opener, on this origin, for its attempt', () => {
		expect(isReceivedMessage(ack({}), expected)).toBe(true);
	});

	it.each([
		['another origin', ack({ origin: 'http://localhost:4187' })],
		['another window', ack({ source: otherWindow })],
		['another attempt', ack({ data: receivedMessage(OTHER_NONCE) })],
		['the result type', ack({ data: genuine })]
	])('not from %s', (_label, incoming) => {
		expect(isReceivedMessage(incoming, expected)).toBe(false);
	});
});

describe('the attempt nonce in the sign-in window’s address', () => {
	it.each([
		[`#${NONCE}`, NONCE],
		[NONCE, NONCE],
		['', null],
		['#', null],
		[`#${NONCE}&x=1`, null],
		['#not-a-nonce', null],
		['#<script>', null]
	])('%j → %j', (hash, expected) => {
		expect(nonceFromFragment(hash)).toBe(expected);
	});
});

describe('in a frame or not', () => {
	it('top-level: top is the window itself', () => {
		const win = { top: null as unknown, self: null as unknown };
		win.top = win;
		win.self = win;
		expect(isFramed(win)).toBe(false);
	});

	it('framed: top is another window', () => {
		expect(isFramed({ top: {}, self: {} })).toBe(true);
	});

	it('framed: a browser that refuses to let a cross-origin top be read', () => {
		const win = {
			self: {},
			get top(): unknown {
				throw new DOMException(
					'Blocked a frame from accessing a cross-origin frame.',
					'SecurityError'
				);
			}
		};
		expect(isFramed(win)).toBe(true);
	});
});
