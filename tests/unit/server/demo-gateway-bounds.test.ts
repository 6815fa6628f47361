import { describe, expect, it } from 'vitest';
import { DemoGateway, handleDemoRequest } from '../../../src/lib/server/demo-gateway/index.ts';
import { readDemoRequest } from '../../../src/lib/server/demo-gateway/read-request.ts';
import { isRejection } from '../../../src/lib/server/demo-gateway/request.ts';
import { playSteps, type Step } from '../../../src/lib/server/demo-gateway/sse-player.ts';
import {
	MAX_STREAM_BYTES,
	streamPlan
} from '../../../src/lib/server/demo-gateway/stream-scenarios.ts';
import { backendBody, collect, messagesBody, post, responsesBody } from './demo-gateway-helpers.ts';

/**
 * What keeps one demo request from taking the server down: answers made only as fast as they are
 * read, work stopped when the reader leaves, at most 8 MB in one answer, a bounded number of
 * streams at once, and JSON bodies only (no cross-site `no-cors` POSTs).
 */

const ROUTES = [
	['/v1/responses', responsesBody, 'responses'],
	['/backend-api/codex/responses', backendBody, 'backend'],
	['/v1/messages', messagesBody, 'messages']
] as const;

const TERMINAL: Record<(typeof ROUTES)[number][2], string> = {
	responses: 'response.completed',
	backend: 'response.completed',
	messages: 'message_stop'
};

interface Counted {
	steps: Generator<Step>;
	/** How many steps the player has taken so far. */
	readonly taken: number;
	/** The player closed the generator (return()) or ran it to its end. */
	readonly finished: boolean;
}

/** Wraps steps so a test sees how far the player has advanced them and whether it let go. */
function counted(source: Iterable<Step>): Counted {
	let taken = 0;
	let finished = false;
	function* steps(): Generator<Step> {
		try {
			for (const step of source) {
				taken++;
				yield step;
			}
		} finally {
			finished = true;
		}
	}
	return {
		steps: steps(),
		get taken() {
			return taken;
		},
		get finished() {
			return finished;
		}
	};
}

function* events(count: number): Generator<Step> {
	for (let index = 0; index < count; index++)
		yield { kind: 'event', event: 'tick', data: JSON.stringify({ type: 'tick', index }) };
}

function demoRequest(route: 'responses' | 'backend' | 'messages', body: unknown) {
	const request = readDemoRequest(route, JSON.stringify(body));
	if (isRejection(request)) throw new Error(`unexpected rejection: ${JSON.stringify(request)}`);
	return request;
}

/** Reads a body to its end, but gives up (and cancels) as soon as it passes `limit` bytes. */
async function readUpTo(
	body: ReadableStream<Uint8Array> | null,
	limit: number
): Promise<{ bytes: number; chunks: Uint8Array[]; overran: boolean }> {
	const reader = body?.getReader();
	if (reader === undefined) throw new Error('no body');
	const chunks: Uint8Array[] = [];
	let bytes = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) return { bytes, chunks, overran: false };
		bytes += value.byteLength;
		if (bytes > limit) {
			await reader.cancel();
			return { bytes, chunks, overran: true };
		}
		chunks.push(value);
	}
}

const bodyOf = (chunks: Uint8Array[]): ReadableStream<Uint8Array> =>
	new Blob(chunks as BlobPart[]).stream();

function rawPost(
	path: string,
	body: BodyInit,
	headers: Record<string, string>,
	signal?: AbortSignal
): Request {
	return new Request(`http://gateway.test${path}`, {
		method: 'POST',
		headers,
		body,
		...(signal === undefined ? {} : { signal })
	});
}

