import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	FAILURE_KINDS,
	RAW_CAP,
	classifyHttp,
	classifyStreamError,
	type Failure
} from '../../../src/lib/failure/index.ts';
import { MARKUP } from './expect-failure.ts';

/** The truncation marker may add this much after RAW_CAP characters. */
const MARKER_ROOM = 64;

const decoder = new TextDecoder('utf-8', { fatal: false });

const status = fc.integer({ min: 100, max: 599 });

/** Header names and values that `new Headers()` accepts, weighted toward the ones we read. */
const headerName = fc.oneof(
	fc.constantFrom(
		'retry-after',
		'retry-after-ms',
		'x-request-id',
		'request-id',
		'x-oneapi-request-id',
		'cf-ray'
	),
	fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/)
);
const headerValue = fc.oneof(
	fc.stringMatching(/^[\x20-\x7e]{0,40}$/).map((value) => value.trim()),
	fc.integer({ min: -5, max: 10_000_000 }).map(String),
	fc.date({ noInvalidDate: true }).map((date) => date.toUTCString())
);
const headers = fc.dictionary(headerName, headerValue, { maxKeys: 5 });

/** Bodies: arbitrary text, arbitrary bytes decoded with replacement, and hostile near-misses of real shapes. */
const body = fc.oneof(
	fc.string({ unit: 'grapheme', maxLength: 400 }),
	fc.uint8Array({ maxLength: 600 }).map((bytes) => decoder.decode(bytes)),
	fc.json({ maxDepth: 4 }),
	fc
		.record({
			message: fc.string({ maxLength: 80 }),
			code: fc.oneof(
				fc.string({ maxLength: 20 }),
				fc.integer(),
				fc.constant('<nil>'),
				fc.constant(null)
			),
			type: fc.string({ maxLength: 20 })
		})
		.map((error) => JSON.stringify({ error })),
	fc
		.string({ maxLength: 200 })
		.map(
			(text) =>
				`<html><head><title>${text}</title></head><body><script>${text}</script></body></html>`
		),
	fc
		.string({ maxLength: 100 })
		.map((text) => `{"error":{"message":"${text}"}}event: error\ndata: ${text}`),
	fc.string({ maxLength: 60 }).map((text) => `<scr${text}<<ipt>x</b ${text} <!-- ${text}`)
);

function expectWellFormed(failure: Failure): void {
	expect(FAILURE_KINDS).toContain(failure.kind);
	expect(typeof failure.message).toBe('string');
	expect(failure.message.trim().length).toBeGreaterThan(0);
	expect(failure.message).not.toMatch(MARKUP);
	if (failure.raw !== undefined)
		expect(failure.raw.length).toBeLessThanOrEqual(RAW_CAP + MARKER_ROOM);
	if (failure.retryAfterMs !== undefined) {
		expect(Number.isFinite(failure.retryAfterMs)).toBe(true);
		expect(failure.retryAfterMs).toBeGreaterThanOrEqual(0);
	}
}

describe('classifyHttp never throws and always answers a kind', () => {
	it('for arbitrary status, headers and body', () => {
		fc.assert(
			fc.property(status, headers, body, (code, headerRecord, text) => {
				expectWellFormed(classifyHttp(code, new Headers(headerRecord), text));
			}),
			{ numRuns: 600 }
		);
	});

	it('for arbitrary context (model, classifier list, clock)', () => {
		fc.assert(
			fc.property(
				status,
				body,
				fc.record(
					{
						model: fc.string({ maxLength: 30 }),
						classifierModels: fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }),
						now: fc.integer({ min: 0, max: 4_102_444_800_000 })
					},
					{ requiredKeys: [] }
				),
				(code, text, context) => {
					expectWellFormed(classifyHttp(code, new Headers(), text, context));
				}
			),
			{ numRuns: 300 }
		);
	});

	it('caps raw for bodies far over the cap', () => {
		fc.assert(
			fc.property(
				status,
				fc.string({ minLength: 1, maxLength: 30 }),
				fc.integer({ min: 2, max: 5 }),
				(code, chunk, factor) => {
					const big = chunk.repeat(Math.ceil((RAW_CAP * factor) / chunk.length));
					const failure = classifyHttp(code, new Headers(), big);
					expectWellFormed(failure);
					if (big.trim() !== '') expect(failure.raw).toContain('more characters not shown');
				}
			),
			{ numRuns: 50 }
		);
	});
});

describe('classifyStreamError never throws and always answers a kind', () => {
	it('for arbitrary JSON values and strings', () => {
		fc.assert(
			fc.property(
				fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.string({ maxLength: 200 }), fc.anything()),
				(payload) => {
					expectWellFormed(classifyStreamError(payload));
				}
			),
			{ numRuns: 400 }
		);
	});

	it('for values that throw when read', () => {
		const hostile = new Proxy(
			{},
			{
				get() {
					throw new Error('no');
				},
				ownKeys() {
					throw new Error('no');
				}
			}
		);
		expectWellFormed(classifyStreamError(hostile));
		expectWellFormed(classifyStreamError({ type: 'error', error: hostile }));
	});
});
