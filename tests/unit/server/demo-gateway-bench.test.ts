import { afterEach, describe, expect, it, vi } from 'vitest';
import {
	benchBytesPerMs,
	benchSchedule
} from '../../../src/lib/server/demo-gateway/bench-pacing.ts';
import { tokenize } from '../../../src/lib/server/demo-gateway/answer.ts';
import { longBenchAnswer } from '../../../src/lib/server/demo-gateway/long-answer.ts';
import { readDemoRequest } from '../../../src/lib/server/demo-gateway/read-request.ts';
import { isRejection } from '../../../src/lib/server/demo-gateway/request.ts';
import { frame, type Step } from '../../../src/lib/server/demo-gateway/sse-player.ts';
import {
	MAX_STREAM_BYTES,
	streamPlan
} from '../../../src/lib/server/demo-gateway/stream-scenarios.ts';
import { messagesBody, responsesBody } from './demo-gateway-helpers.ts';

/**
 * The render benchmark's scenario: the long answer shaped like a model's, its size limit, and
 * pacing that keeps to the clock (the benchmark measures latency from when each delta was due).
 */

function plan(route: 'responses' | 'messages', prompt: string) {
	const body = route === 'messages' ? messagesBody(prompt) : responsesBody(prompt);
	const request = readDemoRequest(route, JSON.stringify(body));
	if (isRejection(request)) throw new Error('unexpected rejection');
	return streamPlan(request);
}

/** Takes every step without waiting: the events' payloads and the stream's bytes. */
function played(steps: Iterable<Step>) {
	const events: ({ type: string } & Record<string, unknown>)[] = [];
	let bytes = 0;
	for (const step of steps) {
		bytes += Buffer.byteLength(frame(step));
		if (step.kind === 'event') events.push(JSON.parse(step.data) as { type: string });
	}
	return { events, bytes };
}

function messagesText(events: ({ type: string } & Record<string, unknown>)[]): string {
	return events
		.filter((event) => event.type === 'content_block_delta')
		.map((event) => (event['delta'] as { text?: string }).text ?? '')
		.join('');
}

afterEach(() => {
	vi.restoreAllMocks();
});

describe('demo gateway: the bench scenario', () => {
	it('bench:300_<rate>_llm streams the whole long answer on the Messages route, under the 8 MB cap', () => {
		const { events, bytes } = played(plan('messages', '#scenario:bench:300_10000_llm').steps);
		const text = messagesText(events);
		expect(text).toBe(longBenchAnswer(300 * 1024));
		expect(events.at(-1)?.type).toBe('message_stop');
		expect(bytes).toBeLessThanOrEqual(MAX_STREAM_BYTES);
	});

	it('the long answer has what a long model answer has: long code in many languages, nested lists, tables', () => {
		const text = longBenchAnswer(300 * 1024);
		expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(300 * 1024);
		const languages = new Set(text.match(/^```(\w+)$/gm));
		expect(languages.size).toBeGreaterThanOrEqual(6);
		const longest = Math.max(
			...text.split(/^```\w+$/m).map((part) => part.split('```')[0]?.split('\n').length ?? 0)
		);
		expect(longest).toBeGreaterThanOrEqual(40);
		expect(text).toMatch(/^ {2}- .+\n {4}- /m);
		expect(text).toMatch(/^\| :--- \|/m);
		expect(text).toMatch(/^## \d+\. /m);
	});

	it('asks for at most 320 KB, and keeps the old 80 KB answer by default', () => {
		const capped = messagesText(
			played(plan('messages', '#scenario:bench:900_1000000').steps).events
		);
		expect(Buffer.byteLength(capped)).toBeGreaterThanOrEqual(320 * 1024);
		expect(Buffer.byteLength(capped)).toBeLessThan(330 * 1024);
		const fallback = messagesText(played(plan('messages', '#scenario:bench').steps).events);
		expect(Buffer.byteLength(fallback)).toBeGreaterThanOrEqual(80 * 1024);
		expect(Buffer.byteLength(fallback)).toBeLessThan(82 * 1024);
	});

	it('on the Responses route a 300 KB answer ends with the cap failure, never over 8 MB', () => {
		const { events, bytes } = played(plan('responses', '#scenario:bench:300_10000_llm').steps);
		expect(events.at(-1)?.type).toBe('response.failed');
		expect(bytes).toBeLessThanOrEqual(MAX_STREAM_BYTES);
	});
});

describe('demo gateway: bench pacing', () => {
	it('makes each batch due at the bytes sent before it over the rate', () => {
		const tokens = tokenize(longBenchAnswer(20 * 1024)).map((token) => Buffer.byteLength(token));
		const rate = benchBytesPerMs(10_000);
		const due = benchSchedule(tokens, rate);
		let before = 0;
		tokens.forEach((bytes, index) => {
			const at = due[index] ?? NaN;
			// Never before the rate allows, and at most one batch (8 ms of text) early.
			expect(at).toBeLessThanOrEqual(before / rate + 1e-9);
			expect(at).toBeGreaterThan(before / rate - 8 - bytes / rate);
			before += bytes;
		});
		expect(due.at(-1)).toBeGreaterThan(before / rate - 8 - 1);
	});

	it('waits until the next batch is due by the clock, so a late timer shortens the next pause', () => {
		let now = 1000;
		vi.spyOn(performance, 'now').mockImplementation(() => now);
		const tokensPerSecond = 3000;
		const steps = plan('messages', `#scenario:bench:20_${tokensPerSecond}`).steps;
		const deltaBytes: number[] = [];
		let firstDeltaAt: number | null = null;
		let lastDeltaAt = 0;
		for (const step of steps) {
			if (step.kind === 'pause') {
				// Every timer fires 3 ms late.
				now += step.ms + 3;
				continue;
			}
			if (step.kind !== 'event') continue;
			const event = JSON.parse(step.data) as { type: string; delta?: { text?: string } };
			if (event.type !== 'content_block_delta') continue;
			firstDeltaAt ??= now;
			lastDeltaAt = now;
			deltaBytes.push(Buffer.byteLength(event.delta?.text ?? ''));
		}
		const due = benchSchedule(deltaBytes, benchBytesPerMs(tokensPerSecond));
		const elapsed = lastDeltaAt - (firstDeltaAt ?? 0);
		// The last delta leaves when it is due, give or take one late timer — not 3 ms per pause late.
		expect(elapsed).toBeGreaterThanOrEqual(due.at(-1) ?? NaN);
		expect(elapsed).toBeLessThanOrEqual((due.at(-1) ?? NaN) + 4);
	});
});
