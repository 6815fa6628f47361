/**
 * The remembered model lists (src/lib/chat/model-list-memory.ts): one per gateway profile and
 * base URL, read back as written, and nothing read back that this app would not have written.
 */
import { describe, expect, it } from 'vitest';
import { ModelListMemory } from '../../../src/lib/chat/model-list-memory.ts';
import { MemoryStorage } from '../auth/memory-storage.ts';

const demo = { id: 'server', baseUrl: 'http://127.0.0.1:4173/demo' };
const underPath = { id: 'server', baseUrl: 'http://127.0.0.1:4173/tools/chat/demo' };

describe('ModelListMemory', () => {
	it('gives back the list each gateway answered last, kept apart by profile and base URL', () => {
		const memory = new ModelListMemory(new MemoryStorage());
		expect(memory.recall(demo)).toBeNull();
		memory.remember(demo, ['demo', 'demo-adaptive']);
		memory.remember(underPath, ['other']);
		memory.remember({ ...demo, id: 'custom-1' }, []);
		expect(memory.recall(demo)).toEqual(['demo', 'demo-adaptive']);
		expect(memory.recall(underPath)).toEqual(['other']);
		expect(memory.recall({ ...demo, id: 'custom-1' })).toEqual([]);
		memory.remember(demo, ['demo']);
		expect(memory.recall(demo)).toEqual(['demo']);
	});

	it('does not write an unchanged list again (each localStorage write costs a disk commit)', () => {
		const storage = new MemoryStorage();
		let writes = 0;
		const setItem = storage.setItem.bind(storage);
		storage.setItem = (key: string, value: string) => {
			writes++;
			setItem(key, value);
		};
		const memory = new ModelListMemory(storage);
		memory.remember(demo, ['demo', 'demo-adaptive']);
		memory.remember(demo, ['demo', 'demo-adaptive']);
		expect(writes).toBe(1);
		memory.remember(demo, ['demo']);
		expect(writes).toBe(2);
		expect(memory.recall(demo)).toEqual(['demo']);
	});

	it('reads nothing from a record that is not a list of ids', () => {
		const storage = new MemoryStorage();
		const memory = new ModelListMemory(storage);
		memory.remember(demo, ['demo']);
		const key = storage.key(0) ?? '';
		for (const stored of [
			'{',
			'{"a":1}',
			'[1,2]',
			'"demo"',
			'null',
			JSON.stringify(Array(5001).fill('m'))
		]) {
			storage.setItem(key, stored);
			expect(memory.recall(demo)).toBeNull();
		}
	});

	it('works without storage, and when storage refuses', () => {
		expect(new ModelListMemory(null).recall(demo)).toBeNull();
		const full = new MemoryStorage();
		full.setItem = () => {
			throw new DOMException('full', 'QuotaExceededError');
		};
		const memory = new ModelListMemory(full);
		expect(() => memory.remember(demo, ['demo'])).not.toThrow();
		expect(memory.recall(demo)).toBeNull();
	});
});
