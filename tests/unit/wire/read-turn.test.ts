/**
 * readTurn / collectTurn around the body: abort, idle timeout, leaving early, a body that errors,
 * a listener that throws. No timing assertions: stalls use a body that never sends, keep-alives
 * use a fake clock.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdleTimeoutError, ResponseTooLargeError } from '../../../src/lib/failure/index.ts';
import { collectTurn, readTurn, type TurnEvent } from '../../../src/lib/wire/index.ts';
import { ANSWER, PARTIAL } from './fixture-types.ts';
import { bodyOf, readFixture } from './harness.ts';

const encoder = new TextEncoder();
const answer = encoder.encode(readFixture('responses/text.sse'));
const cut = encoder.encode(readFixture('responses/cut.sse'));

/** A body that sends `chunks`, then fails with `error`. */
function failingBody(chunks: Uint8Array[], error: unknown): ReadableStream<Uint8Array> {
	let index = 0;
	return new ReadableStream<Uint8Array>(
		{
			pull(controller) {
				const chunk = chunks[index++];
				if (chunk !== undefined) controller.enqueue(chunk);
				else controller.error(error);
			}
		},
		{ highWaterMark: 0 }
	);
}

afterEach(() => {
	vi.useRealTimers();
});

describe('collectTurn', () => {
	it('returns exactly the Turn of the contract', async () => {
		const turn = await collectTurn('responses', bodyOf([answer]).stream);
		expect(turn).toEqual({
			status: 'completed',
			text: ANSWER,
			reasoning: '',
			images: [],
			tools: [],
			citations: [],
			usage: { inputTokens: 120, outputTokens: 48 }
		});
	});
});

describe('abort', () => {
	it('ends cancelled, without a failure, when the signal is already aborted', async () => {
		const body = bodyOf([answer]);
		const events: TurnEvent[] = [];
		const turn = await readTurn('responses', body.stream, {
			signal: AbortSignal.abort(),
			onEvent: (event) => events.push(event)
		});
		expect(turn).toEqual({
			status: 'cancelled',
			text: '',
			reasoning: '',
			images: [],
			tools: [],
			citations: []
		});
		expect(events).toEqual([{ type: 'end', status: 'cancelled' }]);
		expect(body.cancelled).toBe(true);
	});

	it('keeps the partial answer, ends cancelled and cancels the body when aborted mid-stream', async () => {
		const body = bodyOf([cut], { hang: true });
		const controller = new AbortController();
		const turn = await readTurn('responses', body.stream, {
			signal: controller.signal,
			onEvent: (event) => {
				if (event.type === 'text' && event.delta === 'Portugal. ') {
					setTimeout(() => controller.abort(), 0);
				}
			}
		});
		expect(turn.status).toBe('cancelled');
		expect(turn.failure).toBeUndefined();
		expect(turn.text).toBe(PARTIAL);
		expect(body.cancelled).toBe(true);
	});
});

describe('idle timeout', () => {
	it('ends interrupted with stream_stalled when nothing arrives, and cancels the body', async () => {
		const body = bodyOf([], { hang: true });
		const turn = await collectTurn('responses', body.stream, { idleTimeoutMs: 5 });
		expect(turn.status).toBe('interrupted');
		expect(turn.failure?.kind).toBe('stream_stalled');
		expect(body.cancelled).toBe(true);
		expect(body.cancelReason).toBeInstanceOf(IdleTimeoutError);
	});

	it('keeps what arrived before the stall', async () => {
		const body = bodyOf([cut], { hang: true });
		const turn = await collectTurn('responses', body.stream, {
			idleTimeoutMs: 5
		});
		expect(turn).toMatchObject({ status: 'interrupted', text: PARTIAL });
		expect(turn.failure?.kind).toBe('stream_stalled');
	});

	/** Keep-alive comments every `gapMs` (fake clock) for `pings` times, then the answer. */
	function pingingBody(gapMs: number, pings: number): ReadableStream<Uint8Array> {
		let sent = 0;
		return new ReadableStream<Uint8Array>(
			{
				async pull(controller) {
					await new Promise((resolve) => setTimeout(resolve, gapMs));
					if (sent++ < pings) controller.enqueue(encoder.encode(': PING\n\n'));
					else {
						controller.enqueue(answer);
						controller.close();
					}
				}
			},
			{ highWaterMark: 0 }
		);
	}

	it('counts keep-alive comments as life', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
		const pending = collectTurn('responses', pingingBody(30, 10), { idleTimeoutMs: 50 });
		await vi.advanceTimersByTimeAsync(1000);
		const turn = await pending;
		expect(turn.status).toBe('completed');
		expect(turn.text).toBe(ANSWER);
	});

	it('stalls when the keep-alives stop for longer than the timeout', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
		const pending = collectTurn('responses', pingingBody(80, 10), { idleTimeoutMs: 50 });
		await vi.advanceTimersByTimeAsync(1000);
		const turn = await pending;
		expect(turn.failure?.kind).toBe('stream_stalled');
	});

	it('keeps at most one timer however many chunks arrive', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'performance'] });
		const counts: number[] = [];
		const chunks = Array.from(answer, (byte) => Uint8Array.of(byte));
		const turn = await readTurn('responses', bodyOf(chunks).stream, {
			idleTimeoutMs: 50,
			onEvent: () => counts.push(vi.getTimerCount())
		});
		expect(turn.status).toBe('completed');
		expect(counts.length).toBeGreaterThan(20);
		expect(Math.max(...counts)).toBe(1);
		expect(vi.getTimerCount()).toBe(0);
	});
});

describe('leaving early', () => {
	it('stops reading at the terminal event and cancels the rest of the body', async () => {
		const body = bodyOf([answer, encoder.encode(': more\n\n')], { hang: true });
		const turn = await collectTurn('responses', body.stream);
		expect(turn.status).toBe('completed');
		expect(body.pulled).toBe(1);
		expect(body.cancelled).toBe(true);
	});

	it('cancels the body and rejects when a listener throws', async () => {
		const body = bodyOf([cut], { hang: true });
		const failure = new Error('listener bug');
		await expect(
			readTurn('responses', body.stream, {
				onEvent: (event) => {
					if (event.type === 'text') throw failure;
				}
			})
		).rejects.toBe(failure);
		expect(body.cancelled).toBe(true);
	});
});

describe('a body that errors', () => {
	it('is an interrupted stream when the connection breaks', async () => {
		const turn = await collectTurn('responses', failingBody([cut], new TypeError('network error')));
		expect(turn).toMatchObject({ status: 'interrupted', text: PARTIAL });
		expect(turn.failure?.kind).toBe('stream_interrupted');
	});

	it('is cancelled when the request was aborted by the person', async () => {
		const abort = new DOMException('The operation was aborted.', 'AbortError');
		const turn = await collectTurn('responses', failingBody([cut], abort));
		expect(turn).toEqual({
			status: 'cancelled',
			text: PARTIAL,
			reasoning: '',
			images: [],
			tools: [],
			citations: []
		});
	});

	it('is stalled when the transport gave up with an IdleTimeoutError', async () => {
		const turn = await collectTurn('messages', failingBody([], new IdleTimeoutError(30_000)));
		expect(turn.failure?.kind).toBe('stream_stalled');
		expect(turn.status).toBe('interrupted');
	});

	it('is too large when the transport stopped it with a ResponseTooLargeError', async () => {
		const turn = await collectTurn(
			'responses',
			failingBody([cut], new ResponseTooLargeError(1024))
		);
		expect(turn).toMatchObject({ status: 'failed', text: PARTIAL });
		expect(turn.failure?.kind).toBe('response_too_large');
	});
});
