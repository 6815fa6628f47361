/** Node has no localStorage: a Map-backed `Storage` stands in (the unload journal's tests). */
export class MapStorage implements Storage {
	readonly #items = new Map<string, string>();
	get length(): number {
		return this.#items.size;
	}
	key(index: number): string | null {
		return [...this.#items.keys()][index] ?? null;
	}
	getItem(key: string): string | null {
		return this.#items.get(key) ?? null;
	}
	setItem(key: string, value: string): void {
		this.#items.set(key, value);
	}
	removeItem(key: string): void {
		this.#items.delete(key);
	}
	clear(): void {
		this.#items.clear();
	}
}

/** Installs a fresh `MapStorage` as `globalThis.localStorage`; returns the function that removes it. */
export function installMapStorage(): () => void {
	Object.defineProperty(globalThis, 'localStorage', {
		value: new MapStorage(),
		configurable: true
	});
	return () => Reflect.deleteProperty(globalThis, 'localStorage');
}
