/**
 * How many answers one demo gateway works on at once. A POST takes a slot before its body is read;
 * an answer that is not a stream gives it back as soon as it is made, a stream keeps it until it
 * is over (played to its end, failed, or cancelled because the client left). When every slot is
 * taken the gateway answers 429 instead of starting more work.
 */

export class StreamSlots {
	readonly limit: number;
	#taken = 0;

	constructor(limit: number) {
		this.limit = Math.max(1, Math.floor(limit));
	}

	/** A slot, or null when all of them are taken. */
	take(): StreamSlot | null {
		if (this.#taken >= this.limit) return null;
		this.#taken++;
		return new StreamSlot(() => this.#taken--);
	}
}

export class StreamSlot {
	readonly #free: () => void;
	#kept = false;
	#released = false;

	constructor(free: () => void) {
		this.#free = free;
	}

	/** Gives the slot back; only the first call counts. */
	release(): void {
		if (this.#released) return;
		this.#released = true;
		this.#free();
	}

	/** A stream now holds the slot, until it calls the function returned. */
	keep(): () => void {
		this.#kept = true;
		return () => this.release();
	}

	/** Gives the slot back unless a stream holds it (the answer is made and it was not a stream). */
	releaseUnlessKept(): void {
		if (!this.#kept) this.release();
	}
}
