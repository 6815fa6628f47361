/**
 * Object URLs for the files attached to a conversation's prompts, made when first asked for (the
 * bytes are read from storage once) and revoked on `dispose`.
 */
export class AttachmentPreviews {
	#urls = $state<Record<string, string>>({});
	#missing = $state<Record<string, true>>({});
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- bytes and asks are not rendered
	readonly #blobs = new Map<string, Blob>();
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- see above
	readonly #asked = new Set<string>();
	readonly #load: (id: string) => Promise<Blob | undefined>;

	constructor(load: (id: string) => Promise<Blob | undefined>) {
		this.#load = load;
	}

	/** The file's URL; undefined until its bytes are read (asking starts the read). */
	url(id: string): string | undefined {
		if (!this.#asked.has(id)) {
			this.#asked.add(id);
			void this.#load(id).then(
				(blob) => (blob === undefined ? this.#gone(id) : this.keep(id, blob)),
				() => this.#gone(id)
			);
		}
		return this.#urls[id];
	}

	/** The bytes are not stored (any more). */
	missing(id: string): boolean {
		return this.#missing[id] === true;
	}

	/** The bytes, when this page already has them. */
	blobOf(id: string): Blob | undefined {
		return this.#blobs.get(id);
	}

	/** Bytes this page already has (a file just sent): no read from storage. */
	keep(id: string, blob: Blob): void {
		this.#asked.add(id);
		this.#blobs.set(id, blob);
		if (this.#urls[id] === undefined) this.#urls[id] = URL.createObjectURL(blob);
	}

	dispose(): void {
		for (const url of Object.values(this.#urls)) URL.revokeObjectURL(url);
		this.#urls = {};
		this.#blobs.clear();
	}

	#gone(id: string): void {
		this.#missing[id] = true;
	}
}
