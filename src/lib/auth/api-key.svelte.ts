/**
 * API-key mode: a key the person pastes for the gateway, per gateway profile (the gateway's base
 * URL). Held in memory for this page; only when the person ticks "remember" is it written to
 * localStorage, which any script on this origin and anyone using this browser profile can read —
 * the UI says so, and "forget key" removes it. Only ever shown masked. A key holding a character
 * no key can hold (api-key-check.ts) is refused, and a remembered one is not used.
 */
import { keyCharacterProblem, type KeyCharacterProblem } from './api-key-check.ts';

export const API_KEY_STORAGE_PREFIX = 'switchboard.api-key:';

/** `••••` and the last four characters, enough to tell keys apart without revealing one. */
export function maskKey(key: string): string {
	return key.length >= 12 ? `••••${key.slice(-4)}` : '••••';
}

export class ApiKeySession {
	#key = $state<string | null>(null);
	#remembered = $state(false);
	#profile: string | null = null;
	/** Told when the person enters a key (a failed turn waiting for one is sent again). */
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- listeners are not rendered from
	readonly #onSet = new Set<() => void>();

	constructor(private readonly storage: Storage | null) {}

	get hasKey(): boolean {
		return this.#key !== null;
	}
	get masked(): string {
		return this.#key === null ? '' : maskKey(this.#key);
	}
	/** The key is saved on this device (localStorage), not just held for this page. */
	get remembered(): boolean {
		return this.#remembered;
	}

	/** The key to send; a method, so it is never rendered by accident. */
	key(): string | null {
		return this.#key;
	}

	/** Switches to the gateway profile `profile`, loading its remembered key if there is one. */
	configure(profile: string): void {
		if (profile === this.#profile) return;
		this.#profile = profile;
		const saved = this.#read();
		this.#key = saved;
		this.#remembered = saved !== null;
	}

	/**
	 * Takes `key` (without the white space around it) for this gateway profile: 'taken', or why
	 * not — 'empty', or the first character a key cannot hold. A refused key changes nothing.
	 */
	set(key: string, remember: boolean): 'taken' | 'empty' | KeyCharacterProblem {
		const trimmed = key.trim();
		if (trimmed === '') return 'empty';
		const problem = keyCharacterProblem(trimmed);
		if (problem !== null) return problem;
		this.#key = trimmed;
		this.#remembered = remember;
		if (remember) this.#write(trimmed);
		else this.#remove();
		for (const listener of this.#onSet) listener();
		return 'taken';
	}

	/** `listener` runs each time a key is entered; returns the function that stops it. */
	onKeySet(listener: () => void): () => void {
		this.#onSet.add(listener);
		return () => this.#onSet.delete(listener);
	}

	forget(): void {
		this.#key = null;
		this.#remembered = false;
		this.#remove();
	}

	#storageKey(): string | null {
		return this.#profile === null ? null : `${API_KEY_STORAGE_PREFIX}${this.#profile}`;
	}

	#read(): string | null {
		const name = this.#storageKey();
		if (name === null || this.storage === null) return null;
		try {
			const value = this.storage.getItem(name)?.trim() ?? '';
			// Saved before keys were checked: it would fail every request, so it is not used.
			return value === '' || keyCharacterProblem(value) !== null ? null : value;
		} catch {
			return null;
		}
	}

	#write(key: string): void {
		const name = this.#storageKey();
		if (name === null || this.storage === null) return;
		try {
			this.storage.setItem(name, key);
		} catch {
			// Storage full or blocked: the key still works for this page.
			this.#remembered = false;
		}
	}

	#remove(): void {
		const name = this.#storageKey();
		if (name === null || this.storage === null) return;
		try {
			this.storage.removeItem(name);
		} catch {
			// Nothing to do: storage is unavailable.
		}
	}
}
