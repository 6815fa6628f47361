/** A Storage in memory, for code that takes one (sessionStorage, localStorage). */
export class MemoryStorage implements Storage {
	readonly #items = new Map<string, string>();
	get length(): number {
		return this.#items.size;
	}
	clear(): void {
		this.#items.clear();
	}
	getItem(key: string): string | null {
		return this.#items.get(key) ?? null;
	}
	key(index: number): string | null {
		return [...this.#items.keys()][index] ?? null;
	}
	removeItem(key: string): void {
		this.#items.delete(key);
	}
	setItem(key: string, value: string): void {
		this.#items.set(key, String(value));
	}
	/** Everything stored, for "no token is stored anywhere" checks. */
	dump(): string {
		return JSON.stringify([...this.#items]);
	}
}
