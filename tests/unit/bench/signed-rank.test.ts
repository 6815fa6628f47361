import { describe, expect, it } from 'vitest';
import { signedRankP } from '../../bench/cold/signed-rank.ts';

describe('signedRankP (Wilcoxon signed-rank, two-sided, exact)', () => {
	it('is 2 / 2^n when every pair goes the same way', () => {
		expect(signedRankP([-5, -1, -30, -2, -8, -13, -21, -3])).toBeCloseTo(2 / 256, 12);
		expect(signedRankP([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBeCloseTo(2 / 1024, 12);
	});

	it('counts the sign assignments as far from the middle as the one observed', () => {
		// Ranks 1–4, positive 1 and 3: W+ = 4 against a mean of 5; only {1,4} and {2,3} sum to 5.
		expect(signedRankP([1, -2, 3, -4])).toBeCloseTo(14 / 16, 12);
	});

	it('leaves out zero differences and gives tied magnitudes their average rank', () => {
		expect(signedRankP([0, -3, -3, -1])).toBeCloseTo(2 / 8, 12);
		// Ranks 1.5, 1.5, 3: W+ = 1.5 against 3; sums at least 1.5 away: 0, 1.5, 1.5, 4.5, 4.5, 6.
		expect(signedRankP([2, -2, -7])).toBeCloseTo(6 / 8, 12);
		expect(signedRankP([0, 0])).toBe(1);
	});
});
