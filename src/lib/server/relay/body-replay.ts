/**
 * The request body as the relay sends it, readable again from its start until the gateway has
 * begun to answer: a request that fails on a kept-alive connection the gateway had just closed
 * (forward.ts) is sent once more on a new one, and the bytes already taken from the browser must
 * go with it. Each attempt reads by position; one read of the source is in flight at a time, so
 * two attempts never take different chunks for the same position.
 *
 * What is kept is bounded by the relay's body cap (capped-body.ts sits before this), and only
 * until `settle()`: once an answer begins, nothing will be sent again, and the chunks are let go.
 */
export class ReplayableBody {
	readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
	#kept: Uint8Array[] = [];
	#read = 0;
	#keeping = true;
	#ended = false;
	#inFlight: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;

	constructor(source: ReadableStream<Uint8Array>) {
		this.#reader = source.getReader();
	}

	/** Whether an attempt may still start from the beginning. */
	get replayable(): boolean {
		return this.#keeping;
	}

	/** The chunk at `position` (0-based), reading the source when it has not been read yet. */
	chunkAt(position: number): Promise<ReadableStreamReadResult<Uint8Array>> {
		if (position < this.#read) {
			const kept = this.#kept[position];
			if (!this.#keeping || kept === undefined)
				return Promise.reject(new Error('The request body can no longer be sent again.'));
			return Promise.resolve({ done: false, value: kept });
		}
		if (this.#ended) return Promise.resolve({ done: true, value: undefined });
		this.#inFlight ??= this.#reader.read().then(
			(result) => {
				this.#inFlight = null;
				if (result.done) this.#ended = true;
				else {
					this.#read += 1;
					if (this.#keeping) this.#kept.push(result.value);
				}
				return result;
			},
			(error: unknown) => {
				this.#inFlight = null;
				throw error;
			}
		);
		return this.#inFlight;
	}

	/** Nothing will be sent again: the kept chunks are let go. */
	settle(): void {
		this.#keeping = false;
		this.#kept = [];
	}
}
