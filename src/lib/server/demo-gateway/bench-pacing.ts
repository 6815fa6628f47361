/**
 * How the `bench` scenario paces its deltas: by bytes, at a token rate, against the clock. Deltas
 * leave in small batches (one batch per BENCH_PAUSE_MS of text at the rate), and each batch is
 * due at `first delta + bytes sent before it / rate`; the pause before a batch waits for that
 * moment, not for a fixed time, so timer lateness never adds up over a long answer. The render
 * benchmark reads the same schedule (`benchSchedule`) to measure latency from when each delta was
 * due, not from when a busy page got round to it (docs/reference/performance.md, "Method").
 */

/** Bytes per model token: 80 KB ≈ 26k tokens (docs/reference/performance.md). */
export const BENCH_BYTES_PER_TOKEN = 3.15;
/** Text worth this long at the rate leaves as one batch. */
const BENCH_PAUSE_MS = 8;

export function benchBytesPerMs(tokensPerSecond: number): number {
	return (Math.max(1, tokensPerSecond) * BENCH_BYTES_PER_TOKEN) / 1000;
}

export class BenchPacing {
	readonly #bytesPerMs: number;
	#sent = 0;
	#batch = 0;

	constructor(bytesPerMs: number) {
		this.#bytesPerMs = bytesPerMs;
	}

	/**
	 * Counts a delta of `bytes` as sent. Returns when the next delta is due, in ms after the first
	 * one, when the batch is full; null while it is not (the next delta goes at once).
	 */
	sent(bytes: number): number | null {
		this.#sent += bytes;
		this.#batch += bytes;
		if (this.#batch / this.#bytesPerMs < BENCH_PAUSE_MS) return null;
		this.#batch = 0;
		return this.#sent / this.#bytesPerMs;
	}
}

/**
 * When each of the deltas (their sizes in bytes, in order) is due, in ms after the first: the
 * schedule `BenchPacing` keeps.
 */
export function benchSchedule(deltaBytes: readonly number[], bytesPerMs: number): number[] {
	const pacing = new BenchPacing(bytesPerMs);
	let due = 0;
	return deltaBytes.map((bytes) => {
		const at = due;
		due = pacing.sent(bytes) ?? due;
		return at;
	});
}
