import { describe, expect, it } from 'vitest';
import { median } from '../../bench/stats.ts';

describe('median', () => {
	it('is the middle value of an odd count, whatever the order', () => {
		expect(median([9, 1, 5])).toBe(5);
		expect(median([7])).toBe(7);
	});

	it('is the mean of the middle two of an even count, sorted numerically', () => {
		expect(median([10, 2, 100, 4])).toBe(7);
		expect(median([-3, 1])).toBe(-1);
	});

	it('shows no float noise', () => {
		expect(median([0.1, 0.2])).toBe(0.15);
	});

	it('is NaN for no values, not a number a report could mistake for a measure', () => {
		expect(median([])).toBeNaN();
	});

	it('leaves its input as it was', () => {
		const values = [3, 1, 2];
		median(values);
		expect(values).toEqual([3, 1, 2]);
	});
});
