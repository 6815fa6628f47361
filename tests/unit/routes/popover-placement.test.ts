import { describe, expect, it } from 'vitest';
import { placeBelow } from '../../../src/routes/popover-placement.ts';

const phone = { width: 360, height: 740 };

describe('a popover opened from a button stays inside the viewport', () => {
	it('on a 360 px screen: as wide as the screen less its margins, never past an edge', () => {
		for (const right of [40, 180, 352, 360]) {
			const place = placeBelow({ top: 6, bottom: 50, right }, phone);
			expect(place.left).toBeGreaterThanOrEqual(8);
			expect(place.left + place.width).toBeLessThanOrEqual(352);
			expect(place.width).toBe(344);
			expect(place.top).toBe(54);
			expect((place.top ?? 0) + place.maxHeight).toBeLessThanOrEqual(740 - 8);
		}
	});

	it('on a wide screen: at most 22 rem, its right edge on the button’s', () => {
		const place = placeBelow({ top: 10, bottom: 46, right: 900 }, { width: 1280, height: 800 });
		expect(place.width).toBe(352);
		expect(place.left + place.width).toBe(900);
	});

	it('opens upwards when there is clearly more room above', () => {
		const place = placeBelow({ top: 600, bottom: 640, right: 300 }, phone);
		expect(place.top).toBeNull();
		expect(place.bottom).toBe(740 - 600 + 4);
		expect(place.maxHeight).toBe(600 - 4 - 8);
	});

	it('under an on-screen keyboard: no taller than the room left', () => {
		const place = placeBelow({ top: 6, bottom: 50, right: 352 }, { width: 360, height: 300 });
		expect(place.top).toBe(54);
		expect(place.maxHeight).toBe(300 - 50 - 4 - 8);
	});
});
