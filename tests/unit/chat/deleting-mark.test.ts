import { afterEach, describe, expect, it, vi } from 'vitest';
import {
	forgetDeletingMark,
	markDeleting,
	takeDeletingMark
} from '../../../src/lib/chat/storage/deleting-mark.ts';

/** A localStorage of this test's own (Node has none). */
function stubStorage(): Map<string, string> {
	const items = new Map<string, string>();
	vi.stubGlobal('localStorage', {
		getItem: (key: string) => items.get(key) ?? null,
		setItem: (key: string, value: string) => void items.set(key, value),
		removeItem: (key: string) => void items.delete(key)
	});
	return items;
}

afterEach(() => vi.unstubAllGlobals());

describe('the mark of a delete made final as the page went away', () => {
	it('is taken once by the next load', () => {
		stubStorage();
		markDeleting('c1');
		expect(takeDeletingMark()).toBe('c1');
		expect(takeDeletingMark()).toBeNull();
	});

	it('is forgotten once that delete is done, but not another one marked since', () => {
		stubStorage();
		markDeleting('c1');
		forgetDeletingMark('c1');
		expect(takeDeletingMark()).toBeNull();
		markDeleting('c2');
		forgetDeletingMark('c1');
		expect(takeDeletingMark()).toBe('c2');
	});

	it('without storage, or with it refusing, is nothing and throws nothing', () => {
		vi.stubGlobal('localStorage', {
			getItem: () => {
				throw new DOMException('denied', 'SecurityError');
			},
			setItem: () => {
				throw new DOMException('full', 'QuotaExceededError');
			},
			removeItem: () => undefined
		});
		expect(() => markDeleting('c1')).not.toThrow();
		expect(() => forgetDeletingMark('c1')).not.toThrow();
		expect(takeDeletingMark()).toBeNull();
		vi.stubGlobal('localStorage', undefined);
		expect(takeDeletingMark()).toBeNull();
	});
});
