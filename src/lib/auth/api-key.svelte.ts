/**
 * API-key mode: a key the person pastes for the gateway, per gateway profile and its base URL.
 * Held in memory for this page; only when the person ticks "remember" is it written to
 * localStorage, which any script on this origin and anyone using this browser profile can read —
 * the UI says so, and "forget key" removes it. Only ever shown masked. A key holding a character
 * no key can hold (api-key-check.ts) is refused, and a remembered one is not used.
 */
import { MODEL_LIST_STORAGE_PREFIX } from '../chat/model-list-memory.ts';
import { SERVER_PROFILE_ID } from '../chat/settings.ts';
import { keyCharacterProblem, type KeyCharacterProblem } from './api-key-check.ts';

/**
 * A remembered key's name: this, then `<profile id> <base URL>`. The base URL is part of it
 * because apps deployed under different BASE_PATHs on one origin share localStorage and each calls
 * its own gateway `server`; with it, a key goes only to the gateway it was entered for. (Keys
 * remembered before were named `<profile id>` alone; see `#adoptUntied`.)
 */
export const API_KEY_STORAGE_PREFIX = 'switchboard.api-key:';

/** The name a key is remembered under for gateway profile `id` at `baseUrl`. */
const rememberedKeyName = (id: string, baseUrl: string): string =>
	`${API_KEY_STORAGE_PREFIX}${id} ${baseUrl}`;
/** The name a key was remembered under before keys were tied to a base URL. */
const untiedKeyName = (id: string): string => API_KEY_STORAGE_PREFIX + id;

/** `••••` and the last four characters, enough to tell keys apart without revealing one. */
export function maskKey(key: string): string {
	return key.length >= 12 ? `••••${key.slice(-4)}` : '••••';
}

export class ApiKeySession {
	#key = $state<string | null>(null);
	#remembered = $state(false);
	#profile: { id: string; baseUrl: string } | null = null;
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

	/**
	 * Switches to the gateway profile `id` at `baseUrl`, loading the key remembered for it if there
	 * is one.
	 */
	configure(id: string, baseUrl: string): void {
		if (id === this.#profile?.id && baseUrl === this.#profile.baseUrl) return;
		this.#profile = { id, baseUrl };
		const saved = this.#read() ?? this.#adoptUntied(id);
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

	/** A gateway profile was removed: the key remembered for it goes too (and from memory). */
	forgetProfile(id: string, baseUrl: string): void {
		if (id === this.#profile?.id && baseUrl === this.#profile.baseUrl) this.forget();
		try {
			this.storage?.removeItem(rememberedKeyName(id, baseUrl));
			this.storage?.removeItem(untiedKeyName(id));
		} catch {
			// Nothing to do: storage is unavailable.
		}
	}

	#storageKey(): string | null {
		const profile = this.#profile;
		return profile === null ? null : rememberedKeyName(profile.id, profile.baseUrl);
	}

	/**
	 * A key remembered under the profile id alone, from before keys were tied to a base URL: moved
	 * to this gateway's name when it can only have been entered for it. A person-added profile's id
	 * is unique to one gateway. The server's profile is `server` in every deployment, so its key is
	 * taken only when this origin's remembered model lists know no other server gateway; otherwise
	 * it stays unused, and the person enters the key again rather than it reaching the wrong one.
	 */
	#adoptUntied(id: string): string | null {
		const storage = this.storage;
		const name = this.#storageKey();
		if (storage === null || name === null) return null;
		try {
			const untied = untiedKeyName(id);
			const value = storage.getItem(untied)?.trim() ?? '';
			if (value === '' || keyCharacterProblem(value) !== null) return null;
			if (id === SERVER_PROFILE_ID && this.#otherServerGatewayKnown()) return null;
			storage.setItem(name, value);
			storage.removeItem(untied);
			return value;
		} catch {
			return null;
		}
	}

	#otherServerGatewayKnown(): boolean {
		const storage = this.storage;
		if (storage === null) return false;
		const ours = `${MODEL_LIST_STORAGE_PREFIX}${SERVER_PROFILE_ID} ${this.#profile?.baseUrl ?? ''}`;
		for (let index = 0; index < storage.length; index++) {
			const name = storage.key(index) ?? '';
			if (name.startsWith(`${MODEL_LIST_STORAGE_PREFIX}${SERVER_PROFILE_ID} `) && name !== ours)
				return true;
		}
		return false;
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
