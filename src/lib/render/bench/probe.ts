/**
 * What the render benchmark reads back to measure latency (bench builds only): when each delta
 * was handed to the renderer, with the text length it brings the message to, and when each frame
 * whose DOM shows a given length was painted (a message posted from the animation frame callback,
 * which runs after that frame's rendering and painting). The benchmark pairs them up, from each
 * delta's hand-over and from when the gateway's schedule had it due (docs/reference/performance.md,
 * "Method").
 */
export class LatencyProbe {
	/** Pairs of (message length, performance.now()) per delta handed to the renderer. */
	readonly arrivals: number[] = [];
	/** Pairs of (length the DOM shows, performance.now() after that frame's paint). */
	readonly paints: number[] = [];

	arrived(length: number): void {
		this.arrivals.push(length, performance.now());
	}

	/** Called from an animation frame callback: the DOM now shows `length` characters. */
	rendered(length: number): void {
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			this.paints.push(length, performance.now());
			channel.port1.close();
		};
		channel.port2.postMessage(0);
	}
}
