/**
 * A per-client token bucket, in memory. It is per process on purpose: it protects this replica
 * and the authorization server behind it, and needs no shared store (the app stays stateless).
 */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
	tokens: number;
	updatedAt: number;
}

export interface RateLimitOptions {
	burst: number;
	refillPerSecond: number;
	/** Beyond this many clients the least recently seen ones are forgotten (a full bucket again). */
	maxTrackedClients: number;
}

export class RateLimiter {
	readonly #buckets = new Map<string, Bucket>();

	constructor(private readonly options: RateLimitOptions) {}

	/** Takes one request's token for `client` at `now` (epoch ms). */
	take(client: string, now: number): RateDecision {
		const { burst, refillPerSecond } = this.options;
		const previous = this.#buckets.get(client);
		const elapsed = previous === undefined ? 0 : Math.max(0, now - previous.updatedAt) / 1000;
		const tokens = Math.min(burst, (previous?.tokens ?? burst) + elapsed * refillPerSecond);
		// Re-insert so that Map order is least recently seen first.
		this.#buckets.delete(client);
		if (tokens < 1) {
			this.#buckets.set(client, { tokens, updatedAt: now });
			return {
				allowed: false,
				retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / refillPerSecond))
			};
		}
		this.#buckets.set(client, { tokens: tokens - 1, updatedAt: now });
		this.#forgetOldest();
		return { allowed: true };
	}

	#forgetOldest(): void {
		while (this.#buckets.size > this.options.maxTrackedClients) {
			const oldest = this.#buckets.keys().next();
			if (oldest.done === true) return;
			this.#buckets.delete(oldest.value);
		}
	}
}
