import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../src/lib/server/oauth/rate-limit.ts';

describe('RateLimiter (token bucket per client)', () => {
	it('allows a burst, then refuses with the seconds until the next token', () => {
		const limiter = new RateLimiter({ burst: 3, refillPerSecond: 0.25, maxTrackedClients: 10 });
		const t = 1_000_000;
		expect([1, 2, 3].map(() => limiter.take('a', t).allowed)).toEqual([true, true, true]);
		expect(limiter.take('a', t)).toEqual({ allowed: false, retryAfterSeconds: 4 });
		expect(limiter.take('a', t + 2000)).toEqual({ allowed: false, retryAfterSeconds: 2 });
		expect(limiter.take('a', t + 4000)).toEqual({ allowed: true });
		expect(limiter.take('b', t)).toEqual({ allowed: true });
	});

	it('forgets the least recently seen clients beyond its cap (they start full again)', () => {
		const limiter = new RateLimiter({ burst: 1, refillPerSecond: 0.001, maxTrackedClients: 2 });
		expect(limiter.take('a', 0).allowed).toBe(true);
		expect(limiter.take('a', 0).allowed).toBe(false);
		limiter.take('b', 0);
		limiter.take('c', 0);
		expect(limiter.take('a', 0).allowed).toBe(true);
	});
});
