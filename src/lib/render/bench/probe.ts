/**
 * Arrival → after-paint latency (bench builds only): each delta's arrival time is recorded with the
 * text length it brings the message to; when a frame's DOM shows that length, the time after that
 * frame's paint (a message posted from the animation frame callback, which runs after rendering
 * and painting) closes it. (docs/reference/performance.md, "Method".)
 */
export class LatencyProbe {
	readonly latencies: number[] = [];
	readonly #lengths: number[] = [];
	readonly #times: number[] = [];
	#next = 0;

	/** Arrival times (performance.now()) of the first and the last delta. */
	get firstArrival(): number {
		return this.#times[0] ?? 0;
	}

	get lastArrival(): number {
		return this.#times.at(-1) ?? 0;
	}

	arrived(length: number): void {
		this.#lengths.push(length);
		this.#times.push(performance.now());
	}

	/** Called from an animation frame callback: the DOM now shows `length` characters. */
	rendered(length: number): void {
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			const paintedAt = performance.now();
			while (this.#next < this.#lengths.length && (this.#lengths[this.#next] ?? 0) <= length) {
				this.latencies.push(paintedAt - (this.#times[this.#next] ?? paintedAt));
				this.#next++;
			}
			channel.port1.close();
		};
		channel.port2.postMessage(0);
	}
}
