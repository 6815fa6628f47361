import { afterEach, describe, expect, it, vi } from 'vitest';
import {
	ConnectTimeoutError,
	IdleTimeoutError,
	ResponseTooLargeError,
	classifyThrown,
	isUserAbort
} from '../../../src/lib/failure/index.ts';

afterEach(() => {
	vi.unstubAllGlobals();
});

describe('isUserAbort', () => {
	it('is true for a DOMException AbortError and an Error named AbortError', () => {
		expect(isUserAbort(new DOMException('The operation was aborted.', 'AbortError'))).toBe(true);
		const error = new Error('This operation was aborted');
		error.name = 'AbortError';
		expect(isUserAbort(error)).toBe(true);
	});

	it('is false for our own timeouts, AbortSignal.timeout() and anything else', () => {
		expect(isUserAbort(new ConnectTimeoutError(10_000))).toBe(false);
		expect(isUserAbort(new IdleTimeoutError(10_000))).toBe(false);
		expect(isUserAbort(new DOMException('signal timed out', 'TimeoutError'))).toBe(false);
		expect(isUserAbort(new TypeError('Failed to fetch'))).toBe(false);
		expect(isUserAbort('AbortError')).toBe(false);
		expect(isUserAbort(null)).toBe(false);
	});

	it('is what the real AbortController produces', async () => {
		const controller = new AbortController();
		controller.abort();
		const reason: unknown = controller.signal.reason;
		expect(isUserAbort(reason)).toBe(true);
		await expect(fetch('http://127.0.0.1:9/', { signal: controller.signal })).rejects.toSatisfy(
			isUserAbort
		);
	});
});

describe('classifyThrown', () => {
	it('answers unknown with code aborted for an abort (callers check isUserAbort first)', () => {
		const failure = classifyThrown(new DOMException('aborted', 'AbortError'));
		expect(failure.kind).toBe('unknown');
		expect(failure.code).toBe('aborted');
	});

	it('reads navigator.onLine when the runtime has one', () => {
		vi.stubGlobal('navigator', { onLine: false });
		expect(classifyThrown(new TypeError('Failed to fetch')).networkCase).toBe('offline');
		vi.stubGlobal('navigator', { onLine: true });
		expect(classifyThrown(new TypeError('Failed to fetch')).networkCase).toBe('refused_or_blocked');
	});

	it('finds the connect timeout passed as an abort reason or as a cause', () => {
		const direct = classifyThrown(new ConnectTimeoutError(15_000), { online: true });
		expect(direct).toMatchObject({ kind: 'network', networkCase: 'timeout' });
		expect(direct.message).toContain('15 s');
		const wrapped = classifyThrown(
			new TypeError('fetch failed', { cause: new ConnectTimeoutError(15_000) })
		);
		expect(wrapped).toMatchObject({ kind: 'network', networkCase: 'timeout' });
	});

	it('says offline rather than timed out when the device has no network', () => {
		const failure = classifyThrown(new ConnectTimeoutError(30_000), { online: false });
		expect(failure).toMatchObject({ kind: 'network', networkCase: 'offline' });
	});

	it('treats AbortSignal.timeout() as a connect timeout, or an interruption mid-stream', () => {
		const timeout = new DOMException('The operation timed out.', 'TimeoutError');
		expect(classifyThrown(timeout)).toMatchObject({ kind: 'network', networkCase: 'timeout' });
		expect(classifyThrown(timeout, { during: 'stream' }).kind).toBe('stream_interrupted');
	});

	it('reads codes from AggregateError members in the cause chain (happy eyeballs)', () => {
		const refused = (address: string) =>
			Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
		const error = new TypeError('fetch failed', {
			cause: new AggregateError([refused('::1:443'), refused('127.0.0.1:443')])
		});
		const failure = classifyThrown(error, { online: true });
		expect(failure).toMatchObject({
			kind: 'network',
			networkCase: 'refused_or_blocked',
			code: 'ECONNREFUSED'
		});
		expect(failure.message).toBe('The gateway refused the connection.');
	});

	it('calls a refused TLS certificate what it is', () => {
		const cause = Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' });
		const failure = classifyThrown(new TypeError('fetch failed', { cause }), { online: true });
		expect(failure.networkCase).toBe('refused_or_blocked');
		expect(failure.message).toContain('certificate');
	});

	it('tells a failed load of the app itself from a failed request, in every engine', () => {
		for (const message of [
			'Failed to fetch dynamically imported module: https://chat.example.com/_app/immutable/entry/app.js',
			'error loading dynamically imported module: https://chat.example.com/_app/immutable/nodes/3.js',
			'Importing a module script failed.',
			'Unable to preload CSS for /_app/immutable/assets/0.css'
		]) {
			expect(classifyThrown(new TypeError(message)).kind).toBe('asset_timeout');
		}
		const chunk = new Error('Loading chunk 42 failed.');
		chunk.name = 'ChunkLoadError';
		expect(classifyThrown(chunk).kind).toBe('asset_timeout');
	});

	it('keeps a described raw text for the details view', () => {
		const failure = classifyThrown(new IdleTimeoutError(60_000));
		expect(failure.kind).toBe('stream_stalled');
		expect(failure.raw).toContain('IdleTimeoutError');
		expect(classifyThrown(new ResponseTooLargeError(1024)).kind).toBe('response_too_large');
	});

	it('passes through a Failure thrown by a lower layer, re-checked', () => {
		const failure = classifyThrown({
			kind: 'stream_interrupted',
			message: '<b>cut</b> off',
			status: 'x',
			extra: 1
		});
		expect(failure).toEqual({ kind: 'stream_interrupted', message: 'cut off' });
	});

	it('never throws, whatever is thrown', () => {
		const hostile = new Proxy(
			{},
			{
				get() {
					throw new Error('no');
				}
			}
		);
		for (const value of [
			undefined,
			null,
			42,
			'plain string',
			Symbol('s'),
			hostile,
			{ message: 7 }
		]) {
			const failure = classifyThrown(value);
			expect(failure.kind).toBe('unknown');
			expect(failure.message.length).toBeGreaterThan(0);
		}
	});
});