describe('demo gateway bounds: frames are made only as the reader reads', () => {
	it('takes the next step only when the reader asks for more', async () => {
		const source = counted(events(10_000));
		const reader = playSteps(source.steps).getReader();
		const first = await reader.read();
		expect(new TextDecoder().decode(first.value)).toContain('"index":0');
		expect(source.taken).toBeLessThanOrEqual(2);
		await reader.read();
		expect(source.taken).toBeLessThanOrEqual(3);
		await reader.cancel();
		expect(source.finished).toBe(true);
	});

	it('batches unpaced frames into chunks of a few KB, still one chunk per read', async () => {
		const source = counted(events(10_000));
		const reader = playSteps(source.steps, { batchBytes: 4096 }).getReader();
		const { value } = await reader.read();
		const text = new TextDecoder().decode(value);
		// Several whole frames, and no more than one past the batch size.
		expect(text.match(/^data: /gm)?.length ?? 0).toBeGreaterThan(10);
		expect(text.endsWith('\n\n')).toBe(true);
		expect(value?.byteLength ?? 0).toBeLessThan(4096 + 100);
		expect(source.taken).toBeLessThan(200);
		await reader.cancel();
	});

	it('plays every frame of a batched stream in order, byte for byte', async () => {
		const frames = [...events(500)];
		const plain = await new Response(playSteps(frames)).text();
		const batched = await new Response(playSteps(frames, { batchBytes: 1000 })).text();
		expect(batched).toBe(plain);
		expect(plain.match(/^event: tick$/gm)).toHaveLength(500);
	});

	it('a huge answer is planned lazily: reading one chunk takes a few frames, not the answer', async () => {
		const plan = streamPlan(demoRequest('responses', responsesBody('#scenario:huge')));
		const source = counted(plan.steps);
		const reader = playSteps(source.steps, plan).getReader();
		const { value } = await reader.read();
		expect(new TextDecoder().decode(value)).toMatch(/^event: response\.created\n/);
		// The whole answer is tens of thousands of frames.
		expect(source.taken).toBeLessThan(200);
		await reader.cancel();
		const taken = source.taken;
		expect(source.finished).toBe(true);
		expect(source.taken).toBe(taken);
	});
});

describe('demo gateway bounds: leaving stops the work', () => {
	/** Steps that say when the player has taken `wait` (a pause or a hang) and whether it let go. */
	function waitingSteps(wait: Step) {
		let reached = (): void => undefined;
		const state = {
			waiting: new Promise<void>((resolve) => (reached = resolve)),
			after: false,
			finished: false
		};
		function* steps(): Generator<Step> {
			try {
				yield { kind: 'event', event: 'one', data: '1' };
				reached();
				yield wait;
				state.after = true;
				yield { kind: 'event', event: 'two', data: '2' };
			} finally {
				state.finished = true;
			}
		}
		return { steps: steps(), state };
	}

	it.each([
		['a pause', { kind: 'pause', ms: 3_600_000 }],
		['a hang', { kind: 'hang' }]
	] as const)('cancel in %s ends the pending read and closes the steps', async (_name, wait) => {
		const { steps, state } = waitingSteps(wait);
		const reader = playSteps(steps).getReader();
		await reader.read();
		const pending = reader.read();
		await state.waiting;
		await reader.cancel();
		expect((await pending).done).toBe(true);
		expect(state.finished).toBe(true);
		expect(state.after).toBe(false);
	});

	it('says it is over exactly once: on close, on error and on cancel', async () => {
		let closed = 0;
		await new Response(playSteps(events(3), { onSettled: () => closed++ })).text();
		expect(closed).toBe(1);

		let errored = 0;
		function* failing(): Generator<Step> {
			yield { kind: 'event', event: 'one', data: '1' };
			throw new Error('the plan broke');
		}
		const broken = playSteps(failing(), { onSettled: () => errored++ }).getReader();
		await broken.read();
		await expect(broken.read()).rejects.toThrow('the plan broke');
		expect(errored).toBe(1);

		let cancelled = 0;
		const left = playSteps(events(100), { onSettled: () => cancelled++ }).getReader();
		await left.read();
		await left.cancel();
		await left.cancel();
		expect(cancelled).toBe(1);
	});

	it('stops when the request is aborted, even if nobody cancels the body', async () => {
		const controller = new AbortController();
		const source = counted(events(10_000));
		let settled = 0;
		const reader = playSteps(source.steps, {
			signal: controller.signal,
			onSettled: () => settled++
		}).getReader();
		await reader.read();
		controller.abort();
		await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
		expect(source.finished).toBe(true);
		expect(settled).toBe(1);
	});
});

