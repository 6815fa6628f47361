/**
 * Views whose inline content referred to a label with no definition yet (a reference link, §6.3,
 * whose `[1]: https://…` comes later in the answer, or a footnote, `^label`). When a later snapshot brings that definition,
 * the view parses its content again, so that the page ends exactly as a one-shot render of the
 * whole text would (a definition counts once its paragraph has ended; until then the reference is
 * text).
 */
import type { LinkDefinitions } from '../core/link-reference.ts';
import type { FootnoteDefinitions } from '../core/model.ts';

export interface ReferenceWatcher {
	/** A label this view looked up is now defined: parse and show the content again. */
	refreshReferences(): void;
}

const NONE: LinkDefinitions = new Map();

export class ReferenceWatch {
	#definitions: LinkDefinitions = NONE;
	#seen = 0;
	/**
	 * The labels of `#definitions` in order. A Map's iterator also yields entries added after it was
	 * made, as long as it has not finished: it is advanced only by what is new, so that it never
	 * does, and each definition is looked at once.
	 */
	#labels: Iterator<string> = NONE.keys();
	#footnotes: FootnoteDefinitions = new Map();
	#footnotesSeen = 0;
	#footnoteLabels: Iterator<string> = this.#footnotes.keys();
	readonly #watchers = new Map<string, Set<ReferenceWatcher>>();

	get definitions(): LinkDefinitions {
		return this.#definitions;
	}

	/** `watcher`'s content looked up `labels` (normalised) and found nothing. */
	watch(labels: readonly string[], watcher: ReferenceWatcher): void {
		for (const label of labels) {
			let set = this.#watchers.get(label);
			if (set === undefined) this.#watchers.set(label, (set = new Set()));
			set.add(watcher);
		}
	}

	/**
	 * Takes the definitions of a new snapshot (the map only ever grows) and returns the views that
	 * waited for one of the new labels; they are forgotten until they ask again.
	 */
	update(definitions: LinkDefinitions, footnotes: FootnoteDefinitions): ReferenceWatcher[] {
		if (definitions !== this.#definitions) {
			this.#definitions = definitions;
			this.#labels = definitions.keys();
			this.#seen = 0;
		}
		if (footnotes !== this.#footnotes) {
			this.#footnotes = footnotes;
			this.#footnoteLabels = footnotes.keys();
			this.#footnotesSeen = 0;
		}
		const stale = new Set<ReferenceWatcher>();
		for (; this.#seen < definitions.size; this.#seen++) {
			const next: IteratorResult<string> = this.#labels.next();
			if (next.done !== true) this.#wake(next.value, stale);
		}
		for (; this.#footnotesSeen < footnotes.size; this.#footnotesSeen++) {
			const next: IteratorResult<string> = this.#footnoteLabels.next();
			if (next.done !== true) this.#wake(`^${next.value}`, stale);
		}
		return [...stale];
	}

	#wake(label: string, into: Set<ReferenceWatcher>): void {
		const waiting = this.#watchers.get(label);
		if (waiting === undefined) return;
		for (const watcher of waiting) into.add(watcher);
		this.#watchers.delete(label);
	}
}
