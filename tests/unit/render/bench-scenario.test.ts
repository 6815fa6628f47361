import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { benchAnswer } from '../../../src/lib/server/demo-gateway/answer.ts';
import { readDemoRequest } from '../../../src/lib/server/demo-gateway/read-request.ts';
import { isRejection } from '../../../src/lib/server/demo-gateway/request.ts';
import { planStream } from '../../../src/lib/server/demo-gateway/stream-scenarios.ts';
import type { RouteKind } from '../../../src/lib/wire/route-kind.ts';
import { messagesBody, responsesBody } from '../server/demo-gateway-helpers.ts';
import { renderAll } from './harness.ts';

/** The render benchmark's stream (`#scenario:bench`): a fixed document, paced at a fixed rate. */
function plan(route: RouteKind, prompt: string) {
	const body = route === 'messages' ? messagesBody(prompt) : responsesBody(prompt);
	const request = readDemoRequest(route, JSON.stringify(body));
	if (isRejection(request)) throw new Error('unexpected rejection');
	return planStream(request);
}

/**
 * When the last batch is due. The bench stream is paced against the clock (each pause waits until
 * the next batch is due), so with the clock held still every pause says how long after the first
 * delta its batch is due, and the last one when the whole answer is.
 */
function lastDue(steps: ReturnType<typeof plan>['steps']): number {
	return Math.max(...steps.flatMap((step) => (step.kind === 'pause' ? [step.ms] : [])));
}

function deltas(steps: ReturnType<typeof plan>['steps']): string {
	return steps
		.flatMap((step) =>
			step.kind === 'event' ? [JSON.parse(step.data) as Record<string, unknown>] : []
		)
		.map((event) => {
			const delta = event['delta'];
			if (event['type'] === 'response.output_text.delta' && typeof delta === 'string') return delta;
			if (typeof delta === 'object' && delta !== null && 'text' in delta) return String(delta.text);
			return '';
		})
		.join('');
}

describe('demo gateway: #scenario:bench', () => {
	it('is the same seeded document every time, of about the size asked, with code, lists and tables', () => {
		const text = benchAnswer(80 * 1024);
		expect(benchAnswer(80 * 1024)).toBe(text);
		expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(80 * 1024);
		expect(Buffer.byteLength(text)).toBeLessThan(82 * 1024);
		const html = renderAll(text);
		for (const tag of ['<table>', '<pre>', '<ol', '<ul', '<blockquote>', '<h2>', '<a '])
			expect(html).toContain(tag);
	});

	// The clock held still while the steps are planned (see lastDue).
	beforeEach(() => {
		vi.spyOn(performance, 'now').mockReturnValue(1_000);
	});
	afterEach(() => {
		vi.restoreAllMocks();
	});

	it.each(['responses', 'messages'] as const)(
		'%s: streams the document paced at 3,000 tokens of 3.15 bytes per second',
		(route) => {
			const { steps } = plan(route, '#scenario:bench:20');
			expect(deltas(steps)).toBe(benchAnswer(20 * 1024));
			const pacedMs = lastDue(steps);
			const nominalMs = (Buffer.byteLength(benchAnswer(20 * 1024)) / (3000 * 3.15)) * 1000;
			expect(Math.abs(pacedMs - nominalMs)).toBeLessThan(nominalMs * 0.02);
		}
	);

	it('takes the size and the rate as `bench:<KB>_<tokens/s>`', () => {
		const { steps } = plan('responses', '#scenario:bench:10_1000');
		const pacedMs = lastDue(steps);
		const nominalMs = (Buffer.byteLength(benchAnswer(10 * 1024)) / (1000 * 3.15)) * 1000;
		expect(Math.abs(pacedMs - nominalMs)).toBeLessThan(nominalMs * 0.02);
	});
});