describe('demo gateway bounds: one answer is at most 8 MB', () => {
	it.each(ROUTES)(
		'%s: huge:8192 fits whole in the cap and ends with its terminal event',
		async (path, body, route) => {
			const response = await post(path, body('#scenario:huge:8192'));
			const read = await readUpTo(response.body, MAX_STREAM_BYTES);
			expect(read.overran).toBe(false);
			expect(read.bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
			const { events: played } = await collect(bodyOf(read.chunks));
			expect(played.at(-1)?.type).toBe(TERMINAL[route]);
			const text = played
				.map((event) =>
					event.type === 'response.output_text.delta'
						? String(event['delta'])
						: event.type === 'content_block_delta'
							? String((event['delta'] as { text?: string }).text ?? '')
							: ''
				)
				.join('');
			// Still a huge answer: well over a hundred KB of markdown.
			expect(Buffer.byteLength(text)).toBeGreaterThan(100 * 1024);
		}
	);

	it.each(ROUTES)(
		'%s: an answer that would pass the cap stops at it with a failure event, every frame whole',
		async (path, body, route) => {
			const cap = 64 * 1024;
			const gateway = new DemoGateway({ maxStreamBytes: cap });
			const response = await post(path, body('#scenario:huge:100'), {}, gateway);
			const read = await readUpTo(response.body, cap);
			expect(read.overran).toBe(false);
			const { frames, events: played } = await collect(bodyOf(read.chunks));
			expect(played.length).toBeGreaterThan(10);
			const last = played.at(-1);
			if (route === 'messages') {
				expect(frames.at(-1)?.event).toBe('error');
				expect(last).toMatchObject({ type: 'error', error: { type: 'api_error' } });
			} else {
				expect(last).toMatchObject({ type: 'response.failed', response: { status: 'failed' } });
				// Numbering stays gapless up to the failure.
				expect(last?.['sequence_number']).toBe(played.length - 1);
			}
			expect(JSON.stringify(last)).toMatch(/64 KB/);
			expect(played.some((event) => event.type === TERMINAL[route])).toBe(false);
		}
	);

	it.each(ROUTES)('%s: refuses a model id over 256 characters', async (path, body, route) => {
		const response = await post(path, body('hello', { model: 'm'.repeat(257) }));
		expect(response.status).toBe(400);
		const json = (await response.json()) as Record<string, unknown>;
		expect(JSON.stringify(json)).toMatch(/256/);
		if (route !== 'messages') expect(json).toMatchObject({ error: { param: 'model' } });
		const fine = await post(path, body('hello', { model: 'm'.repeat(256) }));
		expect(fine.status).toBe(200);
		await collect(fine.body);
	});

	it('names at most 20 attached files, each name shortened, whatever the request holds', async () => {
		const files = Array.from({ length: 500 }, (_, index) => ({
			type: 'input_file',
			filename: `${'long name '.repeat(1000)}${index}.pdf`,
			file_data: 'data:application/pdf;base64,'
		}));
		const response = await post(
			'/v1/responses',
			responsesBody('hi', {
				stream: false,
				input: [
					{
						type: 'message',
						role: 'user',
						content: [{ type: 'input_text', text: 'hi' }, ...files]
					}
				]
			})
		);
		expect(response.status).toBe(200);
		const { output } = (await response.json()) as {
			output: Array<{ content?: Array<{ text: string }> }>;
		};
		const text = output.at(-1)?.content?.[0]?.text ?? '';
		expect(text).toMatch(/^Attachments received: long name /);
		expect(text).toMatch(/, and 480 more\./);
		expect(text.length).toBeLessThan(8_000);
	});

	it('says in the scenario index how big huge gets and what the limits are', async () => {
		const response = await handleDemoRequest(new Request('http://gateway.test/'), {
			mountPath: '',
			cors: false
		});
		const index = (await response.json()) as {
			scenarios: Record<string, string>;
			limits: Record<string, string>;
		};
		expect(index.scenarios['huge']).toMatch(/8 MB/);
		expect(index.limits['answer']).toMatch(/8 MB/);
		expect(index.limits['streams']).toMatch(/32/);
		expect(index.limits['content-type']).toMatch(/application\/json/);
	});
});

describe('demo gateway bounds: streams at once', () => {
	/** A stream that stays open until cancelled: `stall` sends a few events, then nothing. */
	const open = (gateway: DemoGateway, path: string, body: (input: string) => unknown) =>
		post(path, body('#scenario:stall:2'), {}, gateway);

	it.each(ROUTES)(
		'%s: past the limit, answers 429 busy with retry-after, in the route’s error shape',
		async (path, body, route) => {
			const gateway = new DemoGateway({ maxStreams: 2 });
			const held = [await open(gateway, path, body), await open(gateway, path, body)];
			expect(held.map((response) => response.status)).toEqual([200, 200]);

			const refused = await post(path, body('hello'), {}, gateway);
			expect(refused.status).toBe(429);
			expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
			expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
			const requestId = refused.headers.get('x-request-id');
			const json = (await refused.json()) as Record<string, unknown>;
			if (route === 'messages') {
				expect(json).toEqual({
					type: 'error',
					error: { type: 'rate_limit_error', message: expect.any(String) as string },
					request_id: requestId
				});
			} else {
				expect(json).toMatchObject({
					error: { type: 'rate_limit_error', code: 'rate_limit_exceeded', param: null }
				});
			}
			expect(JSON.stringify(json)).toMatch(/demo gateway is busy with 2 streams/);
			await Promise.all(held.map(async (response) => response.body?.cancel()));
		}
	);

	it('gives the slot back when a stream ends', async () => {
		const gateway = new DemoGateway({ maxStreams: 1 });
		const first = await post('/v1/responses', responsesBody('#scenario:instant'), {}, gateway);
		expect((await post('/v1/responses', responsesBody('hi'), {}, gateway)).status).toBe(429);
		const { events: played } = await collect(first.body);
		expect(played.at(-1)?.type).toBe('response.completed');
		const next = await post('/v1/responses', responsesBody('#scenario:instant'), {}, gateway);
		expect(next.status).toBe(200);
		await collect(next.body);
	});

	it('gives the slot back when the reader cancels after one chunk', async () => {
		const gateway = new DemoGateway({ maxStreams: 1 });
		const first = await post('/v1/messages', messagesBody('#scenario:huge'), {}, gateway);
		const reader = first.body?.getReader();
		await reader?.read();
		expect((await post('/v1/messages', messagesBody('hi'), {}, gateway)).status).toBe(429);
		await reader?.cancel();
		const next = await post('/v1/messages', messagesBody('#scenario:instant'), {}, gateway);
		expect(next.status).toBe(200);
		expect((await collect(next.body)).events.at(-1)?.type).toBe('message_stop');
	});

	it('gives the slot back when the request is aborted mid-stream (the stream errors)', async () => {
		const gateway = new DemoGateway({ maxStreams: 1 });
		const controller = new AbortController();
		const first = await gateway.handle(
			rawPost(
				'/v1/responses',
				JSON.stringify(responsesBody('#scenario:slow')),
				{ 'content-type': 'application/json' },
				controller.signal
			),
			{ mountPath: '', cors: false }
		);
		const reader = first.body?.getReader();
		await reader?.read();
		controller.abort();
		await expect(reader?.read()).rejects.toMatchObject({ name: 'AbortError' });
		const next = await post('/v1/responses', responsesBody('#scenario:instant'), {}, gateway);
		expect(next.status).toBe(200);
		await collect(next.body);
	});

	it('holds no slot for answers that are not streams, nor for refused requests', async () => {
		const gateway = new DemoGateway({ maxStreams: 1 });
		for (let round = 0; round < 3; round++) {
			const json = await post('/v1/responses', responsesBody('hi', { stream: false }), {}, gateway);
			expect(json.status).toBe(200);
			const failure = await post(
				'/v1/responses',
				responsesBody('#scenario:rate-limited'),
				{},
				gateway
			);
			expect(failure.status).toBe(429);
			expect(await failure.text()).not.toMatch(/busy/);
			expect((await post('/v1/responses', '{not json', {}, gateway)).status).toBe(400);
		}
		const stream = await post('/v1/responses', responsesBody('hi'), {}, gateway);
		expect(stream.status).toBe(200);
		await collect(stream.body);
	});

	it('allows 32 streams at once by default', async () => {
		const gateway = new DemoGateway();
		const held = await Promise.all(
			Array.from({ length: 32 }, () => open(gateway, '/v1/responses', responsesBody))
		);
		expect(held.every((response) => response.status === 200)).toBe(true);
		const refused = await open(gateway, '/v1/responses', responsesBody);
		expect(refused.status).toBe(429);
		expect(await refused.text()).toMatch(/busy with 32 streams/);
		await Promise.all(held.map(async (response) => response.body?.cancel()));
	});
});

describe('demo gateway bounds: JSON bodies only', () => {
	const json = JSON.stringify(responsesBody('hello'));

	it.each([
		['text/plain', 'text/plain'],
		['text/plain;charset=UTF-8', 'text/plain;charset=UTF-8'],
		['a form', 'application/x-www-form-urlencoded'],
		['multipart', 'multipart/form-data; boundary=x'],
		['a JSON look-alike', 'application/jsonp']
	])('refuses %s with 415 before reading the body', async (_name, contentType) => {
		for (const [path, , route] of ROUTES) {
			const request = rawPost(path, json, { 'content-type': contentType });
			const response = await handleDemoRequest(request, { mountPath: '', cors: false });
			expect(response.status).toBe(415);
			expect(request.bodyUsed).toBe(false);
			const body = (await response.json()) as Record<string, unknown>;
			const message = JSON.stringify(body);
			expect(message).toMatch(/application\/json/);
			if (route === 'messages') {
				expect(body).toMatchObject({
					type: 'error',
					error: { type: 'invalid_request_error' },
					request_id: response.headers.get('request-id')
				});
			} else {
				expect(body).toMatchObject({ error: { type: 'invalid_request_error', param: null } });
			}
		}
	});

	it('refuses a body sent with no content type at all', async () => {
		const request = rawPost('/v1/responses', new TextEncoder().encode(json), {});
		expect(request.headers.get('content-type')).toBeNull();
		const response = await handleDemoRequest(request, { mountPath: '', cors: true });
		expect(response.status).toBe(415);
		expect(response.headers.get('access-control-allow-origin')).toBe('*');
		expect(await response.text()).toMatch(/content type/i);
	});

	it.each([
		'application/json',
		'application/json; charset=utf-8',
		'Application/JSON;Charset=UTF-8'
	])('accepts %s', async (contentType) => {
		for (const [path, body, route] of ROUTES) {
			const response = await handleDemoRequest(
				rawPost(path, JSON.stringify(body('hello')), { 'content-type': contentType }),
				{ mountPath: '', cors: false }
			);
			expect(response.status).toBe(200);
			expect((await collect(response.body)).events.at(-1)?.type).toBe(TERMINAL[route]);
		}
	});
});
