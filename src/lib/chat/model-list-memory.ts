/**
 * The last model list each gateway answered, kept in localStorage so that a returning visit shows
 * it (and can choose a model) at once, while the page asks the gateway again in the background.
 * One entry per gateway profile and base URL (the demo gateway's URL carries the app's BASE_PATH,
 * so apps sharing an origin keep theirs apart); validated on read like every stored record.
 */

/** More than any gateway lists; a record over it is not one this app wrote. */
const MAX_MODELS = 5000;
/** Each entry's name: this, then `<profile id> <base URL>`. */
export const MODEL_LIST_STORAGE_PREFIX = 'switchboard.models:';

export interface ModelListOwner {
	/** The gateway profile's id. */
	id: string;
	/** Its base URL, absolute. */
	baseUrl: string;
}

export class ModelListMemory {
	constructor(private readonly storage: Storage | null) {}

	#key(owner: ModelListOwner): string {
		return `${MODEL_LIST_STORAGE_PREFIX}${owner.id} ${owner.baseUrl}`;
	}

	/** The list `owner`'s gateway answered last time; `null` when none (or unreadable) is kept. */
	recall(owner: ModelListOwner): string[] | null {
		let value: unknown;
		try {
			const text = this.storage?.getItem(this.#key(owner));
			if (text === null || text === undefined) return null;
			value = JSON.parse(text);
		} catch {
			return null;
		}
		if (
			!Array.isArray(value) ||
			value.length > MAX_MODELS ||
			!value.every((id): id is string => typeof id === 'string')
		)
			return null;
		return value;
	}

	/**
	 * Keeps the list `owner`'s gateway just answered (storage full or refused: not kept). An
	 * unchanged list is not written again: most visits answer the same list, and each localStorage
	 * write costs a disk commit that delays the next one (a never-sent draft's among them).
	 */
	remember(owner: ModelListOwner, models: readonly string[]): void {
		try {
			const key = this.#key(owner);
			const text = JSON.stringify(models.slice(0, MAX_MODELS));
			if (this.storage?.getItem(key) !== text) this.storage?.setItem(key, text);
		} catch {
			// Quota or a policy: the next visit waits for the list, as a first one does.
		}
	}
}
