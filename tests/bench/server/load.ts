/**
 * What the server benchmark measures while it loads a server: how long `/healthz` takes to
 * answer (a person's next click waits as long), how much memory the server process holds, and
 * what each streamed request got.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The resident set of process `pid`, in MB (Linux `/proc`). */
export function rssMb(pid: number): number {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8');
	const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? NaN);
	return kb / 1024;
}

export function percentile(values: readonly number[], p: number): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export interface Watch {
	/** Stops watching; resolves with what was seen. */
	stop(): Promise<{ healthzMs: number[]; healthzFailures: number; rssMb: number[] }>;
}

/**
 * Asks `/healthz` one request after another from a process of its own (probe.ts), as a person's
 * next click would wait, and samples the server's memory every 50 ms, until stopped.
 */
export function watchServer(url: string, pid: number): Watch {
	const memory: number[] = [rssMb(pid)];
	const sampler = setInterval(() => memory.push(rssMb(pid)), 50);
	const probe = spawn(
		process.execPath,
		['--import', 'tsx', fileURLToPath(new URL('probe.ts', import.meta.url)), url],
		{ stdio: ['ignore', 'pipe', 'inherit'] }
	);
	let output = '';
	probe.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
	const exited = new Promise<void>((resolve) => probe.once('exit', () => resolve()));
	return {
		async stop() {
			clearInterval(sampler);
			probe.kill('SIGTERM');
			await exited;
			memory.push(rssMb(pid));
			const seen = JSON.parse(output || '{"latencies":[],"failures":1}') as {
				latencies: number[];
				failures: number;
			};
			return { healthzMs: seen.latencies, healthzFailures: seen.failures, rssMb: memory };
		}
	};
}

export interface StreamOutcome {
	status: number;
	bytes: number;
	/** The body ended with one of the stream's terminal events. */
	complete: boolean;
	error?: string;
}

/**
 * POSTs `body` as JSON and reads the answer: to its end, or (`readForMs`) for that long and then
 * gives up, like a person who closes the tab.
 */
export async function stream(
	url: string,
	body: unknown,
	terminal: RegExp,
	readForMs?: number
): Promise<StreamOutcome> {
	const abort = new AbortController();
	const timer = readForMs === undefined ? undefined : setTimeout(() => abort.abort(), readForMs);
	let bytes = 0;
	let status = 0;
	let tail = '';
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
			signal: abort.signal
		});
		status = response.status;
		if (response.body === null) return { status, bytes, complete: false };
		const decoder = new TextDecoder();
		let complete = false;
		for await (const chunk of response.body) {
			bytes += chunk.byteLength;
			// The terminal event's data can be long (a completed response repeats the whole answer):
			// look for its name as it passes, across chunk boundaries.
			const seen = tail + decoder.decode(chunk, { stream: true });
			complete ||= terminal.test(seen);
			tail = seen.slice(-100);
		}
		return { status, bytes, complete };
	} catch (error) {
		const aborted = abort.signal.aborted;
		return {
			status,
			bytes,
			complete: false,
			...(aborted ? {} : { error: error instanceof Error ? error.message : String(error) })
		};
	} finally {
		clearTimeout(timer);
	}
}
